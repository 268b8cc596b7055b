import { z } from 'zod';
import { monthSchema } from '../money/periods.ts';
import { REFUND_REFUSALS } from '../money/refunds.ts';
import { idSchema, lineText, multilineText } from './common.ts';

/** The admin's money screens (issue 10 item 5): the month's payouts, the payouts ledger, refunds. */

const agorot = z.number().int();

export const payoutsMonthQuerySchema = z.object({ month: monthSchema });
export type PayoutsMonthQuery = z.infer<typeof payoutsMonthQuerySchema>;

const bankDetailsSchema = z.object({
  accountHolder: z.string(),
  idNumber: z.string(),
  bankName: z.string(),
  bankNumber: z.string(),
  branchNumber: z.string(),
  accountNumber: z.string(),
});

/** One builder's or affiliate's line of a month (GET /api/payouts?month=): the statement row and where to pay. */
export const payoutDueRowSchema = z.object({
  userId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  /** This month's earnings as a builder and as an affiliate. */
  builderEarned: agorot,
  affiliateEarned: agorot,
  carriedIn: agorot,
  due: agorot,
  payable: agorot,
  rolledOver: agorot,
  paid: agorot,
  balance: agorot,
  bank: bankDetailsSchema.nullable(),
});
export type PayoutDueRow = z.infer<typeof payoutDueRowSchema>;
export const payoutsDueReplySchema = z.object({
  data: z.object({ month: z.string(), dueDate: z.string(), payoutMinimum: agorot, rows: z.array(payoutDueRowSchema) }),
});
export type PayoutsDueReply = z.infer<typeof payoutsDueReplySchema>;

export const PAYOUT_AMOUNT_MAX = 100_000_000;

/**
 * POST /api/payouts: money paid to a user for a month's earnings, recorded once and never changed.
 * A mistake is corrected by another entry naming it (`correctsId`), which may be negative.
 */
export const recordPayoutRequestSchema = z.strictObject({
  userId: idSchema,
  period: monthSchema,
  amount: agorot.min(-PAYOUT_AMOUNT_MAX).max(PAYOUT_AMOUNT_MAX).refine((amount) => amount !== 0, 'must not be 0'),
  reference: lineText().trim().max(100).default(''),
  note: multilineText().trim().max(500).default(''),
  correctsId: idSchema.optional(),
});
export type RecordPayoutRequest = z.input<typeof recordPayoutRequestSchema>;

export const payoutEntrySchema = z.object({
  _id: z.string(),
  userId: z.string(),
  period: z.string(),
  amount: agorot,
  kind: z.enum(['payout', 'correction']),
  correctsId: z.string().nullable(),
  reference: z.string(),
  note: z.string(),
  recordedBy: z.object({ _id: z.string(), firstName: z.string(), lastName: z.string() }),
  createdAt: z.string(),
});
export type PayoutEntry = z.infer<typeof payoutEntrySchema>;
export const payoutEntryReplySchema = z.object({ data: payoutEntrySchema });
export const payoutEntriesReplySchema = z.object({ data: z.array(payoutEntrySchema) });

/** GET /api/purchases?q=: the latest purchases (by buyer email or name, code or id), with what a refund would give back. */
export const purchasesQuerySchema = z.object({ q: lineText().trim().max(100).optional() });
export const adminPurchaseSchema = z.object({
  _id: z.string(),
  gameId: z.string(),
  gameName: z.string(),
  fullName: z.string(),
  email: z.string(),
  amount: agorot,
  status: z.enum(['pending', 'paid', 'declined', 'refunded']),
  paidAt: z.string().nullable(),
  code: z.string().nullable(),
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
