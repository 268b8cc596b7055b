import type { FinanceReport } from '@streethunt/shared';

/**
 * A report over January to March 2026, by the terms' split of a 100 ILS game (VAT 18%: 15.25 VAT,
 * 30 commission, 8.48 to an affiliate): two sales of the user's game in January (one with a code), one
 * in March, and one purchase of another builder's game with the user's code, paid at 00:30 on March 1st
 * in Israel (still February 28th in UTC). January's 101.02 was paid; March's 63.23 is under the minimum.
 */
export const REPORT: FinanceReport = {
  currency: 'ILS',
  from: '2026-01',
  to: '2026-03',
  payoutMinimum: 10000,
  builderSales: [
    { month: '2026-01', gameId: 'g1', gameName: 'סודות נווה צדק, "המקורי"', count: 2, gross: 20000, vat: 3050, commission: 6000, affiliateShares: 848, net: 10102 },
    { month: '2026-03', gameId: 'g2', gameName: 'Jaffa Port Hunt', count: 1, gross: 10000, vat: 1525, commission: 3000, affiliateShares: 0, net: 5475 },
  ],
  affiliateSales: [
    { month: '2026-03', purchaseId: 'p1', paidAt: '2026-02-28T22:30:00.000Z', gameId: 'g3', gameName: 'Tel Aviv Nights', price: 10000, exVat: 8475, share: 848 },
  ],
  statement: [
    { month: '2026-01', carriedIn: 0, earned: 10102, due: 10102, payable: 10102, rolledOver: 0, paid: 10102, balance: 0, dueDate: '2026-02-28' },
    { month: '2026-02', carriedIn: 0, earned: 0, due: 0, payable: 0, rolledOver: 0, paid: 0, balance: 0, dueDate: '2026-03-31' },
    { month: '2026-03', carriedIn: 0, earned: 6323, due: 6323, payable: 0, rolledOver: 6323, paid: 0, balance: 6323, dueDate: '2026-04-30' },
  ],
};

/** The same months without a sale: only the statement, all zeros. */
export const EMPTY_REPORT: FinanceReport = {
  ...REPORT,
  builderSales: [],
  affiliateSales: [],
  statement: REPORT.statement.map((row) => ({ ...row, carriedIn: 0, earned: 0, due: 0, payable: 0, rolledOver: 0, paid: 0, balance: 0 })),
};
