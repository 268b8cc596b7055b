import { formatCoordinates, parseCoordinatesText, type Language, type PlacesReply } from '@streethunt/shared';
import { GEOCODER_LIMIT, type Geocoder } from '../../platform/geocoder/geocoder.ts';

export type PlacesDeps = { geocoder: Geocoder };

const HEBREW_LETTER = /[\u05d0-\u05ea]/;

/**
 * The editor's places search: coordinates typed as `lat, lng` are that point and nothing else;
 * anything else goes to the geocoder (the upstream's places when submitted, then the offline
 * gazetteer's). Without a language, a Hebrew query is answered in Hebrew.
 */
export async function searchPlaces(deps: PlacesDeps, query: { q: string; lang?: Language; submitted?: boolean }): Promise<PlacesReply> {
  const point = parseCoordinatesText(query.q);
  if (point) {
    return { data: [{ name: formatCoordinates(point), detail: '', ...point, source: 'coordinates' }], upstream: deps.geocoder.upstreamState() };
  }
  const lang = query.lang ?? (HEBREW_LETTER.test(query.q) ? 'he' : 'en');
  const { places, upstream } = await deps.geocoder.search(query.q, lang, { limit: GEOCODER_LIMIT, askUpstream: query.submitted ?? false });
  return { data: places, upstream };
}
