import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nextMonth } from './periods.ts';
import { buildStatement, PAYOUT_MINIMUM } from './statement.ts';

describe('buildStatement', () => {
  it('rolls a balance under 100 ILS over, then pays it with the next month', () => {
    const rows = buildStatement([
      { month: '2026-02', earned: 5000, paid: 0 },
      { month: '2026-01', earned: 6000, paid: 0 },
    ]);
    expect(rows).toEqual([
      { month: '2026-01', carriedIn: 0, earned: 6000, due: 6000, payable: 0, rolledOver: 6000, paid: 0, balance: 6000, dueDate: '2026-02-28' },
      { month: '2026-02', carriedIn: 6000, earned: 5000, due: 11000, payable: 11000, rolledOver: 0, paid: 0, balance: 11000, dueDate: '2026-03-31' },
    ]);
  });

  it('a paid month leaves nothing owed, and months between are filled with zeros', () => {
    const rows = buildStatement([
      { month: '2026-01', earned: 12000, paid: 12000 },
      { month: '2026-03', earned: 2000, paid: 0 },
    ]);
    expect(rows.map((row) => [row.month, row.carriedIn, row.due, row.payable, row.rolledOver, row.balance])).toEqual([
      ['2026-01', 0, 12000, 12000, 0, 0],
      ['2026-02', 0, 0, 0, 0, 0],
      ['2026-03', 0, 2000, 0, 2000, 2000],
    ]);
  });

  it('a correction (a negative payout) shows again as owed', () => {
    const rows = buildStatement([
      { month: '2026-01', earned: 15000, paid: 15000 },
      { month: '2026-02', earned: 0, paid: -15000 },
    ]);
    expect(rows[1]).toMatchObject({ carriedIn: 0, due: 0, payable: 0, paid: -15000, balance: 15000 });
  });

  it('refunds above the earnings carry a negative balance, which is neither payable nor rolled over', () => {
    const rows = buildStatement([
      { month: '2026-01', earned: -3000, paid: 0 },
      { month: '2026-02', earned: 14000, paid: 0 },
    ]);
    expect(rows[0]).toMatchObject({ due: -3000, payable: 0, rolledOver: 0, balance: -3000 });
    expect(rows[1]).toMatchObject({ carriedIn: -3000, due: 11000, payable: 11000 });
  });

  it('exactly the minimum is payable', () => {
    expect(buildStatement([{ month: '2026-05', earned: PAYOUT_MINIMUM, paid: 0 }])[0]).toMatchObject({ payable: PAYOUT_MINIMUM, rolledOver: 0 });
    expect(buildStatement([{ month: '2026-05', earned: PAYOUT_MINIMUM - 1, paid: 0 }])[0]).toMatchObject({ payable: 0, rolledOver: PAYOUT_MINIMUM - 1 });
  });

  it('adds up two entries for one month, runs on to `until`, and refuses bad input', () => {
    expect(buildStatement([])).toEqual([]);
    const rows = buildStatement(
      [
        { month: '2026-01', earned: 4000, paid: 0 },
        { month: '2026-01', earned: 3000, paid: 0 },
      ],
      '2026-03',
    );
    expect(rows.map((row) => [row.month, row.due])).toEqual([
      ['2026-01', 7000],
      ['2026-02', 7000],
      ['2026-03', 7000],
    ]);
    expect(buildStatement([{ month: '2026-05', earned: 1, paid: 0 }], '2026-01')).toHaveLength(1);
    expect(() => buildStatement([{ month: '2026-5', earned: 0, paid: 0 }])).toThrow(RangeError);
    expect(() => buildStatement([{ month: '2026-05', earned: 0.5, paid: 0 }])).toThrow(RangeError);
  });

  it('the last balance is everything earned minus everything paid, and rows chain (property)', () => {
    const figures = fc.array(
      fc.record({
        offset: fc.integer({ min: 0, max: 30 }),
        earned: fc.integer({ min: -50_000, max: 500_000 }),
        paid: fc.integer({ min: -50_000, max: 500_000 }),
      }),
      { minLength: 1, maxLength: 20 },
    );
    fc.assert(
      fc.property(figures, (entries) => {
        const months = entries.map(({ offset, earned, paid }) => {
          let month = '2025-06';
          for (let i = 0; i < offset; i++) month = nextMonth(month);
          return { month, earned, paid };
        });
        const rows = buildStatement(months);
        const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
        expect(rows[rows.length - 1].balance).toBe(sum(months.map((m) => m.earned)) - sum(months.map((m) => m.paid)));
        rows.forEach((row, index) => {
          expect(row.carriedIn).toBe(index === 0 ? 0 : rows[index - 1].balance);
          if (index > 0) expect(row.month).toBe(nextMonth(rows[index - 1].month));
          expect(row.payable === 0 || row.rolledOver === 0).toBe(true);
          expect(row.payable + row.rolledOver).toBe(Math.max(row.due, 0));
        });
      }),
    );
  });
});
