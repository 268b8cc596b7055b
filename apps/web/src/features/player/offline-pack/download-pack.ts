import { PACK_FORMAT_VERSION, TILE_BYTES_ESTIMATE, packCacheName, type PackMediaKind, type PackPlan } from '@streethunt/shared';
import { readRecord, recordUrl, type PackCache, type PackCaches, type PackRecord } from '../../../ui/offline/pack-storage.ts';

export type PackDeps = {
  fetch: (url: string, init?: RequestInit) => Promise<Response>;
  caches: PackCaches;
  sleep: (ms: number) => Promise<void>;
  /** The page's address: relative media URLs are kept as the page asks for them. */
  base: string;
};

/** Waits after a 429 before each retry, growing; then the tile server is left alone. */
export const BACKOFF_MS = [1_000, 2_000, 4_000] as const;
/** A Retry-After longer than this is not waited for. */
const MAX_RETRY_AFTER_MS = 10_000;

/** A file's size when the server does not say (HEAD without Content-Length): a phone-sized photo, a short recording. */
const GUESS_BYTES: Record<PackMediaKind, number> = { image: 150_000, audio: 1_000_000, video: 5_000_000 };

export type PackEstimate = {
  bytes: number;
  /** Bytes per media URL (what HEAD said, or a guess). */
  mediaBytes: Map<string, number>;
  /** Bytes the phone's storage lacks for it, when `navigator.storage.estimate()` says so. */
  shortBytes: number;
};

export type PackResult = {
  bytes: number;
  stops: number;
  stopsReady: number;
  /** Media the cache does not hold after the download, by kind. */
  missing: Record<PackMediaKind, number>;
  tilesPlanned: number;
  tilesSaved: number;
  /** The tile server kept answering 429: the rest of the map was not asked for. */
  mapPartly: boolean;
  /** The storage was full: about this many bytes did not fit. */
  shortBytes: number;
};

const absolute = (url: string, base: string) => new URL(url, base).href;

/** The size of what the plan keeps, before anything is downloaded: HEAD for each media file, tiles estimated. */
export async function estimatePack(plan: PackPlan, replyBytes: number, deps: PackDeps, storage?: { quota?: number; usage?: number }): Promise<PackEstimate> {
  const mediaBytes = new Map<string, number>();
  await Promise.all(
    plan.media.map(async ({ url, kind }) => {
      let bytes = GUESS_BYTES[kind];
      try {
        const response = await deps.fetch(absolute(url, deps.base), { method: 'HEAD' });
        const length = Number(response.headers.get('content-length'));
        if (response.ok && length > 0) bytes = length;
      } catch {
        // No answer: the guess stands.
      }
      mediaBytes.set(url, bytes);
    }),
  );
  const bytes = replyBytes + [...mediaBytes.values()].reduce((a, b) => a + b, 0) + plan.tiles.length * TILE_BYTES_ESTIMATE;
  const free = storage?.quota !== undefined ? storage.quota - (storage.usage ?? 0) : Infinity;
  return { bytes, mediaBytes, shortBytes: Math.max(0, bytes - free) };
}

const isQuotaError = (error: unknown) => error instanceof Error && error.name === 'QuotaExceededError';

class QuotaFull extends Error {}

/** A GET, retried with growing waits while the server answers 429; null when it still does. */
async function fetchPolitely(url: string, deps: PackDeps): Promise<Response | null> {
  for (let attempt = 0; ; attempt++) {
    const response = await deps.fetch(url);
    if (response.status !== 429) return response;
    if (attempt >= BACKOFF_MS.length) return null;
    const retryAfter = Number(response.headers.get('retry-after')) * 1000;
    await deps.sleep(retryAfter > 0 ? Math.min(retryAfter, MAX_RETRY_AFTER_MS) : BACKOFF_MS[attempt]);
  }
}

