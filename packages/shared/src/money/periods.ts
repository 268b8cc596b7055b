import { lineText } from '../schemas/common.ts';

// Money is counted per calendar month in Israel time (spec section 9: payouts at the end of the
// following month). A month is the text 'YYYY-MM', which sorts and compares as text.

const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

export function isMonth(text: unknown): text is string {
  return typeof text === 'string' && MONTH_PATTERN.test(text);
}

/**
 * The months a request may name: 2000-01 to 2999-12. A month's neighbours must be months too (a
 * report's default range starts 11 months before `to`, a payout is due the month after), and 9999-12's
 * next month '10000-01' is not one, so a wider range answered 500.
 */
export const MONTH_RANGE = { first: '2000-01', last: '2999-12' } as const;

/** A month in a query string or body, e.g. GET /api/reports?month=2026-04. */
export const monthSchema = lineText()
  .regex(MONTH_PATTERN, 'Expected a month as YYYY-MM')
  .regex(/^2\d{3}-/, `Expected a month from ${MONTH_RANGE.first} to ${MONTH_RANGE.last}`);

export const MONEY_TIME_ZONE = 'Asia/Jerusalem';

function parseMonth(month: string): { year: number; month: number } {
  if (!isMonth(month)) throw new RangeError(`Not a month (YYYY-MM): ${month}`);
  return { year: Number(month.slice(0, 4)), month: Number(month.slice(5, 7)) };
}

function formatMonth(year: number, month: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`;
}

// Building a DateTimeFormat is slow; reports call monthOf once per sale.
const formatters = new Map<string, Intl.DateTimeFormat>();
function monthFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit' });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The month a moment falls in, in Israel time: a sale at 2026-03-31T22:30Z is April's. */
export function monthOf(date: Date | string, timeZone = MONEY_TIME_ZONE): string {
  const moment = typeof date === 'string' ? new Date(date) : date;
  if (Number.isNaN(moment.getTime())) throw new RangeError(`Not a date: ${String(date)}`);
  const parts = monthFormatter(timeZone).formatToParts(moment);
  const year = parts.find((part) => part.type === 'year')?.value;
  const month = parts.find((part) => part.type === 'month')?.value;
  return formatMonth(Number(year), Number(month));
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** `month` moved by `count` months (negative: back): addMonths('2026-01', -1) is '2025-12'. */
export function addMonths(month: string, count: number): string {
  const parsed = parseMonth(month);
  const index = parsed.year * 12 + parsed.month - 1 + count;
  return formatMonth(Math.floor(index / 12), (index % 12) + 1);
}

export function nextMonth(month: string): string {
  return addMonths(month, 1);
}

/** When a month's earnings are paid: the last day of the following month, 'YYYY-MM-DD'. */
export function payoutDueDate(month: string): string {
  const following = nextMonth(month);
  const { year, month: monthNumber } = parseMonth(following);
  return `${following}-${String(daysInMonth(year, monthNumber)).padStart(2, '0')}`;
}

/** Every month from `from` to `to`, both included; empty when `to` is before `from`. */
export function monthsBetween(from: string, to: string): string[] {
  parseMonth(from);
  parseMonth(to);
  const months: string[] = [];
  for (let month = from; month <= to; month = nextMonth(month)) months.push(month);
  return months;
}
