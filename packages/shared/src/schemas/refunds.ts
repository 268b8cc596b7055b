import { z } from 'zod';
import { REFUND_REFUSALS } from '../money/refunds.ts';
import { lineText } from './common.ts';

/** The admin's refunds screen: purchases found by buyer, code or id, and refunding an unused one. */

const agorot = z.number().int();

/** GET /api/purchases?q=: the latest purchases (by buyer email or name, code or id), with what a refund would give back. */
export const purchasesQuerySchema = z.object({ q: lineText().trim().max(100).optional() });
const adminPurchaseSchema = z.object({
  _id: z.string(),
  gameId: z.string(),
  gameName: z.string(),
  fullName: z.string(),
  email: z.string(),
  amount: agorot,
  status: z.enum(['pending', 'paid', 'declined', 'refunded']),
  paidAt: z.string().nullable(),
  code: z.string().nullable(),
  /** An event bought for many teams: its id (code is then null, and codeActivated says whether any team's code was used). */
  eventId: z.string().optional(),
  codeActivated: z.boolean(),
  refundedAt: z.string().nullable(),
  refundAmount: agorot.nullable(),
  /** What a refund now would do: the amount back and kept, or why not. */
  refund: z.union([
    z.object({ ok: z.literal(true), refund: agorot, kept: agorot }),
    z.object({ ok: z.literal(false), reason: z.enum([...REFUND_REFUSALS, 'not_paid']) }),
  ]),
});
export type AdminPurchase = z.infer<typeof adminPurchaseSchema>;
export const adminPurchasesReplySchema = z.object({ data: z.array(adminPurchaseSchema) });
export const adminPurchaseReplySchema = z.object({ data: adminPurchaseSchema });
