/**
 * Which requests the service worker answers, and how: pure tests on the URL, so they are tested apart
 * from the worker (service-worker.ts).
 */

/** A map tile: .../{z}/{x}/{y}.png (jpg, webp, pbf; `@2x` for sharp screens), on whichever host serves the map. */
const TILE_PATH = /\/\d{1,2}\/\d{1,7}\/\d{1,7}(?:@2x)?\.(?:png|jpe?g|webp|pbf)$/;

/** Files, not pages (the API and the live socket are never answered by the worker at all). */
const NOT_A_PAGE = /^\/(?:api|socket\.io|media|assets)(?:\/|$)/;

/** A page of the app (/games, /game/{id}, /studio...): network first, else the kept shell. */
export function isAppPage(url: URL, origin: string): boolean {
  if (url.origin !== origin || NOT_A_PAGE.test(url.pathname)) return false;
  const last = url.pathname.slice(url.pathname.lastIndexOf('/') + 1);
  // index.html is a page too; other names with an extension (sw.js, favicon.svg) are files.
  return !last.includes('.') || last === 'index.html';
}

/** The game's pictures and sounds served by this server. */
export function isOwnMedia(url: URL, origin: string): boolean {
  return url.origin === origin && url.pathname.startsWith('/media/');
}

/** A map tile on another host (the public config's tileUrl). */
export function isMapTile(url: URL, origin: string): boolean {
  return url.origin !== origin && (url.protocol === 'https:' || url.protocol === 'http:') && TILE_PATH.test(url.pathname);
}
