import { DEFAULT_LANGUAGE, LANGUAGES, MONEY_TIME_ZONE, formatMoney, type Language } from '@streethunt/shared';

/** The interface's language as the money helpers take it (the site's default for anything else). */
export function languageOf(language: string): Language {
  const base = language.split('-')[0];
  return (LANGUAGES as readonly string[]).includes(base) ? (base as Language) : DEFAULT_LANGUAGE;
}

/** An amount in agorot, e.g. '₪70' / '70 ₪'. Chart ticks may be fractions: rounded to whole agorot first. */
export function money(agorot: number, language: string): string {
  return formatMoney(Math.round(agorot), languageOf(language));
}

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
