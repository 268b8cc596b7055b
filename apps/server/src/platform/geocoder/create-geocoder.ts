import { distanceMeters } from '@streethunt/shared';
import type { Config } from '../../config.ts';
import { AppError } from '../errors.ts';
import type { RedisLink } from '../shared-state/redis-link.ts';
import { createLocalAnswerCache, createRedisAnswerCache } from './answer-cache.ts';
import { foldName } from './fold-name.ts';
import { createGazetteer } from './gazetteer.ts';
import { GEOCODER_LIMIT, type GeocodedPlace, type Geocoder, type PlaceFinder } from './geocoder.ts';
import {
  createNominatimGeocoder,
  NOMINATIM_CACHE_ENTRIES,
  NOMINATIM_CACHE_TTL_MS,
  NOMINATIM_INTERVAL_MS,
  NOMINATIM_MAX_WAIT_MS,
  type NominatimOptions,
  type Upstream,
} from './nominatim.ts';
import { createRedisSpacing } from './redis-spacing.ts';
import { RequestSpacing } from './request-spacing.ts';

type Log = { warn(details: object, message: string): void };

/** Two places this close with names that start alike are one place found twice (a city's centre differs a little between sources). */
const SAME_PLACE_METERS = 10_000;

/**
 * After the upstream fails, it is left alone this long: a server without the internet (or with the
 * service down) answers from the gazetteer at once instead of waiting out a timeout on every search.
 */
export const UPSTREAM_PAUSE_MS = 60_000;

function isSamePlace(a: GeocodedPlace, b: GeocodedPlace): boolean {
  const nameA = foldName(a.name);
  const nameB = foldName(b.name);
  return (nameA.startsWith(nameB) || nameB.startsWith(nameA)) && distanceMeters(a, b) < SAME_PLACE_METERS;
}

/** The gazetteer alone (GEOCODER_URL=off). */
export function offlineGeocoder(gazetteer: PlaceFinder): Geocoder {
  return {
    async search(q, lang, { limit = GEOCODER_LIMIT } = {}) {
      return { places: await gazetteer.search(q, lang, limit), upstream: 'off' };
    },
    upstreamState: () => 'off',
  };
}

/**
 * The upstream's places first, then the gazetteer's that it did not find too. The upstream is asked
 * only for a submitted search (`askUpstream`); while the creator types, its earlier answers are used
 * and nothing is sent (Nominatim's usage policy forbids search-as-you-type). When the upstream fails
 * (down, slow, an error status) the gazetteer answers alone, the failure is logged and the upstream is
 * left alone for UPSTREAM_PAUSE_MS: the editor never sees a 5xx for it. Only our own spacing limit
 * (429) reaches the caller.
 */
export function withGazetteerFallback(upstream: Upstream, gazetteer: PlaceFinder, log: Log, now: () => number = Date.now): Geocoder {
  let pausedUntil = 0;
  return {
    async search(q, lang, { limit = GEOCODER_LIMIT, askUpstream = false } = {}) {
      let found: GeocodedPlace[] = [];
      let state: 'on' | 'down' = now() < pausedUntil ? 'down' : 'on';
      try {
        found = (state === 'on' && askUpstream ? await upstream.search(q, lang, limit) : await upstream.cached(q, lang, limit)) ?? [];
      } catch (error) {
        if (error instanceof AppError) throw error;
        state = 'down';
        pausedUntil = now() + UPSTREAM_PAUSE_MS;
        // The query itself stays out of the log.
        log.warn({ err: error }, 'places upstream failed; answering from the gazetteer for a minute');
      }
      const local = await gazetteer.search(q, lang, limit);
      const places = [...found, ...local.filter((place) => !found.some((other) => isSamePlace(other, place)))].slice(0, limit);
      return { places, upstream: state };
    },
    upstreamState: () => (now() < pausedUntil ? 'down' : 'on'),
  };
}

/**
 * The places search of a deployment: the gazetteer, behind the Nominatim-compatible upstream unless
 * GEOCODER_URL is off. With Redis, every process shares the upstream's spacing and answers.
 */
export function createGeocoder(
  config: Pick<Config, 'geocoderUrl' | 'publicUrl'>,
  log: Log,
  redis: RedisLink | null = null,
  upstreamOptions: Partial<Omit<NominatimOptions, 'baseUrl'>> = {},
): Geocoder {
  const gazetteer = createGazetteer();
  if (!config.geocoderUrl) return offlineGeocoder(gazetteer);
  const intervalMs = upstreamOptions.minIntervalMs ?? NOMINATIM_INTERVAL_MS;
  const maxWaitMs = upstreamOptions.maxWaitMs ?? NOMINATIM_MAX_WAIT_MS;
  const ttlMs = upstreamOptions.cacheTtlMs ?? NOMINATIM_CACHE_TTL_MS;
  const entries = upstreamOptions.cacheEntries ?? NOMINATIM_CACHE_ENTRIES;
  const localSpacing = new RequestSpacing(intervalMs, maxWaitMs);
  const upstream = createNominatimGeocoder({
    baseUrl: config.geocoderUrl,
    userAgent: `StreetHunt/1.0 (+${config.publicUrl})`,
    referer: config.publicUrl,
    spacing: redis ? createRedisSpacing(redis, 'geocoder:spacing', { intervalMs, maxWaitMs }, localSpacing) : localSpacing,
    cache: redis ? createRedisAnswerCache(redis, 'geocoder:answers', ttlMs, entries) : createLocalAnswerCache(ttlMs, entries),
    ...upstreamOptions,
  });
  return withGazetteerFallback(upstream, gazetteer, log);
}
