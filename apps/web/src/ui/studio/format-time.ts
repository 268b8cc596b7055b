/** A date and time in the interface's language, e.g. '12.3.2025, 14:05' in Hebrew; '' for none. */
export function formatDateTime(iso: string | null | undefined, language: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(language, { dateStyle: 'short', timeStyle: 'short' }).format(date);
}

/** Whole minutes from start to end as 'h:mm'; null until both are known. */
export function formatDuration(startIso: string | null, endIso: string | null): string | null {
  if (!startIso || !endIso) return null;
  const minutes = Math.max(0, Math.floor((Date.parse(endIso) - Date.parse(startIso)) / 60_000));
  if (Number.isNaN(minutes)) return null;
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;
}
