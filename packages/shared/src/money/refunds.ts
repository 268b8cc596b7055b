import { assertAgorot, percentOf } from './rounding.ts';

// Refunds (spec section 9, 'Terms'): within 14 days of the purchase if the code was never activated;
// transaction fees of 10 ILS or 5%, whichever is higher, are kept.

const REFUND_WINDOW_DAYS = 14;
/** The fee kept on a refund: at least 10 ILS (agorot)... */
const REFUND_KEEP_MIN = 1000;
/** ...or 5% of the price when that is more. */
const REFUND_KEEP_PERCENT = 5;

export const REFUND_REFUSALS = ['code_used', 'free', 'too_late', 'nothing_to_refund'] as const;
type RefundRefusal = (typeof REFUND_REFUSALS)[number];

export type RefundQuote = { ok: true; refund: number; kept: number } | { ok: false; reason: RefundRefusal };

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Whether a purchase can be refunded now and how much goes back. Reasons are checked in this order:
 * a used code (the game was played), a free game, the 14 days, then a price the fee swallows whole
 * (10 ILS or less), which refunds nothing and so is refused rather than recorded as a refund of 0.
 */
export function refundQuote(input: { price: number; paidAt: Date | string; now: Date; codeActivated: boolean }): RefundQuote {
  assertAgorot(input.price, 'price');
  const paidAt = typeof input.paidAt === 'string' ? new Date(input.paidAt) : input.paidAt;
  if (Number.isNaN(paidAt.getTime()) || Number.isNaN(input.now.getTime())) throw new RangeError('paidAt and now must be valid dates');

  if (input.codeActivated) return { ok: false, reason: 'code_used' };
  if (input.price === 0) return { ok: false, reason: 'free' };
  // Exactly 14 days after the payment is still inside the window.
  if (input.now.getTime() - paidAt.getTime() > REFUND_WINDOW_DAYS * DAY_MS) return { ok: false, reason: 'too_late' };
  const kept = Math.min(input.price, Math.max(REFUND_KEEP_MIN, percentOf(input.price, REFUND_KEEP_PERCENT)));
  const refund = input.price - kept;
  if (refund === 0) return { ok: false, reason: 'nothing_to_refund' };
  return { ok: true, refund, kept };
}

/** The last moment a purchase paid at `paidAt` can be cancelled or refunded: 14 days later, inclusive. */
export function refundDeadline(paidAt: Date | string): Date {
  const paid = typeof paidAt === 'string' ? new Date(paidAt) : paidAt;
  if (Number.isNaN(paid.getTime())) throw new RangeError('paidAt must be a valid date');
  return new Date(paid.getTime() + REFUND_WINDOW_DAYS * DAY_MS);
}

type CancellationRefusal = 'code_used' | 'free' | 'too_late';

export type CancellationQuote = { ok: true; refund: number; deadline: Date } | { ok: false; reason: CancellationRefusal; deadline: Date };

/**
 * The buyer's own cancellation of a distance sale (Israel's consumer protection rules, DESIGN.md
 * section 15): within the same 14 days as a refund and while no paid question was started, the whole
 * price comes back, no fee kept. After that only the admin's refund (refundQuote) is left. Reasons
 * in refundQuote's order: a used code, a free game, then the 14 days.
 */
export function cancellationQuote(input: { price: number; paidAt: Date | string; now: Date; codeUsed: boolean }): CancellationQuote {
  assertAgorot(input.price, 'price');
  const deadline = refundDeadline(input.paidAt);
  if (Number.isNaN(input.now.getTime())) throw new RangeError('now must be a valid date');
  if (input.codeUsed) return { ok: false, reason: 'code_used', deadline };
  if (input.price === 0) return { ok: false, reason: 'free', deadline };
  if (input.now.getTime() > deadline.getTime()) return { ok: false, reason: 'too_late', deadline };
  return { ok: true, refund: input.price, deadline };
}