/** Keeps one file; its size, 0 when it could not be had. Throws QuotaFull when the storage is full. */
async function keep(cache: PackCache, url: string, deps: PackDeps): Promise<number | null> {
  let response: Response | null;
  try {
    response = await fetchPolitely(url, deps);
  } catch {
    return 0;
  }
  if (!response) return null;
  if (!response.ok) return 0;
  const body = await response.blob();
  const type = response.headers.get('content-type');
  try {
    await cache.put(url, new Response(body, { status: 200, headers: type ? { 'content-type': type } : {} }));
  } catch (error) {
    if (isQuotaError(error)) throw new QuotaFull();
    return 0;
  }
  return body.size;
}

export type PackDownload = {
  plan: PackPlan;
  estimate: PackEstimate;
  name: string;
  /** Fetches and keeps the player's reply (through the play store); its size. */
  saveReply: () => Promise<number>;
  onProgress?: (done: number, total: number) => void;
};

/**
 * Downloads a pack into `pack-<gameId>`: the reply, then the media, then the tiles, and reads the
 * cache back to say what is there. A pack of an older format is deleted first, never mixed with a new one.
 */
export async function downloadPack({ plan, estimate, name, saveReply, onProgress }: PackDownload, deps: PackDeps): Promise<PackResult> {
  const cacheName = packCacheName(plan.gameId);
  if (await deps.caches.has(cacheName)) {
    const old = await readRecord(await deps.caches.open(cacheName), deps.base);
    if (old?.version !== PACK_FORMAT_VERSION) await deps.caches.delete(cacheName);
  }
  const cache = await deps.caches.open(cacheName);
  const mediaUrls = plan.media.map((m) => absolute(m.url, deps.base));
  const total = 1 + mediaUrls.length + plan.tiles.length;
  let done = 0;
  const step = () => onProgress?.(++done, total);

  let bytes = 0;
  let shortBytes = 0;
  let mapPartly = false;
  try {
    bytes += await saveReply();
  } catch {
    // The reply the page holds stays kept by the play itself; the media still help.
  }
  step();

  const queue = [...mediaUrls.map((url, i) => ({ url, tile: false, guess: estimate.mediaBytes.get(plan.media[i].url) ?? 0 })), ...plan.tiles.map((url) => ({ url, tile: true, guess: TILE_BYTES_ESTIMATE }))];
  for (let i = 0; i < queue.length; i++) {
    const item = queue[i];
    if (item.tile && mapPartly) break;
    try {
      const kept = await keep(cache, item.url, deps);
      if (kept === null) {
        // A tile server still saying 429 is left alone; a media server too busy now counts as missing.
        if (item.tile) mapPartly = true;
      } else bytes += kept;
    } catch (error) {
      if (!(error instanceof QuotaFull)) throw error;
      shortBytes = queue.slice(i).reduce((sum, rest) => sum + rest.guess, 0);
      break;
    }
    step();
  }
  onProgress?.(total, total);

  const record: PackRecord = { version: PACK_FORMAT_VERSION, gameId: plan.gameId, name, bytes, savedAt: new Date().toISOString() };
  try {
    await cache.put(recordUrl(deps.base), new Response(JSON.stringify(record), { headers: { 'content-type': 'application/json' } }));
  } catch {
    // A full storage: the pack is not listed, its files still serve.
  }
  return { ...(await checkCoverage(plan, cache, deps.base)), bytes, mapPartly, shortBytes };
}

/** Reads the cache back: which stops have all their media, what is missing, how many tiles are there. */
async function checkCoverage(plan: PackPlan, cache: PackCache, base: string) {
  const missing: Record<PackMediaKind, number> = { image: 0, audio: 0, video: 0 };
  const stopsMissing = new Set<number>();
  // A picture kept in two widths missing both is one picture missing.
  const missingFiles = new Set<string>();
  for (const media of plan.media) {
    if (await cache.match(absolute(media.url, base))) continue;
    const file = media.url.split('?')[0];
    if (!missingFiles.has(file)) missing[media.kind]++;
    missingFiles.add(file);
    if (media.stop !== null) stopsMissing.add(media.stop);
  }
  let tilesSaved = 0;
  for (const tile of plan.tiles) if (await cache.match(tile)) tilesSaved++;
  return { stops: plan.stops, stopsReady: plan.stops - stopsMissing.size, missing, tilesPlanned: plan.tiles.length, tilesSaved };
}
