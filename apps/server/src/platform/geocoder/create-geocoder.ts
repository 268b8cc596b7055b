import { distanceMeters } from '@streethunt/shared';
import type { Config } from '../../config.ts';
import { AppError } from '../errors.ts';
import { foldName } from './fold-name.ts';
import { createGazetteer } from './gazetteer.ts';
import { GEOCODER_LIMIT, type GeocodedPlace, type Geocoder } from './geocoder.ts';
import { createNominatimGeocoder, type NominatimOptions } from './nominatim.ts';

type Log = { warn(details: object, message: string): void };

/** Two places this close with names that start alike are one place found twice (a city's centre differs a little between sources). */
const SAME_PLACE_METERS = 10_000;

function isSamePlace(a: GeocodedPlace, b: GeocodedPlace): boolean {
  const nameA = foldName(a.name);
  const nameB = foldName(b.name);
  return (nameA.startsWith(nameB) || nameB.startsWith(nameA)) && distanceMeters(a, b) < SAME_PLACE_METERS;
}

/**
 * The upstream's places first, then the gazetteer's that it did not find too. When the upstream
 * fails (down, slow, an error status) the gazetteer answers alone and the failure is logged: the
 * editor never sees a 5xx for it. Only our own spacing limit (429) reaches the caller.
 */
export function withGazetteerFallback(upstream: Geocoder, gazetteer: Geocoder, log: Log): Geocoder {
  return {
    async search(q, lang, limit = GEOCODER_LIMIT) {
      let found: GeocodedPlace[] = [];
      try {
        found = await upstream.search(q, lang, limit);
      } catch (error) {
        if (error instanceof AppError) throw error;
        // The query itself stays out of the log.
        log.warn({ err: error }, 'places upstream failed; answering from the gazetteer');
      }
      const local = await gazetteer.search(q, lang, limit);
      return [...found, ...local.filter((place) => !found.some((other) => isSamePlace(other, place)))].slice(0, limit);
    },
  };
}

/** The places search of a deployment: the gazetteer, behind the Nominatim-compatible upstream when GEOCODER_URL is set. */
export function createGeocoder(
  config: Pick<Config, 'geocoderUrl' | 'publicUrl'>,
  log: Log,
  upstreamOptions: Partial<Omit<NominatimOptions, 'baseUrl'>> = {},
): Geocoder {
  const gazetteer = createGazetteer();
  if (!config.geocoderUrl) return gazetteer;
  const upstream = createNominatimGeocoder({
    baseUrl: config.geocoderUrl,
    userAgent: `StreetHunt/1.0 (+${config.publicUrl})`,
    referer: config.publicUrl,
    ...upstreamOptions,
  });
  return withGazetteerFallback(upstream, gazetteer, log);
}
