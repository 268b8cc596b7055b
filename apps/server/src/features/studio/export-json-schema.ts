import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { flowConditionSchema, flowConditionShapeSchema, GAME_EXPORT_FORMAT, GAME_EXPORT_VERSION, gameExportSchema, MAX_CONDITION_DEPTH, MAX_CONDITIONS } from '@streethunt/shared';

/** Where the export format's JSON schema is published in the repo (docs/game-export.md describes it). */
export const EXPORT_SCHEMA_PATH = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../docs/game-export.schema.json');

const CONDITION_REF = '#/$defs/flowCondition';

/** Rewrites docs/game-export.schema.json from the zod schema (the test beside this file fails until it is run). */
export const REGENERATE_EXPORT_SCHEMA = 'npx tsx apps/server/src/features/studio/write-export-schema.ts';

/**
 * The JSON schema of the export file, made from the very zod schema import reads it with
 * (`io: 'input'`: what a file may hold, before the import's own conversions), as the file's text.
 */
export function gameExportJsonSchemaText(): string {
  const generated = z.toJSONSchema(gameExportSchema, {
    io: 'input',
    // A question's `when` is checked in zod by its size first, which JSON Schema cannot say: here it
    // names the condition's recursive shape, which this document (unlike the API's) can hold.
    override: (context) => {
      // The cast: zod types the visited schema as its own internal union, which a ZodType is one of at run time.
      if ((context.zodSchema as unknown) !== flowConditionSchema) return;
      for (const key of Object.keys(context.jsonSchema)) delete context.jsonSchema[key];
      Object.assign(context.jsonSchema, { $ref: CONDITION_REF });
    },
  });
  const { $schema, ...rest } = generated;
  const { $schema: _, ...condition } = z.toJSONSchema(flowConditionShapeSchema, { io: 'input' });
  const described = {
    $schema,
    title: `StreetHunt game export, version ${GAME_EXPORT_VERSION}`,
    description: `A game exported from StreetHunt (format "${GAME_EXPORT_FORMAT}"); see docs/game-export.md. Generated from packages/shared/src/schemas/studio.ts: do not edit by hand.`,
    ...rest,
    $defs: {
      flowCondition: {
        description: `A question's condition (docs/game-export.md): at most ${MAX_CONDITIONS} parts, nested at most ${MAX_CONDITION_DEPTH} deep.`,
        // The shape's own recursion ("#") is this definition once it sits in the file's $defs.
        ...(JSON.parse(JSON.stringify(condition).replaceAll('"$ref":"#"', `"$ref":"${CONDITION_REF}"`)) as object),
      },
    },
  };
  return `${JSON.stringify(described, null, 2)}\n`;
}
