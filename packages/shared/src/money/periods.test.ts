import { describe, expect, it } from 'vitest';
import { addMonths, isMonth, MONTH_RANGE, monthOf, monthSchema, monthsBetween, nextMonth, payoutDueDate } from './periods.ts';

describe('months in Israel time', () => {
  it('a moment belongs to its month in Israel, not in UTC', () => {
    expect(monthOf('2026-03-31T22:30:00Z')).toBe('2026-04'); // 01:30 on 1 April, summer time (UTC+3)
    expect(monthOf(new Date('2026-01-31T21:59:59Z'))).toBe('2026-01'); // 23:59:59, winter time (UTC+2)
    expect(monthOf(new Date('2026-01-31T22:00:00Z'))).toBe('2026-02');
    expect(monthOf('2026-12-31T22:30:00Z')).toBe('2027-01');
    expect(monthOf('2026-03-31T22:30:00Z', 'UTC')).toBe('2026-03');
    expect(() => monthOf('not a date')).toThrow(RangeError);
  });

  it('the payout is due on the last day of the following month', () => {
    expect(payoutDueDate('2026-01')).toBe('2026-02-28');
    expect(payoutDueDate('2024-01')).toBe('2024-02-29');
    expect(payoutDueDate('2100-01')).toBe('2100-02-28');
    expect(payoutDueDate('2000-01')).toBe('2000-02-29');
    expect(payoutDueDate('2026-03')).toBe('2026-04-30');
    expect(payoutDueDate('2026-12')).toBe('2027-01-31');
  });

  it('steps and lists months', () => {
    expect(nextMonth('2026-09')).toBe('2026-10');
    expect(nextMonth('2026-12')).toBe('2027-01');
    expect(monthsBetween('2025-11', '2026-02')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(monthsBetween('2026-02', '2026-02')).toEqual(['2026-02']);
    expect(monthsBetween('2026-03', '2026-02')).toEqual([]);
    expect(() => monthsBetween('2026-3', '2026-04')).toThrow(RangeError);
  });

  it('validates a month', () => {
    expect(isMonth('2026-04')).toBe(true);
    for (const bad of ['2026-4', '2026-00', '2026-13', '26-04', '2026-04-01', ' 2026-04', 202604, null]) {
      expect(isMonth(bad)).toBe(false);
    }
    expect(monthSchema.parse('2026-12')).toBe('2026-12');
    expect(monthSchema.safeParse('2026-13').success).toBe(false);
  });

  it('takes only months whose neighbours are months too (2000-01 to 2999-12), so a request cannot reach a RangeError', () => {
    for (const edge of [MONTH_RANGE.first, MONTH_RANGE.last]) {
      expect(monthSchema.parse(edge)).toBe(edge);
      // What the reports and payouts compute from a month they were given.
      expect(isMonth(addMonths(edge, -120))).toBe(true);
      expect(isMonth(addMonths(edge, 120))).toBe(true);
      expect(payoutDueDate(edge)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    // Found by the route fuzzer: GET /api/payouts?month=9999-12 answered 500 (its due date is in '10000-01').
    for (const bad of ['9999-12', '3000-01', '1999-12', '0000-01', '0001-01']) expect(monthSchema.safeParse(bad).success).toBe(false);
  });
});

describe('addMonths', () => {
  it('moves months across years, both ways', () => {
    expect([addMonths('2026-01', -1), addMonths('2025-12', 1), addMonths('2026-05', -11), addMonths('2026-05', -59), addMonths('2026-05', 0)]).toEqual([
      '2025-12',
      '2026-01',
      '2025-06',
      '2021-06',
      '2026-05',
    ]);
    expect(() => addMonths('2026-13', 1)).toThrow(RangeError);
  });
});
