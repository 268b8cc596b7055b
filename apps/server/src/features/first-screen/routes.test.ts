import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { firstScreenRoutes } from './routes.ts';
import type { FirstScreenRenderer } from './service.ts';
import { linesInto } from '../../test/log-lines.ts';

// The routes around the renderer (the web app's server build, which the browser tests drive for
// real): the shell when it does not draw or fails, the status and caching of what it draws.

const SHELL = '<!doctype html><div id="root">shell</div>';

async function appWith(renderer: FirstScreenRenderer) {
  const lines: string[] = [];
  const app = Fastify({ logger: { level: 'error', stream: linesInto(lines) } });
  firstScreenRoutes(app, renderer, (reply) => reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(SHELL));
  await app.ready();
  return { app, lines };
}

const page = (status: 200 | 404, html: string) => ({ status, html, etag: `"${html.length}"` });

describe('the first screen routes', () => {
  it('send what the renderer drew with its status, no-cache, an ETag and vary: cookie; a 304 when the ETag matches', async () => {
    const seen: { url: string; hostname: string; cookie: string | undefined }[] = [];
    const { app } = await appWith({
      draws: () => true,
      render: async ({ url, hostname, cookie }) => {
        seen.push({ url, hostname, cookie });
        return url.startsWith('/game/') ? page(404, '<p>not found</p>') : page(200, '<p>games</p>');
      },
    });
    const games = await app.inject({ url: '/games?q=jaffa', headers: { host: 'www.example.com:8080', cookie: 'lang=en' } });
    expect(games.statusCode).toBe(200);
    expect(games.body).toBe('<p>games</p>');
    expect(games.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(games.headers['cache-control']).toBe('no-cache');
    expect(games.headers['vary']).toBe('cookie, accept-encoding');
    expect(seen[0]).toEqual({ url: '/games?q=jaffa', hostname: 'www.example.com', cookie: 'lang=en' });

    const again = await app.inject({ url: '/games?q=jaffa', headers: { 'if-none-match': games.headers.etag as string } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    const missing = await app.inject({ url: '/game/nope' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toBe('<p>not found</p>');
    await app.close();
  });

  it('send the client-rendered shell for a view the renderer does not draw', async () => {
    const { app } = await appWith({
      draws: (_pathname, search) => !search.includes('near'),
      render: async () => page(200, '<p>drawn</p>'),
    });
    const near = await app.inject({ url: '/games?near=1' });
    expect(near.statusCode).toBe(200);
    expect(near.body).toBe(SHELL);
    await app.close();
  });

  it('never show a visitor a 500: a render that fails is logged and the shell goes out instead', async () => {
    const { app, lines } = await appWith({
      draws: () => true,
      render: async () => {
        throw new Error('the renderer broke');
      },
    });
    const reply = await app.inject({ url: '/game/64656d6f67616d6500000001' });
    expect(reply.statusCode).toBe(200);
    expect(reply.body).toBe(SHELL);
    expect(lines.join('\n')).toMatch(/the first screen could not be drawn.*the renderer broke|the renderer broke[\s\S]*the first screen could not be drawn/);
    await app.close();
  });
});
