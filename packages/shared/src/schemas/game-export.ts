import { z } from 'zod';
import { sentGameSchema } from './studio.ts';

// Export and import: GET /api/games/export/{gameId} gives this file; POST /api/games/import takes it
// and stores a new draft. The format is ours, versioned; its JSON schema is docs/game-export.schema.json.
export const GAME_EXPORT_FORMAT = 'streethunt-game';
export const GAME_EXPORT_VERSION = 1;
export const gameExportSchema = z.strictObject({
  format: z.literal(GAME_EXPORT_FORMAT),
  version: z.literal(GAME_EXPORT_VERSION),
  exportedAt: z.string(),
  // Question and hint ids are kept when present; a file made before ids has none, and the import gives them.
  game: sentGameSchema,
});
export type GameExport = z.infer<typeof gameExportSchema>;
