import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FirstScreenRenderer } from './service.ts';

/**
 * Drawn pages are the same for every stranger, but a game that changes or leaves the list must show at
 * once: a cache keeps them only to ask again (ETag, 304 when unchanged).
 */
const CACHE_CONTROL = 'no-cache';

/**
 * GET /games and /game/{id}: the first screen as HTML from the server (src/entry-server.tsx in the
 * web app). A view it does not draw, or a render that fails, gets the client-rendered shell
 * (`sendShell`), which never shows a visitor a 500.
 */
export function firstScreenRoutes(app: FastifyInstance, renderer: FirstScreenRenderer, sendShell: (reply: FastifyReply) => FastifyReply): void {
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const query = request.url.indexOf('?');
    const pathname = query < 0 ? request.url : request.url.slice(0, query);
    const search = query < 0 ? '' : request.url.slice(query);
    if (!renderer.draws(pathname, search)) return sendShell(reply);
    let page;
    try {
      page = await renderer.render({ url: request.url, hostname: request.hostname.replace(/:\d+$/, ''), cookie: request.headers.cookie, client: request.ip });
    } catch (error) {
      request.log.error({ err: error }, 'the first screen could not be drawn; sending the client-rendered page');
      return sendShell(reply);
    }
    reply
      .header('cache-control', CACHE_CONTROL)
      .header('etag', page.etag)
      // The language comes from a cookie; the body from Accept-Encoding.
      .header('vary', 'cookie, accept-encoding');
    if (page.status === 200 && request.headers['if-none-match'] === page.etag) return reply.status(304).send();
    return reply.status(page.status).type('text/html; charset=utf-8').send(page.html);
  };
  const options = { config: { access: 'public' as const }, schema: { hide: true } };
  app.get('/games', options, handler);
  app.get('/game/:gameId', options, handler);
}
