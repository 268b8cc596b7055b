import { describe, expect, it } from 'vitest';
import { affiliateTotals, builderTotals, earningsByMonth, hasNoSales, reportSummary } from './report-figures.ts';
import { EMPTY_REPORT, REPORT } from './test-data.ts';

describe("the report's figures", () => {
  it('totals the builder and affiliate tables', () => {
    expect(builderTotals(REPORT.builderSales)).toEqual({ count: 3, gross: 30000, vat: 4575, commission: 9000, affiliateShares: 848, net: 15577 });
    expect(affiliateTotals(REPORT.affiliateSales)).toEqual({ price: 10000, exVat: 8475, share: 848 });
    expect(builderTotals([])).toEqual({ count: 0, gross: 0, vat: 0, commission: 0, affiliateShares: 0, net: 0 });
  });

  it('sums the months: earned, paid, the balance after the last, and a next payout that rolls over under the minimum', () => {
    expect(reportSummary(REPORT)).toEqual({
      earned: 16425,
      paid: 10102,
      balance: 6323,
      balanceMonth: '2026-03',
      next: { kind: 'rollsOver', amount: 6323, minimum: 10000 },
    });
  });

  it('names the payout and its date once the last month reaches the minimum, and none when nothing is due', () => {
    const statement = [{ ...REPORT.statement[2], earned: 12000, due: 12000, payable: 12000, rolledOver: 0, balance: 12000 }];
    expect(reportSummary({ ...REPORT, statement }).next).toEqual({ kind: 'payable', amount: 12000, dueDate: '2026-04-30' });
    expect(reportSummary(EMPTY_REPORT).next).toEqual({ kind: 'none' });
    expect(reportSummary({ ...REPORT, statement: [] })).toMatchObject({ balance: 0, balanceMonth: null, next: { kind: 'none' } });
  });

  it('gives every month of the range its earnings as builder and as affiliate, empty months as zeros', () => {
    expect(earningsByMonth(REPORT)).toEqual([
      { month: '2026-01', builder: 10102, affiliate: 0 },
      { month: '2026-02', builder: 0, affiliate: 0 },
      { month: '2026-03', builder: 5475, affiliate: 848 },
    ]);
  });

  it('knows a report without sales', () => {
    expect(hasNoSales(REPORT)).toBe(false);
    expect(hasNoSales(EMPTY_REPORT)).toBe(true);
  });
});
