import { describe, expect, it } from 'vitest';
import { cancellationQuote, refundDeadline, refundQuote } from './refunds.ts';

const DAY = 24 * 60 * 60 * 1000;
const paidAt = new Date('2026-03-01T10:00:00Z');
const after = (ms: number) => new Date(paidAt.getTime() + ms);
const deadline = new Date('2026-03-15T10:00:00Z');

describe('cancellationQuote', () => {
  it('gives the whole price back, no fee kept, with the deadline', () => {
    expect(cancellationQuote({ price: 4500, paidAt, now: after(DAY), codeUsed: false })).toEqual({ ok: true, refund: 4500, deadline });
    // A price the refund's fee would swallow whole still comes back whole.
    expect(cancellationQuote({ price: 800, paidAt, now: after(DAY), codeUsed: false })).toEqual({ ok: true, refund: 800, deadline });
    expect(refundQuote({ price: 800, paidAt, now: after(DAY), codeActivated: false }).ok).toBe(false);
  });

  it('allows exactly 14 days, not a millisecond more, as the refund does', () => {
    expect(cancellationQuote({ price: 4500, paidAt, now: after(14 * DAY), codeUsed: false }).ok).toBe(true);
    expect(cancellationQuote({ price: 4500, paidAt: paidAt.toISOString(), now: after(14 * DAY + 1), codeUsed: false })).toEqual({ ok: false, reason: 'too_late', deadline });
    expect(refundQuote({ price: 4500, paidAt, now: after(14 * DAY + 1), codeActivated: false })).toMatchObject({ ok: false, reason: 'too_late' });
  });

  it('refuses a used code first, then a free game', () => {
    expect(cancellationQuote({ price: 4500, paidAt, now: after(30 * DAY), codeUsed: true })).toEqual({ ok: false, reason: 'code_used', deadline });
    expect(cancellationQuote({ price: 0, paidAt, now: after(DAY), codeUsed: false })).toEqual({ ok: false, reason: 'free', deadline });
  });

  it('refuses bad input', () => {
    expect(() => cancellationQuote({ price: 45.5, paidAt, now: after(DAY), codeUsed: false })).toThrow(RangeError);
    expect(() => cancellationQuote({ price: 4500, paidAt: 'yesterday', now: after(DAY), codeUsed: false })).toThrow(RangeError);
    expect(() => refundDeadline('not a date')).toThrow(RangeError);
  });
});
