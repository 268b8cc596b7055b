/**
 * How long ago a position came in, in the organiser's language ('2 minutes ago', 'לפני 2 דקות',
 * 'now'): seconds under a minute, minutes under an hour, then hours.
 */
export function formatAge(at: string, now: number, language: string): string {
  const seconds = Math.max(0, Math.round((now - Date.parse(at)) / 1000));
  if (Number.isNaN(seconds)) return '';
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto', style: 'long' });
  if (seconds < 60) return format.format(-seconds, 'second');
  if (seconds < 3600) return format.format(-Math.floor(seconds / 60), 'minute');
  return format.format(-Math.floor(seconds / 3600), 'hour');
}
