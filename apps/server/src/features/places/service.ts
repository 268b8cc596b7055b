import { formatCoordinates, parseCoordinatesText, type Language, type Place } from '@streethunt/shared';
import { GEOCODER_LIMIT, type Geocoder } from '../../platform/geocoder/geocoder.ts';

export type PlacesDeps = { geocoder: Geocoder };

const HEBREW_LETTER = /[\u05d0-\u05ea]/;

/**
 * The editor's places search: coordinates typed as `lat, lng` are that point and nothing else;
 * anything else goes to the geocoder (the upstream when configured, then the offline gazetteer).
 * Without a language, a Hebrew query is answered in Hebrew.
 */
export async function searchPlaces(deps: PlacesDeps, query: { q: string; lang?: Language }): Promise<Place[]> {
  const point = parseCoordinatesText(query.q);
  if (point) return [{ name: formatCoordinates(point), detail: '', ...point, source: 'coordinates' }];
  const lang = query.lang ?? (HEBREW_LETTER.test(query.q) ? 'he' : 'en');
  return deps.geocoder.search(query.q, lang, GEOCODER_LIMIT);
}
