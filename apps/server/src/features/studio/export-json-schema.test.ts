import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { EXPORT_SCHEMA_PATH, gameExportJsonSchemaText, REGENERATE_EXPORT_SCHEMA } from './export-json-schema.ts';

describe('docs/game-export.schema.json', () => {
  it('is what the export schema generates', async () => {
    const committed = await readFile(EXPORT_SCHEMA_PATH, 'utf8').catch(() => '');
    expect(committed, `docs/game-export.schema.json is missing or out of date; regenerate it with: ${REGENERATE_EXPORT_SCHEMA}`).toBe(gameExportJsonSchemaText());
  });

  it('describes the file: its format, version and strict game', () => {
    const schema = JSON.parse(gameExportJsonSchemaText());
    expect(schema).toMatchObject({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      required: ['format', 'version', 'exportedAt', 'game'],
      additionalProperties: false,
      properties: { format: { const: 'streethunt-game' }, version: { const: 2 } },
    });
    expect(schema.properties.game).toMatchObject({ additionalProperties: false, required: ['metadata', 'introPage', 'questions', 'gameoverPage'] });
  });
});
