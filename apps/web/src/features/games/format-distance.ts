/**
 * A distance as a card shows it, in the interface language's words and digits: metres below 1 km
 * (rounded to 10 m, at least 10), then kilometres with one decimal below 10 km and whole ones above
 * ('350 m', '1.2 km', '23 km'; in Hebrew '350 מ׳', '1.2 ק״מ').
 */
export function formatDistance(meters: number, language: string): string {
  const safe = Number.isFinite(meters) && meters > 0 ? meters : 0;
  if (safe < 995) {
    const rounded = Math.max(10, Math.round(safe / 10) * 10);
    return unitFormat(language, 'meter', 0).format(rounded);
  }
  const km = safe / 1000;
  return unitFormat(language, 'kilometer', km < 9.95 ? 1 : 0).format(km);
}

const formats = new Map<string, Intl.NumberFormat>();

function unitFormat(language: string, unit: 'meter' | 'kilometer', fractionDigits: number): Intl.NumberFormat {
  const key = `${language}|${unit}|${fractionDigits}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: fractionDigits });
    formats.set(key, format);
  }
  return format;
}
