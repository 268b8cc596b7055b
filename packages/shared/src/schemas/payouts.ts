import { z } from 'zod';
import { monthSchema } from '../money/periods.ts';
import { idSchema, lineText, multilineText } from './common.ts';

/** The admin's payouts screen: the month's payouts due and the payouts ledger (refunds: ./refunds.ts). */

const agorot = z.number().int();

export const payoutsMonthQuerySchema = z.object({ month: monthSchema });

const bankDetailsSchema = z.object({
  accountHolder: z.string(),
  idNumber: z.string(),
  bankName: z.string(),
  bankNumber: z.string(),
  branchNumber: z.string(),
  accountNumber: z.string(),
});

/** One builder's or affiliate's line of a month (GET /api/payouts?month=): the statement row and where to pay. */
const payoutDueRowSchema = z.object({
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

const payoutEntrySchema = z.object({
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
