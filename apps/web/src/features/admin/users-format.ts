/** The users table's dates and counts, in the interface's language. */

/** A registration date without the time, e.g. '1 בפבר׳ 2026' or 'Feb 1, 2026'; '' for a bad date. */
export function formatUserDate(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(date);
}

/** A count with the language's grouping ('100,000'): the list may hold that many users. */
export function formatCount(count: number, language: string): string {
  return new Intl.NumberFormat(language).format(count);
}
