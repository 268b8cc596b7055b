import type { Language, Place } from '@streethunt/shared';

/** Most places one search returns (the places search's reply holds at most this many). */
export const GEOCODER_LIMIT = 10;

/** A place a geocoder found (typed coordinates are the places service's own business). */
export type GeocodedPlace = Place & { source: 'gazetteer' | 'upstream' };

/** One source of places: the offline gazetteer (gazetteer.ts) or a Nominatim-compatible service (nominatim.ts). */
export type PlaceFinder = {
  /** Best first, at most `limit` (default GEOCODER_LIMIT). Names and countries in `lang` where known. */
  search(q: string, lang: Language, limit?: number): Promise<GeocodedPlace[]>;
};

/**
 * The streets-and-places service: `on` (it may be asked), `down` (it failed lately; asked again after
 * a pause) or `off` (GEOCODER_URL=off: this deployment searches offline only).
 */
type UpstreamState = 'on' | 'down' | 'off';

type GeocoderAnswer = { places: GeocodedPlace[]; upstream: UpstreamState };

/**
 * The editor's places search as create-geocoder.ts puts it together: the upstream's places (asked only
 * when `askUpstream`, i.e. the creator submitted the search; while typing, only what it answered
 * before), then the offline gazetteer's.
 */
export type Geocoder = {
  search(q: string, lang: Language, options?: { limit?: number; askUpstream?: boolean }): Promise<GeocoderAnswer>;
  /** The upstream's state now, without searching (typed coordinates need no search). */
  upstreamState(): UpstreamState;
};
