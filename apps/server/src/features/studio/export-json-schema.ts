import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { GAME_EXPORT_FORMAT, GAME_EXPORT_VERSION, gameExportSchema } from '@streethunt/shared';

/** Where the export format's JSON schema is published in the repo (docs/game-export.md describes it). */
export const EXPORT_SCHEMA_PATH = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../docs/game-export.schema.json');

/** Rewrites docs/game-export.schema.json from the zod schema (the test beside this file fails until it is run). */
export const REGENERATE_EXPORT_SCHEMA = 'npx tsx apps/server/src/features/studio/write-export-schema.ts';

/**
 * The JSON schema of the export file, made from the very zod schema import reads it with
 * (`io: 'input'`: what a file may hold, before the import's own conversions), as the file's text.
 */
export function gameExportJsonSchemaText(): string {
  const generated = z.toJSONSchema(gameExportSchema, { io: 'input' });
  const { $schema, ...rest } = generated;
  const described = {
    $schema,
    title: `StreetHunt game export, version ${GAME_EXPORT_VERSION}`,
    description: `A game exported from StreetHunt (format "${GAME_EXPORT_FORMAT}"); see docs/game-export.md. Generated from packages/shared/src/schemas/studio.ts: do not edit by hand.`,
    ...rest,
  };
  return `${JSON.stringify(described, null, 2)}\n`;
}
