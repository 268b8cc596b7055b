/**
 * The app's service worker (dist/sw.js, built by build/service-worker.ts; docs/decisions/013): the app
 * shell is kept on the phone, so a reload without a signal draws the app instead of the browser's
 * error page. Pages come from the network first; the API never from a cache; pictures, sounds and map
 * tiles from any cache that has them (the game packs the page saves, `pack-<gameId>`), else the network.
 */
import { clientsClaim } from 'workbox-core';
import { CacheExpiration } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { createPartialResponse } from 'workbox-range-requests';
import { registerRoute } from 'workbox-routing';
import { isAppPage, isMapTile, isOwnMedia } from './requests.ts';
import { FLUSH_OUTBOX_MESSAGE, OUTBOX_SYNC_TAG, SKIP_WAITING_MESSAGE } from './messages.ts';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

const DAY_SECONDS = 24 * 60 * 60;
/** The tiles this phone has seen: the only keeping of tiles OpenStreetMap's own servers allow. */
const TILES_SEEN = 'tiles-seen';
const tilesSeen = new CacheExpiration(TILES_SEEN, { maxEntries: 2000, maxAgeSeconds: 30 * DAY_SECONDS });
/** Pictures seen while playing, so a reload without a signal still shows them. */
const MEDIA_SEEN = 'media-seen';
const mediaSeen = new CacheExpiration(MEDIA_SEEN, { maxEntries: 200, maxAgeSeconds: 30 * DAY_SECONDS });

// The shell: index.html and the hashed files under assets/, listed with their revisions at build time.
// `/` is a page of its own (network first below), not index.html.
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '', cleanURLs: false });
// A new version's precache replaces the old one's, never mixes with it.
cleanupOutdatedCaches();
// The first worker takes the open page at once (nothing older to mix with); a new version waits for
// the page's SKIP_WAITING, and the page reloads when it takes over.
clientsClaim();

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  if ((event.data as { type?: unknown } | null)?.type === SKIP_WAITING_MESSAGE) void self.skipWaiting();
});

// Background Sync (not in TypeScript's lib): the phone is online again; the page's outbox sends what waits.
type SyncEvent = ExtendableEvent & { tag: string };
self.addEventListener('sync' as 'message', ((event: SyncEvent) => {
  if (event.tag !== OUTBOX_SYNC_TAG) return;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((clients) => {
      for (const client of clients) client.postMessage({ type: FLUSH_OUTBOX_MESSAGE });
    }),
  );
}) as unknown as (event: ExtendableMessageEvent) => void);

// Pages: the server draws the first screen when it can be reached; without a network, the kept shell
// draws the app from what the phone keeps. A reply from the server (an error page too) is shown as it is.
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && isAppPage(url, self.location.origin),
  async ({ request }) => {
    try {
      return await fetch(request);
    } catch (error) {
      const shell = await matchPrecache('/index.html');
      if (shell) return shell;
      throw error;
    }
  },
);

/** Kept under its URL (never the request: a tile's may be a no-cors one), with the cache's expiry updated. */
async function keep(cacheName: string, expiration: CacheExpiration, url: string, response: Response): Promise<void> {
  const cache = await caches.open(cacheName);
  await cache.put(url, response);
  await expiration.updateTimestamp(url);
  await expiration.expireEntries();
}

/** A cached copy in any cache (a game pack, the seen caches), cut to the Range asked for (audio, video). */
async function fromAnyCache(request: Request): Promise<Response | undefined> {
  const hit = await caches.match(request, { ignoreSearch: false });
  if (!hit || !request.headers.has('range')) return hit;
  return createPartialResponse(request, hit);
}

// The game's pictures and sounds: a pack's copy first, else the network; pictures are kept a while.
registerRoute(
  ({ request, url }) => request.method === 'GET' && isOwnMedia(url, self.location.origin),
  async ({ request, event }) => {
    const hit = await fromAnyCache(request);
    if (hit) return hit;
    const response = await fetch(request);
    if (request.destination === 'image' && response.status === 200) event.waitUntil(keep(MEDIA_SEEN, mediaSeen, request.url, response.clone()));
    return response;
  },
);

/**
 * A tile from the network, asked for with CORS (the map's `<img>` asks without): an opaque reply
 * cannot be checked and weighs megabytes in the phone's storage quota, so only a readable one is kept.
 * A tile server that does not allow CORS still gets its tile shown, just not kept.
 */
async function fetchTile(request: Request): Promise<{ response: Response; keepable: boolean }> {
  if (request.mode === 'no-cors') {
    try {
      const response = await fetch(request.url, { mode: 'cors', credentials: 'omit' });
      return { response, keepable: response.status === 200 };
    } catch {
      return { response: await fetch(request), keepable: false };
    }
  }
  const response = await fetch(request);
  return { response, keepable: response.status === 200 && response.type !== 'opaque' };
}

registerRoute(
  ({ request, url }) => request.method === 'GET' && isMapTile(url, self.location.origin),
  async ({ request, event }) => {
    const hit = await fromAnyCache(request);
    if (hit) return hit;
    const { response, keepable } = await fetchTile(request);
    if (keepable) event.waitUntil(keep(TILES_SEEN, tilesSeen, request.url, response.clone()));
    return response;
  },
);
// Everything else, /api/** and /socket.io included, has no route: the worker leaves it to the browser.
