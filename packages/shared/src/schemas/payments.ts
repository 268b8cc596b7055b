import { z } from 'zod';
import { emailSchema, lineText, nameSchema, phoneSchema } from './common.ts';

// The payments feature's calls (spec section 7): buying a code.

// POST /api/payment/get-url/{gameId}
export const paymentUrlRequestSchema = z.object({
  fullName: nameSchema,
  email: emailSchema,
  phone: phoneSchema,
  /** This phone's trial code of the game (POST /api/trials): once paid, the trial play becomes the bought play, progress kept. */
  trialCode: lineText().trim().min(1).max(40).optional(),
});
export type PaymentUrlRequest = z.infer<typeof paymentUrlRequestSchema>;
export const paymentUrlReplySchema = z.object({ data: z.object({ URL: z.string() }) });
export type PaymentUrlReply = z.infer<typeof paymentUrlReplySchema>;

// POST /api/payment/checkToken
export const checkTokenRequestSchema = z.object({ token: lineText().trim().min(8).max(256) });
// A game's code; or, for an event bought for many teams, the event (its codes are in its control room).
/**
 * Whether the buyer may still cancel (DESIGN.md section 15: POST /api/purchases/{purchaseId}/cancel
 * with this page's token): within 14 days (`cancelBefore`, ISO time) and while the code is unused.
 */
const cancellation = {
  purchaseId: z.string().optional(),
  cancellable: z.boolean().optional(),
  cancelBefore: z.string().optional(),
};
export const checkTokenReplySchema = z.object({
  data: z.union([
    z.object({ gameId: z.string(), secretCode: z.string(), ...cancellation }),
    z.object({ gameId: z.string(), eventId: z.string(), ...cancellation }),
  ]),
});
export type CheckTokenReply = z.infer<typeof checkTokenReplySchema>;
