import type { TFunction } from 'i18next';

/** What a card and an intro show of a game's accessibility (metadata.accessibility, DESIGN.md section 16). */
export type WalkFigures = { stepFree: 'yes' | 'no' | 'unknown'; lengthKm?: number | undefined; durationMinutes?: number | undefined };

const formats = new Map<string, Intl.NumberFormat>();
function unit(language: string, name: 'kilometer' | 'minute'): Intl.NumberFormat {
  const key = `${language}|${name}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(language, { style: 'unit', unit: name, unitDisplay: 'short', maximumFractionDigits: 1 });
    formats.set(key, format);
  }
  return format;
}

/**
 * The walk's length and duration in the interface's words ('2.4 km · about 90 min'; in Hebrew
 * '2.4 ק״מ · כ־90 דק׳'), or null when the creator gave neither.
 */
export function walkFiguresText(figures: WalkFigures | undefined, language: string, t: TFunction): string | null {
  if (!figures) return null;
  const parts: string[] = [];
  if (figures.lengthKm !== undefined) parts.push(unit(language, 'kilometer').format(figures.lengthKm));
  if (figures.durationMinutes !== undefined) parts.push(t('walk.about', { duration: unit(language, 'minute').format(figures.durationMinutes) }));
  return parts.length > 0 ? parts.join(' · ') : null;
}
