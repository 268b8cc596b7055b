import { z } from 'zod';
import { sentGameSchema } from './studio.ts';

// Export and import: GET /api/games/export/{gameId} gives this file; POST /api/games/import takes it
// and stores a new draft. The format is ours, versioned; its JSON schema is docs/game-export.schema.json.
export const GAME_EXPORT_FORMAT = 'streethunt-game';
/**
 * Version 3 carries each question's flow (`when`, `then`) and the game's `translations` (its texts in
 * the other language, by the content's ids; a version 3 file made before them has none); version 2 named each answer's kind (text,
 * number, choice, none, photo) with its fields; version 1 files (text answers only, no `kind`) still
 * import, read as text answers. Earlier versions have no flow: their questions play in the game's order.
 */
export const GAME_EXPORT_VERSION = 3;
export const GAME_EXPORT_VERSIONS_READ = [1, 2, 3] as const;
const exportFile = <V extends z.ZodType>(version: V) =>
  z.strictObject({
    format: z.literal(GAME_EXPORT_FORMAT),
    version,
    exportedAt: z.string(),
    // Question and hint ids are kept when present; a file made before ids has none, and the import gives them.
    game: sentGameSchema,
  });
/** The file the export writes (its JSON Schema is docs/game-export.schema.json). */
export const gameExportSchema = exportFile(z.literal(GAME_EXPORT_VERSION));
export type GameExport = z.infer<typeof gameExportSchema>;
/** What the import reads: the current version or an earlier one. */
export const gameImportSchema = exportFile(z.union(GAME_EXPORT_VERSIONS_READ.map((v) => z.literal(v))));
