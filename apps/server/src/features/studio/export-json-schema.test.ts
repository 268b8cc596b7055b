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
      properties: { format: { const: 'streethunt-game' }, version: { const: 3 } },
    });
    expect(schema.properties.game).toMatchObject({ additionalProperties: false, required: ['metadata', 'introPage', 'questions', 'gameoverPage'] });
  });

  it('describes a question’s flow: `when` is the recursive condition in $defs, `then` its rules', () => {
    const schema = JSON.parse(gameExportJsonSchemaText());
    const question = schema.properties.game.properties.questions.items;
    expect(question.properties.when).toEqual({ $ref: '#/$defs/flowCondition' });
    expect(question.properties.then).toMatchObject({ type: 'array', maxItems: 20 });
    const kinds = schema.$defs.flowCondition.anyOf.map((branch: { required: string[] }) => branch.required[0]);
    expect(kinds).toEqual(['done', 'skipped', 'chose', 'flag', 'scoreAtLeast', 'minutesAtLeast', 'all', 'any', 'not']);
    // The recursion points into the file itself: every $ref resolves.
    const refs = JSON.stringify(schema).match(/"\$ref":"[^"]*"/g) ?? [];
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs) expect(ref).toBe('"$ref":"#/$defs/flowCondition"');
  });
});
