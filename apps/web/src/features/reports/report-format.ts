import { MONEY_TIME_ZONE } from '@streethunt/shared';

/** A purchase's day in Israel time, where the money is counted: '7 במרץ 2026' / 'Mar 7, 2026'. */
export function formatPaidDay(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: MONEY_TIME_ZONE }).format(date);
}

/** A calendar day 'YYYY-MM-DD' (a payout's due date) in words, as written, whatever the browser's time zone. */
export function formatDay(day: string, language: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
}

/** A purchase's day in Israel time as 'YYYY-MM-DD', for a spreadsheet. */
export function isoPaidDay(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: MONEY_TIME_ZONE }).format(date);
}
