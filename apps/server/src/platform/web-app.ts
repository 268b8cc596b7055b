import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { normalizeAcceptEncoding } from './accept-encoding.ts';
import { replyCompression } from './compression.ts';
import { sendRouteNotFound } from './errors.ts';
import { firstScreenRoutes } from '../features/first-screen/routes.ts';
import type { FirstScreenRenderer } from '../features/first-screen/service.ts';

/** Vite puts a content hash in every name under assets/: such a file never changes. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html names the current hashed assets: the browser asks again each time (a 304 when unchanged). */
const REVALIDATE = 'no-cache';
/** Other files at the root (favicon.svg...) keep their names across builds: cached a little, so a change shows within the hour. */
const SHORT = 'public, max-age=3600';
/**
 * The service worker (docs/decisions/013): asked again on every check, so a new deploy always reaches
 * the phone and an old worker never sticks (browsers cap a worker's HTTP caching at a day anyway).
 */
const SERVICE_WORKER = 'sw.js';
/**
 * A worker runs under the policy its own script was sent with. It fetches what the page asked for:
 * this server's files and media, and map tiles from the tile server the public config names, any host.
 */
const SERVICE_WORKER_CSP = "default-src 'self'; connect-src 'self' *; script-src 'self'; object-src 'none'; base-uri 'none'";

/**
 * Serves the built web app: its files (the `.br`/`.gz` made at build time when the client accepts
 * them), the first screen of /games and /game/{id} drawn by `firstScreen` when there is one, and
 * index.html for every other GET or HEAD that looks like a page (client-side routing).
 */
export async function serveWebApp(app: FastifyInstance, root: string, firstScreen: FirstScreenRenderer | null = null): Promise<void> {
  const assetsDir = path.join(root, 'assets') + path.sep;
  const cacheControlFor = (filePath: string) => {
    if (filePath.startsWith(assetsDir)) return IMMUTABLE;
    const name = path.basename(filePath).replace(/\.(?:br|gz)$/, '');
    return name === 'index.html' || name === SERVICE_WORKER ? REVALIDATE : SHORT;
  };
  const rootDir = path.resolve(root);
  const isServiceWorker = (filePath: string) => path.resolve(path.dirname(filePath)) === rootDir && path.basename(filePath).replace(/\.(?:br|gz)$/, '') === SERVICE_WORKER;

  await app.register(async (web) => {
    web.addHook('onRequest', normalizeAcceptEncoding);
    await web.register(fastifyStatic, {
      root,
      // One route per file found at start (no catch-all), so anything else reaches the handler below.
      wildcard: false,
      index: false,
      // name.br or name.gz beside name, picked by Accept-Encoding (brotli first), else name itself.
      preCompressed: true,
      globIgnore: ['**/*.br', '**/*.gz'],
      // @fastify/send writes its own cache-control (public, max-age=0) after setHeaders ran, so it is
      // switched off and setHeaders alone decides.
      cacheControl: false,
      // filePath is the file sent: name.br when brotli was chosen.
      setHeaders: (res, filePath) => {
        res.setHeader('cache-control', cacheControlFor(filePath));
        if (isServiceWorker(filePath)) res.setHeader('content-security-policy', SERVICE_WORKER_CSP);
        // The body depends on Accept-Encoding, also when it came out as the original.
        res.setHeader('vary', 'accept-encoding');
      },
    });

    // Drawn pages are compressed as they go (the files beside them were compressed at build time).
    if (firstScreen) {
      await web.register(async (pages) => {
        await pages.register(replyCompression);
        firstScreenRoutes(pages, firstScreen, (reply) => reply.sendFile('index.html'));
      });
    }

    web.setNotFoundHandler((request, reply) => {
      const rawPath = request.url.split('?')[0] ?? '';
      let pathname: string;
      try {
        pathname = decodeURIComponent(rawPath);
      } catch {
        return reply.status(400).send({ message: 'The path is not valid percent-encoding', code: 'validation' });
      }
      // Never a page (nor a file) for these, whichever way they were spelled.
      if (pathname.includes('\0') || pathname.split(/[\\/]/).includes('..')) {
        return reply.status(400).send({ message: 'The path is not valid', code: 'validation' });
      }
      const isPage =
        (request.method === 'GET' || request.method === 'HEAD') &&
        !/^\/(?:api|socket\.io|assets)\//.test(pathname) &&
        !path.posix.extname(pathname);
      return isPage ? reply.sendFile('index.html') : sendRouteNotFound(request, reply);
    });
  });
}
