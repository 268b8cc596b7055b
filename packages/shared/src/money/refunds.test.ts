import { describe, expect, it } from 'vitest';
import { refundQuote } from './refunds.ts';

const DAY = 24 * 60 * 60 * 1000;
const paidAt = new Date('2026-03-01T10:00:00Z');
const after = (ms: number) => new Date(paidAt.getTime() + ms);

describe('refundQuote', () => {
  it('keeps 10 ILS or 5%, whichever is higher', () => {
    expect(refundQuote({ price: 4500, paidAt, now: after(DAY), codeActivated: false })).toEqual({ ok: true, refund: 3500, kept: 1000 });
    expect(refundQuote({ price: 30000, paidAt, now: after(DAY), codeActivated: false })).toEqual({ ok: true, refund: 28500, kept: 1500 });
    // 5% of 201.10 ILS is 10.055 -> 10.06 ILS.
    expect(refundQuote({ price: 20110, paidAt, now: after(DAY), codeActivated: false })).toEqual({ ok: true, refund: 19104, kept: 1006 });
  });

  it('refuses when the fee would keep the whole price', () => {
    expect(refundQuote({ price: 800, paidAt, now: after(DAY), codeActivated: false })).toEqual({ ok: false, reason: 'nothing_to_refund' });
    expect(refundQuote({ price: 1000, paidAt, now: after(DAY), codeActivated: false })).toEqual({ ok: false, reason: 'nothing_to_refund' });
    expect(refundQuote({ price: 1001, paidAt, now: after(DAY), codeActivated: false })).toEqual({ ok: true, refund: 1, kept: 1000 });
  });

  it('allows exactly 14 days, not a millisecond more', () => {
    expect(refundQuote({ price: 4500, paidAt, now: after(14 * DAY), codeActivated: false }).ok).toBe(true);
    expect(refundQuote({ price: 4500, paidAt: paidAt.toISOString(), now: after(14 * DAY + 1), codeActivated: false })).toEqual({
      ok: false,
      reason: 'too_late',
    });
  });

  it('refuses a used code first, then a free game', () => {
    expect(refundQuote({ price: 4500, paidAt, now: after(30 * DAY), codeActivated: true })).toEqual({ ok: false, reason: 'code_used' });
    expect(refundQuote({ price: 0, paidAt, now: after(DAY), codeActivated: true })).toEqual({ ok: false, reason: 'code_used' });
    expect(refundQuote({ price: 0, paidAt, now: after(DAY), codeActivated: false })).toEqual({ ok: false, reason: 'free' });
  });

  it('refuses bad input', () => {
    expect(() => refundQuote({ price: 45.5, paidAt, now: after(DAY), codeActivated: false })).toThrow(RangeError);
    expect(() => refundQuote({ price: 4500, paidAt: 'yesterday', now: after(DAY), codeActivated: false })).toThrow(RangeError);
  });
});
