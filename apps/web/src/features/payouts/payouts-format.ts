import { addMonths, isMonth, monthOf, monthsBetween, PAYOUT_AMOUNT_MAX } from '@streethunt/shared';

/** A month is paid at the end of the following one, so the page opens on last month. */
export function defaultPayoutMonth(now = new Date()): string {
  return addMonths(monthOf(now), -1);
}

/** How far back the month select goes. */
const MONTHS_SHOWN = 24;

/** The months to choose from, newest first: this month and the ones before it (and `selected`, if older). */
export function payoutMonths(selected: string, now = new Date()): string[] {
  const current = monthOf(now);
  const earliest = addMonths(current, -(MONTHS_SHOWN - 1));
  const from = selected < earliest ? selected : earliest;
  return monthsBetween(from, current).reverse();
}

/** The page's month from its address (`?month=YYYY-MM`), or last month for anything else. */
export function parsePayoutMonth(text: string | null, now = new Date()): string {
  return isMonth(text) && text <= monthOf(now) ? text : defaultPayoutMonth(now);
}

/** 'מרץ 2026' / 'March 2026'. */
export function monthName(month: string, language: string): string {
  const date = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1, 15));
  return new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date);
}

/** A 'YYYY-MM-DD' day as written in the language: '30 באפר׳ 2026' / 'Apr 30, 2026'. */
export function dayName(day: string, language: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
}

const SHEKELS = /^(-)?(\d{1,7})(?:[.,](\d{1,2}))?$/;

/**
 * An amount typed in shekels ('1234.5', '-20', '12,30') in whole agorot, counted as text so 0.1 + 0.2
 * never leaks in; null when it is not such an amount, is 0 or is past the ledger's limit.
 */
export function agorotFromShekels(text: string): number | null {
  const match = SHEKELS.exec(text.trim());
  if (!match) return null;
  const [, minus, whole, fraction = ''] = match;
  const agorot = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  const signed = minus ? -agorot : agorot;
  if (signed === 0 || Math.abs(signed) > PAYOUT_AMOUNT_MAX) return null;
  return signed;
}
