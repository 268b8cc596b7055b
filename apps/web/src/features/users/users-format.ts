/** A registration date without the time, e.g. '1 בפבר׳ 2026' or 'Feb 1, 2026'; '' for a bad date. */
export function formatUserDate(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(date);
}
