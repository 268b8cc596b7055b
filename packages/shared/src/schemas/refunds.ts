import { z } from 'zod';
import { REFUND_REFUSALS } from '../money/refunds.ts';
import { lineText } from './common.ts';

/** The admin's refunds screen: purchases found by buyer, code or id, and refunding an unused one. */

const agorot = z.number().int();

/** A provider refund's state (features/refunds): see AdminPurchase.providerRefund. */
const REFUND_STATES = ['pending', 'sent', 'done', 'failed'] as const;
export type RefundState = (typeof REFUND_STATES)[number];
/** Who asked for it: an admin's refund (the fee kept) or the buyer's cancellation (the whole amount). */
const REFUND_KINDS = ['admin', 'cancellation'] as const;
export type RefundKind = (typeof REFUND_KINDS)[number];

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
  /**
   * The money's way back through the payment provider, once the purchase is refunded or cancelled:
   * pending (not yet accepted by the provider: retried), sent (accepted, its confirmation awaited),
   * done, or failed (out of retries: to be repaid from the provider's dashboard). Absent before.
   */
  providerRefund: z
    .object({
      status: z.enum(REFUND_STATES),
      kind: z.enum(REFUND_KINDS),
      amount: agorot,
      attempts: z.number().int(),
      /** The provider's own id of the refund, once it gave one. */
      providerRef: z.string().nullable(),
    })
    .optional(),
  /** What a refund now would do: the amount back and kept, or why not. */
  refund: z.union([
    z.object({ ok: z.literal(true), refund: agorot, kept: agorot }),
    z.object({ ok: z.literal(false), reason: z.enum([...REFUND_REFUSALS, 'not_paid']) }),
  ]),
});
export type AdminPurchase = z.infer<typeof adminPurchaseSchema>;
export const adminPurchasesReplySchema = z.object({ data: z.array(adminPurchaseSchema) });
export const adminPurchaseReplySchema = z.object({ data: adminPurchaseSchema });

// POST /api/purchases/{id}/cancel: the buyer cancels (DESIGN.md section 15), signed in as the buyer or
// with the payment page's token or the receipt email's cancel link's token.
export const cancelPurchaseRequestSchema = z.strictObject({ token: lineText().trim().min(8).max(256).optional() });
/** The purchase as its buyer sees it once cancelled. */
export const cancelPurchaseReplySchema = z.object({
  data: z.object({
    _id: z.string(),
    status: z.enum(['pending', 'paid', 'declined', 'refunded']),
    /** Agorot back to the buyer: the whole amount. */
    refundAmount: agorot,
    refundedAt: z.string(),
    /** The provider refund's state (pending: it is retried until the provider takes it). */
    refundState: z.enum(REFUND_STATES),
  }),
});
export type CancelPurchaseReply = z.infer<typeof cancelPurchaseReplySchema>;

// GET /api/account/purchases: the signed-in buyer's own purchases, newest first, each with whether it may
// still be cancelled (POST /api/purchases/{id}/cancel with the session) and until when.
const ownPurchaseSchema = z.object({
  _id: z.string(),
  gameId: z.string(),
  gameName: z.string(),
  /** Agorot paid. */
  amount: agorot,
  status: z.enum(['paid', 'refunded']),
  paidAt: z.string().nullable(),
  /** The game's code; null for an event bought for many teams (its codes are in its control room). */
  code: z.string().nullable(),
  eventId: z.string().optional(),
  refundAmount: agorot.nullable(),
  cancellable: z.boolean(),
  /** ISO time: the end of the 14 days. */
  cancelBefore: z.string().nullable(),
});
export type OwnPurchase = z.infer<typeof ownPurchaseSchema>;
export const ownPurchasesReplySchema = z.object({ data: z.array(ownPurchaseSchema) });
