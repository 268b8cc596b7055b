import type { PackCaches } from './pack-storage.ts';
import type { PackDeps } from './download-pack.ts';

/** True where the page may keep files itself: Cache Storage exists only in a secure context. */
export const canKeepPacks = () => typeof window !== 'undefined' && 'caches' in window;

/** The browser's Cache Storage, as the pack uses it. */
export function browserCaches(): PackCaches {
  return {
    open: (name) => caches.open(name),
    delete: (name) => caches.delete(name),
    keys: () => caches.keys(),
    has: (name) => caches.has(name),
  };
}

export function browserPackDeps(): PackDeps {
  return {
    // Tiles are asked for with CORS, so their size is known and the service worker may answer a map's <img> with them.
    fetch: (url, init) => fetch(url, { ...init, credentials: 'same-origin' }),
    caches: browserCaches(),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    base: window.location.href,
  };
}
