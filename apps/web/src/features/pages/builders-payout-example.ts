import { monthOf, payoutDueDate, type Language } from '@streethunt/shared';

const LOCALES: Record<Language, string> = { he: 'he-IL', en: 'en-US' };

/**
 * 'Payouts at the end of the following month', said with this month's dates: the month (Israel time)
 * and the day its earnings are paid, in the reader's language. The dates are calendar days, so they
 * are formatted in UTC to keep the day from shifting with the browser's time zone.
 */
export function payoutExample(now: Date, language: Language): { month: string; date: string } {
  const month = monthOf(now);
  const due = payoutDueDate(month);
  const [year, monthNumber] = month.split('-').map(Number);
  const [dueYear, dueMonth, dueDay] = due.split('-').map(Number);
  const locale = LOCALES[language];
  return {
    month: new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(Date.UTC(year ?? 0, (monthNumber ?? 1) - 1, 1)),
    date: new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(Date.UTC(dueYear ?? 0, (dueMonth ?? 1) - 1, dueDay ?? 1)),
  };
}
