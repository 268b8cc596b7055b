import { z } from 'zod';
import { gameExportSchema } from './game-export.ts';

// POST /api/games/import/read: a file in an open format (GPX, KML, KMZ, geo-tales) read into a game,
// shown to the creator before anything is saved; the game then goes to POST /api/games/import as our
// own export file. The mapping of each format is docs/open-formats.md.
const OPEN_FORMATS = ['gpx', 'kml', 'kmz', 'geo-tales'] as const;
export type OpenFormat = (typeof OPEN_FORMATS)[number];

/** The largest file read (bytes); a KMZ is also held to what it expands to. */
export const MAX_OPEN_FORMAT_BYTES = 5 * 1024 * 1024;

/** The largest JSON body the API takes (bytes): a save, and our own export file sent to be imported. */
export const MAX_JSON_BODY_BYTES = 1024 * 1024;

/**
 * What a file holds that the game cannot keep, so the creator is told before saving:
 * - `branching`: screens that lead back to one already shown (a game shows each question once), more
 *   than one ending, screens never reached; a branch itself is kept, as a flow;
 * - `choicePoints`: points per choice that no rule adds (outside a branch a choice is right or wrong);
 * - `media`: images, video or audio linked from elsewhere (a game shows only media uploaded here);
 * - `scripts`: scripts, event handlers or `javascript:` links in descriptions (removed);
 * - `tracks`: GPX tracks and KML lines (a path, not stops);
 * - `circles`: circle areas drawn as polygons (a point's area is a fixed 30 m circle);
 * - `unnamed`: points without a name or a description (kept, with empty content).
 */
const NOT_CARRIED = ['branching', 'choicePoints', 'media', 'scripts', 'tracks', 'circles', 'unnamed'] as const;
export type NotCarriedKind = (typeof NOT_CARRIED)[number];

const importSummarySchema = z.object({
  format: z.enum(OPEN_FORMATS),
  name: z.string(),
  stops: z.number().int().min(0),
  start: z.boolean(),
  areas: z.object({ point: z.number().int().min(0), polygon: z.number().int().min(0) }),
  answers: z.object({ text: z.number().int().min(0), number: z.number().int().min(0), choice: z.number().int().min(0), none: z.number().int().min(0) }),
  hints: z.number().int().min(0),
});
export type ImportSummary = z.infer<typeof importSummarySchema>;

const notCarriedSchema = z.object({
  kind: z.enum(NOT_CARRIED),
  count: z.number().int().min(1),
  /** The first few places it happened: stop names or screen ids. */
  where: z.array(z.string()).max(10),
});
export type NotCarried = z.infer<typeof notCarriedSchema>;

export const importReadReplySchema = z.object({
  data: z.object({ file: gameExportSchema, summary: importSummarySchema, notCarried: z.array(notCarriedSchema) }),
});
export type ImportReadReply = z.infer<typeof importReadReplySchema>;
