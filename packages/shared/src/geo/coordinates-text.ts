import type { Point } from '../schemas/game.ts';

/*
 * Coordinates typed into a search box, as people copy them from a map: `32.0853, 34.7818`,
 * `32.0853 34.7818`, `(32.0853,34.7818)`, `32.0853°, 34.7818°` (or `32.0853 °, 34.7818 °`). Latitude first, decimal degrees.
 * Text pasted next to Hebrew often carries direction marks; they are dropped before parsing.
 * The server's places search and the editor's search box both read coordinates with this.
 */

/** Direction marks and isolates (LRM, RLM, ALM, LRE..RLO, LRI..PDI) that ride along with copied text. */
const DIRECTION_MARKS = /[\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069]/g;
/**
 * A signed decimal number (the typographic minus U+2212 counts as a minus), optionally with a degree
 * sign, which may follow one space (`32.0853 °`): the space is taken only with the sign after it.
 */
const NUMBER = String.raw`([+\-\u2212]?(?:\d{1,3}(?:\.\d+)?|\.\d+))(?: ?°)?`;
/**
 * Two numbers separated by a comma (Latin or Arabic), a semicolon, or white space. One run of white
 * space between them (no `\s*` beside `\s+`, which could trade spaces and backtrack).
 */
const PAIR = new RegExp(String.raw`^[(\[]?\s*${NUMBER}(?:\s*[,;\u060c]\s*|\s+)${NUMBER}\s*[)\]]?$`);

const toNumber = (text: string) => Number(text.replace('\u2212', '-'));

/**
 * The point typed as `lat, lng` (or `lat lng`), or null when the text is not a pair of decimal
 * degrees or is out of range (latitude -90..90, longitude -180..180).
 */
export function parseCoordinatesText(text: string): Point | null {
  const match = PAIR.exec(text.replace(DIRECTION_MARKS, '').trim());
  if (!match) return null;
  const lat = toNumber(match[1]!);
  const lng = toNumber(match[2]!);
  if (!Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  // -0 reads back as 0, so the point prints as it was typed.
  return { lat: lat + 0, lng: lng + 0 };
}

/** A point as `lat, lng` with at most `digits` decimals (6 decimals are about 10 cm). */
export function formatCoordinates(point: Point, digits = 6): string {
  const round = (value: number) => String(Number(value.toFixed(digits)) + 0);
  return `${round(point.lat)}, ${round(point.lng)}`;
}
