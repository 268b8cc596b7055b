import { z } from 'zod';

/**
 * GET /api/games/presence-codes/{gameId}, the owner's (or an admin's): the spot code of every question
 * of the saved game, to print on its QR sign (game/presence.ts). `gameId` is the game the signs' link
 * opens: the listed game for the draft of its next version.
 */
export const presenceCodesReplySchema = z.object({
  data: z.object({
    gameId: z.string(),
    codes: z.array(z.object({ questionId: z.string(), code: z.string() })),
  }),
});
export type PresenceCodesReply = z.infer<typeof presenceCodesReplySchema>;
