import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { trimEndChar, type Language } from '@streethunt/shared';
import { rateLimited } from '../errors.ts';
import { createLocalAnswerCache, type AnswerCache } from './answer-cache.ts';
import { GEOCODER_LIMIT, type GeocodedPlace, type PlaceFinder } from './geocoder.ts';
import { RequestSpacing, type Spacing } from './request-spacing.ts';

export type NominatimOptions = {
  /** GEOCODER_URL: the service's root; `/search` is added. */
  baseUrl: string;
  /** Names the app and where it runs, as Nominatim's usage policy asks. */
  userAgent: string;
  referer?: string;
  /** The whole call, answer included. */
  timeoutMs?: number;
  /** At most one call per this many milliseconds (from this process, unless `spacing` is shared). */
  minIntervalMs?: number;
  /** Longest a search queues for its turn; beyond it, 429 with Retry-After. */
  maxWaitMs?: number;
  cacheTtlMs?: number;
  cacheEntries?: number;
  /** Spacing and cache shared by every process (Redis); by default this process's own. */
  spacing?: Spacing;
  cache?: AnswerCache;
};

/** A Nominatim-compatible upstream: asks it, or tells what it answered before without asking. */
export type Upstream = PlaceFinder & {
  /** The answer to this search kept from an earlier call, if any; never calls the service. */
  cached(q: string, lang: Language, limit?: number): Promise<GeocodedPlace[] | undefined>;
};

/** Nominatim's usage policy: at most one request a second, and results cached. */
export const NOMINATIM_INTERVAL_MS = 1_000;
export const NOMINATIM_MAX_WAIT_MS = 2_000;
export const NOMINATIM_CACHE_TTL_MS = 6 * 3600_000;
export const NOMINATIM_CACHE_ENTRIES = 2_000;

/** Nominatim answers `limit` places at most; the gazetteer fills up the rest of the reply. */
const UPSTREAM_LIMIT = 5;
/** Five places take a few kilobytes; anything near this is not a Nominatim answer. */
const MAX_ANSWER_BYTES = 512 * 1024;
const MAX_TEXT = 300;

/** An upstream that did not answer usefully (down, slow, an error status, not JSON): the caller falls back. */
class UpstreamError extends Error {}

/** One jsonv2 result: coordinates come as strings. Fields we do not show are ignored. */
const coordinate = (limit: number) =>
  z.union([z.string(), z.number()]).transform(Number).pipe(z.number().min(-limit).max(limit));
const nominatimPlaceSchema = z.object({
  lat: coordinate(90),
  lon: coordinate(180),
  display_name: z.string(),
  name: z.string().nullish(),
});
type NominatimPlace = z.infer<typeof nominatimPlaceSchema>;

const clip = (text: string) => (text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text);

/**
 * A short name and the rest as detail: `Dizengoff Center` / `50, Dizengoff Street, Tel Aviv-Yafo, ...`.
 * An address has no name; its house number and street make one.
 */
function toPlace(item: NominatimPlace): GeocodedPlace {
  const parts = item.display_name.split(',').map((part) => part.trim()).filter(Boolean);
  let name = item.name?.trim() ?? '';
  let rest = parts;
  if (name && parts[0] === name) rest = parts.slice(1);
  else if (!name && parts.length > 1 && /^\d+[\p{L}]?$/u.test(parts[0]!)) {
    name = `${parts[1]} ${parts[0]}`;
    rest = parts.slice(2);
  } else if (!name) {
    name = parts[0] ?? '';
    rest = parts.slice(1);
  }
  return { name: clip(name), detail: clip(rest.join(', ')), lat: item.lat, lng: item.lon, source: 'upstream' };
}

async function readPlaces(response: Response): Promise<GeocodedPlace[]> {
  if (!response.ok) throw new UpstreamError(`the places upstream answered ${response.status}`);
  if (Number(response.headers.get('content-length') ?? 0) > MAX_ANSWER_BYTES) throw new UpstreamError('the places upstream answer is too large');
  const text = await response.text();
  if (text.length > MAX_ANSWER_BYTES) throw new UpstreamError('the places upstream answer is too large');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new UpstreamError('the places upstream answer is not JSON');
  }
  if (!Array.isArray(body)) throw new UpstreamError('the places upstream answer is not a list');
  // One odd entry costs that entry, not the answer.
  return body.flatMap((item) => {
    const parsed = nominatimPlaceSchema.safeParse(item);
    return parsed.success && parsed.data.display_name.trim() ? [toPlace(parsed.data)] : [];
  });
}

/**
 * A Nominatim-compatible places search (GEOCODER_URL): `GET /search?q=&format=jsonv2`. Answers are
 * kept for a while (`cache`: the same search often comes again), two identical searches at once
 * share one call, and calls are spaced a second apart (`spacing`: across processes with Redis).
 */
export function createNominatimGeocoder(options: NominatimOptions): Upstream {
  const {
    baseUrl,
    userAgent,
    referer,
    timeoutMs = 3_000,
    minIntervalMs = NOMINATIM_INTERVAL_MS,
    maxWaitMs = NOMINATIM_MAX_WAIT_MS,
    cacheTtlMs = NOMINATIM_CACHE_TTL_MS,
    cacheEntries = NOMINATIM_CACHE_ENTRIES,
  } = options;
  const searchUrl = `${trimEndChar(baseUrl, '/')}/search`;
  const cache = options.cache ?? createLocalAnswerCache(cacheTtlMs, cacheEntries);
  const inFlight = new Map<string, Promise<GeocodedPlace[]>>();
  const spacing = options.spacing ?? new RequestSpacing(minIntervalMs, maxWaitMs);

  async function ask(q: string, lang: Language): Promise<GeocodedPlace[]> {
    const turn = await spacing.reserve();
    if ('retryAfterMs' in turn) throw rateLimited('The places search is busy, please try again in a moment', turn.retryAfterMs);
    if (turn.waitMs > 0) await sleep(turn.waitMs);
    // A call before ours went out late: wait out the gap. Refused again and again (others keep
    // claiming first), the search is turned back rather than sent too soon.
    let claimed = false;
    for (let tries = 0; tries < 3 && !claimed; tries++) {
      const late = await spacing.claim();
      if (late <= 0) claimed = true;
      else await sleep(late);
    }
    if (!claimed) throw rateLimited('The places search is busy, please try again in a moment', minIntervalMs);
    const params = new URLSearchParams({ q, format: 'jsonv2', limit: String(UPSTREAM_LIMIT), 'accept-language': lang });
    const response = await fetch(`${searchUrl}?${params}`, {
      headers: { 'user-agent': userAgent, accept: 'application/json', ...(referer && { referer }) },
      signal: AbortSignal.timeout(timeoutMs),
    });
    return readPlaces(response);
  }

  const keyOf = (q: string, lang: Language) => `${lang}\n${q.replace(/\s+/g, ' ').trim().toLowerCase()}`;

  return {
    async cached(q, lang, limit = GEOCODER_LIMIT) {
      return (await cache.get(keyOf(q, lang)))?.slice(0, limit);
    },
    async search(q, lang, limit = GEOCODER_LIMIT) {
      const key = keyOf(q, lang);
      const cached = await cache.get(key);
      if (cached) return cached.slice(0, limit);
      let call = inFlight.get(key);
      if (!call) {
        call = ask(q, lang).finally(() => inFlight.delete(key));
        inFlight.set(key, call);
      }
      const places = await call;
      await cache.set(key, places);
      return places.slice(0, limit);
    },
  };
}
