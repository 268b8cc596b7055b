import type { Language, Place } from '@streethunt/shared';

/** Most places one search returns (the places search's reply holds at most this many). */
export const GEOCODER_LIMIT = 10;

/** A place a geocoder found (typed coordinates are the places service's own business). */
export type GeocodedPlace = Place & { source: 'gazetteer' | 'upstream' };

/**
 * Finds places by name or address for the editor's places search. Two implementations: the offline
 * gazetteer (gazetteer.ts, always there) and a Nominatim-compatible upstream (nominatim.ts, when
 * GEOCODER_URL is set); create-geocoder.ts puts them together.
 */
export type Geocoder = {
  /** Best first, at most `limit` (default GEOCODER_LIMIT). Names and countries in `lang` where known. */
  search(q: string, lang: Language, limit?: number): Promise<GeocodedPlace[]>;
};
