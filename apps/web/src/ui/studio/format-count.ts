/** A count with the language's grouping ('100,000'): the admin's lists may hold that many rows. */
export function formatCount(count: number, language: string): string {
  return new Intl.NumberFormat(language).format(count);
}
