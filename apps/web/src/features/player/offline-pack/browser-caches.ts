import { browserCaches } from '../../../ui/offline/browser-caches.ts';
import type { PackDeps } from './download-pack.ts';

export function browserPackDeps(): PackDeps {
  return {
    // Tiles are asked for with CORS, so their size is known and the service worker may answer a map's <img> with them.
    fetch: (url, init) => fetch(url, { ...init, credentials: 'same-origin' }),
    caches: browserCaches(),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    base: window.location.href,
  };
}
