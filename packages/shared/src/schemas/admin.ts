import { z } from 'zod';
import { CODE_PREFIX_MAX } from '../game/code.ts';
import { lineText, multilineText } from './common.ts';
import { GAME_STATUSES, listedGameMetadataSchema } from './game.ts';

/** The admin's calls on games (spec sections 2, 5 and 7). */

/** One game in the admin's tables (GET /api/games/pending-games, GET /api/games/all-games). */
const adminGameSchema = z.object({
  _id: z.string(),
  userId: z.string(),
  status: z.enum(GAME_STATUSES),
  metadata: listedGameMetadataSchema,
  updatedAt: z.string(),
  /** The saved version the row shows: the admin's approval names it (POST /api/games/approve/{gameId}). */
  version: z.number().int(),
  /** Why an admin last sent it back or took it off the list; null once approved. */
  reviewNote: z.string().nullable(),
  creator: z.object({ firstName: z.string(), lastName: z.string(), email: z.string() }),
});
export type AdminGame = z.infer<typeof adminGameSchema>;
export const adminGamesReplySchema = z.object({ data: z.array(adminGameSchema) });
export type AdminGamesReply = z.infer<typeof adminGamesReplySchema>;

/**
 * POST /api/games/approve/{gameId}: none, as the spec has it (the version sent to approval is
 * approved), or the version of the game the admin reviewed. Either way a game saved since is refused
 * with 409 conflict and the current version, so an admin never publishes content they did not see.
 */
export const approveGameRequestSchema = z
  .strictObject({
    version: z.number().int().min(1).optional(),
  })
  .nullish();
export type ApproveGameRequest = z.infer<typeof approveGameRequestSchema>;

export const REVIEW_REASON_MIN = 5;
export const REVIEW_REASON_MAX = 1000;

/** POST /api/games/send-back/{gameId} and POST /api/games/unpublish/{gameId}: why, emailed and shown to the creator. */
export const reviewReasonRequestSchema = z.strictObject({
  reason: multilineText().trim().min(REVIEW_REASON_MIN).max(REVIEW_REASON_MAX),
});

export const GENERATE_CODES_MAX = 500;

/** Letters and digits only (players type it), stored upper-case; no trimming, so a space is refused rather than hidden. */
export const codePrefixSchema = lineText()
  .max(CODE_PREFIX_MAX)
  .regex(/^[A-Za-z0-9]*$/, 'may have only the letters A-Z and digits')
  .transform((prefix) => prefix.toUpperCase());

/**
 * How many codes: a JSON integer, or (the spec's client sends its text field as is) a string of
 * digits without a leading zero; 1..GENERATE_CODES_MAX either way.
 */
export const codeQtySchema = z
  .union([z.number(), lineText()], { error: 'must be a whole number' })
  .transform((value, ctx) => {
    if (typeof value === 'number') return value;
    if (!/^[1-9][0-9]*$/.test(value)) {
      ctx.addIssue({ code: 'custom', message: 'must be a whole number without a leading zero' });
      return z.NEVER;
    }
    return Number(value);
  })
  .pipe(z.number().int('must be a whole number').min(1).max(GENERATE_CODES_MAX));

/** POST /api/games/generate-codes/{gameId}: spec names, `code` is the prefix (may be empty). */
export const generateCodesRequestSchema = z.strictObject({
  code: codePrefixSchema.default(''),
  qty: codeQtySchema,
});

/** The spec reads data.data (the codes); batchId names the recorded batch. */
export const generateCodesReplySchema = z.object({
  data: z.object({ data: z.array(z.string()), batchId: z.string() }),
});
export type GenerateCodesReply = z.infer<typeof generateCodesReplySchema>;

/** GET /api/games/code-batches/{gameId}: each batch made for the game, newest first, with its codes. */
const codeBatchSchema = z.object({
  _id: z.string(),
  gameId: z.string(),
  count: z.number().int(),
  prefix: z.string(),
  createdAt: z.string(),
  createdBy: z.object({ _id: z.string(), firstName: z.string(), lastName: z.string(), email: z.string() }),
  codes: z.array(z.string()),
});
export type CodeBatch = z.infer<typeof codeBatchSchema>;
export const codeBatchesReplySchema = z.object({ data: z.array(codeBatchSchema) });
export type CodeBatchesReply = z.infer<typeof codeBatchesReplySchema>;
