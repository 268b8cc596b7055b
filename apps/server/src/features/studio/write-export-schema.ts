import { writeFileSync } from 'node:fs';
import { EXPORT_SCHEMA_PATH, gameExportJsonSchemaText } from './export-json-schema.ts';

// Run with: npx tsx apps/server/src/features/studio/write-export-schema.ts
writeFileSync(EXPORT_SCHEMA_PATH, gameExportJsonSchemaText());
console.log(`wrote ${EXPORT_SCHEMA_PATH}`);
