import { isMonth, monthsBetween, payoutDueDate } from './periods.ts';

// A user's monthly account (spec section 9, 'Terms'): builder and affiliate earnings are paid at the end
// of the following month, and a balance under 100 ILS rolls over to the next month.

/** The smallest balance that is paid out (agorot); less waits for the next month. */
export const PAYOUT_MINIMUM = 10000;

/**
 * One month of a user's figures (agorot). earned: their builder and affiliate shares of that month's
 * sales, minus refunds; paid: the payouts recorded for that month, corrections (negative) included.
 */
export type MonthFigures = { month: string; earned: number; paid: number };

export type StatementRow = {
  month: string;
  /** Last month's balance. */
  carriedIn: number;
  earned: number;
  /** carriedIn + earned: what the user is owed for this month. */
  due: number;
  /** What is paid at dueDate: all of due once it reaches PAYOUT_MINIMUM, else nothing. */
  payable: number;
  /** A positive due under the minimum, which waits for the next month. */
  rolledOver: number;
  paid: number;
  /** due - paid, carried into the next month (payable but not yet paid stays owed). */
  balance: number;
  /** 'YYYY-MM-DD', the last day of the following month. */
  dueDate: string;
};

/**
 * The statement over consecutive months, from the first month given to the last (or to `until`, e.g.
 * the current month, when later), months without figures counting as zeros. Two entries for the same
 * month add up.
 */
export function buildStatement(months: MonthFigures[], until?: string): StatementRow[] {
  const byMonth = new Map<string, { earned: number; paid: number }>();
  for (const figures of months) {
    if (!isMonth(figures.month)) throw new RangeError(`Not a month (YYYY-MM): ${figures.month}`);
    if (!Number.isSafeInteger(figures.earned) || !Number.isSafeInteger(figures.paid)) {
      throw new RangeError(`Amounts must be whole agorot (month ${figures.month})`);
    }
    const sum = byMonth.get(figures.month) ?? { earned: 0, paid: 0 };
    byMonth.set(figures.month, { earned: sum.earned + figures.earned, paid: sum.paid + figures.paid });
  }
  if (until !== undefined && !isMonth(until)) throw new RangeError(`Not a month (YYYY-MM): ${until}`);
  const sorted = [...byMonth.keys()].sort();
  if (sorted.length === 0) return [];
  const first = sorted[0];
  const last = until !== undefined && until > sorted[sorted.length - 1] ? until : sorted[sorted.length - 1];

  const rows: StatementRow[] = [];
  let carriedIn = 0;
  for (const month of monthsBetween(first, last)) {
    const { earned, paid } = byMonth.get(month) ?? { earned: 0, paid: 0 };
    const due = carriedIn + earned;
    const payable = due >= PAYOUT_MINIMUM ? due : 0;
    const rolledOver = due > 0 && due < PAYOUT_MINIMUM ? due : 0;
    const balance = due - paid;
    rows.push({ month, carriedIn, earned, due, payable, rolledOver, paid, balance, dueDate: payoutDueDate(month) });
    carriedIn = balance;
  }
  return rows;
}
