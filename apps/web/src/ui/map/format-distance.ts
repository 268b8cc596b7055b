import type { TFunction } from 'i18next';

/** A walking distance in the user's language: whole meters below 1 km, else km with one decimal. */
export function formatDistance(meters: number, language: string, t: TFunction): string {
  const rounded = Math.max(0, Math.round(meters));
  if (rounded < 1000) {
    return t('map.guide.meters', { value: new Intl.NumberFormat(language, { maximumFractionDigits: 0 }).format(rounded) });
  }
  const km = new Intl.NumberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(meters / 1000);
  return t('map.guide.kilometers', { value: km });
}
