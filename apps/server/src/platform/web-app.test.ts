import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { buildCode, buildGame } from '../test/factories.ts';
import { acceptedCodings } from './accept-encoding.ts';

/** The body as the client reads it, after undoing the content coding the reply names. */
function decoded(res: LightMyRequestResponse): Buffer {
  const coding = res.headers['content-encoding'];
  if (coding === 'br') return brotliDecompressSync(res.rawPayload);
  if (coding === 'gzip') return gunzipSync(res.rawPayload);
  expect(coding).toBeUndefined();
  return res.rawPayload;
}

/** The headers that differ between any two replies: the date, and each request's own id. */
const withoutDate = (headers: LightMyRequestResponse['headers']) => {
  const { date: _date, 'x-request-id': requestId, ...rest } = headers;
  expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
  return rest;
};

// Delivery does not depend on the database kind: PGlite only. The web app is a fake build in a temp
// directory (no dependency on `npm run build`), with .br and .gz files as the Vite plugin makes them.
describe('web app and API delivery', () => {
  let t: TestApp;
  let base: string;
  const indexHtml = `<!doctype html><html lang="he"><head><title>StreetHunt</title></head><body><div id="root"></div>${'<!-- padding -->'.repeat(100)}<script type="module" src="/assets/index-Abc123.js"></script></body></html>`;
  const script = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word-${i}`))};\n`;
  const favicon = '<svg xmlns="http://www.w3.org/2000/svg"/>';
  const serviceWorker = `self.__WB_MANIFEST=${JSON.stringify(Array.from({ length: 60 }, (_, i) => ({ url: `assets/chunk-${i}.js`, revision: null })))};`;
  const webManifest = JSON.stringify({ name: 'StreetHunt', start_url: '/games', display: 'standalone' });
  const brScript = brotliCompressSync(script);
  const files: Record<string, string | Buffer> = {
    'index.html': indexHtml,
    'index.html.br': brotliCompressSync(indexHtml),
    'index.html.gz': gzipSync(indexHtml),
    'assets/index-Abc123.js': script,
    'assets/index-Abc123.js.br': brScript,
    'assets/index-Abc123.js.gz': gzipSync(script),
    // Small files get no compressed copies at build time.
    'assets/tiny-Def456.css': 'body{margin:0}',
    'favicon.svg': favicon,
    'sw.js': serviceWorker,
    'sw.js.br': brotliCompressSync(serviceWorker),
    'manifest.webmanifest': webManifest,
  };
  const assetUrl = '/assets/index-Abc123.js';
  let gameId: string;
  let code: string;

  beforeAll(async () => {
    base = await mkdtemp(path.join(tmpdir(), 'streethunt-web-'));
    const dist = path.join(base, 'dist');
    await mkdir(path.join(dist, 'assets'), { recursive: true });
    for (const [name, content] of Object.entries(files)) await writeFile(path.join(dist, name), content);
    // Beside dist: must never be reachable.
    await writeFile(path.join(base, 'secret.txt'), 'outside-the-web-root');
    t = await buildTestApp({ webDist: dist });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    // Enough approved games that the list is well over 1 KB.
    for (let i = 0; i < 6; i++) gameId = (await buildGame(t.db)).id;
    code = (await buildCode(t.db, { gameId })).code;
  });
  afterAll(async () => {
    await t.close();
    await rm(base, { recursive: true, force: true });
  });

  /**
   * Over a real socket: inject (like a browser) resolves `..` and `%2e%2e` before the server sees
   * them, and an attacker's client does not.
   */
  const rawRequest = (method: 'GET' | 'HEAD', rawPath: string) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const { port } = t.app.server.address() as AddressInfo;
      const req = httpRequest({ host: '127.0.0.1', port, method, path: rawPath }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
      });
      req.on('error', reject);
      req.end();
    });
  const get = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') => t.app.inject({ method, url, headers });

  describe('precompressed files', () => {
    it.each([
      ['gzip, deflate, br, zstd', 'br'],
      ['br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0.5, gzip', 'gzip'],
      [undefined, undefined],
    ])('Accept-Encoding %s: the asset comes as %s, and decodes to the original', async (acceptEncoding, coding) => {
      const res = await get(assetUrl, acceptEncoding ? { 'accept-encoding': acceptEncoding } : {});
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(coding);
      expect(res.headers['content-type']).toMatch(/^(?:text|application)\/javascript; charset=utf-8$/);
      expect(res.headers.vary).toBe('accept-encoding');
      expect(decoded(res).toString()).toBe(script);
    });

    it('sends index.html compressed on a page route, and the original of a file that has no compressed copy', async () => {
      const page = await get('/game/abc', { 'accept-encoding': 'gzip, br' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-encoding']).toBe('br');
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(decoded(page).toString()).toBe(indexHtml);

      const tiny = await get('/assets/tiny-Def456.css', { 'accept-encoding': 'gzip, br' });
      expect(tiny.statusCode).toBe(200);
      expect(tiny.headers['content-encoding']).toBeUndefined();
      expect(tiny.headers['content-type']).toBe('text/css; charset=utf-8');
      expect(tiny.body).toBe(files['assets/tiny-Def456.css']);
    });

    it('does not serve the .br and .gz files as files of their own', async () => {
      for (const url of [`${assetUrl}.br`, '/index.html.gz']) expect((await get(url)).statusCode).toBe(404);
    });
  });

  describe('caching', () => {
    it('hashed assets are immutable for a year, in every encoding', async () => {
      for (const acceptEncoding of ['br', 'gzip', 'identity']) {
        const res = await get(assetUrl, { 'accept-encoding': acceptEncoding });
        expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      }
      expect((await get('/assets/tiny-Def456.css')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    });

    it('index.html and every page route are revalidated on each load', async () => {
      for (const url of ['/', '/index.html', '/games', '/game/abc', '/game/abc/questions?x=1']) {
        for (const acceptEncoding of ['br', 'identity']) {
          const res = await get(url, { 'accept-encoding': acceptEncoding });
          expect(res.statusCode, url).toBe(200);
          expect(res.headers['cache-control'], url).toBe('no-cache');
          expect(decoded(res).toString()).toBe(indexHtml);
        }
      }
    });

    it('the service worker is revalidated on every check, in every encoding, under a policy that lets it fetch map tiles', async () => {
      for (const acceptEncoding of ['br', 'identity']) {
        const res = await get('/sw.js', { 'accept-encoding': acceptEncoding });
        expect(res.statusCode).toBe(200);
        expect(res.headers['cache-control']).toBe('no-cache');
        expect(res.headers['content-type']).toMatch(/^(?:text|application)\/javascript/);
        expect(decoded(res).toString()).toBe(serviceWorker);
        const policy = String(res.headers['content-security-policy']);
        expect(policy).toContain("script-src 'self'");
        expect(policy).toMatch(/connect-src [^;]*\*/);
      }
      // The page keeps its own policy.
      expect(String((await get('/games')).headers['content-security-policy'])).not.toMatch(/connect-src [^;]*\*/);
    });

    it('the web manifest is sent as one, and the page policy allows the worker and the manifest from this origin', async () => {
      const res = await get('/manifest.webmanifest');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
      expect(res.headers['cache-control']).toBe('public, max-age=3600');
      expect(res.json()).toEqual(JSON.parse(webManifest));
      const policy = String((await get('/games')).headers['content-security-policy']);
      // No worker-src, manifest-src or child-src of their own: both fall back to default-src 'self'.
      expect(policy).toContain("default-src 'self'");
      expect(policy).not.toMatch(/worker-src|manifest-src|child-src/);
    });

    it('other root files are cached for an hour', async () => {
      const res = await get('/favicon.svg');
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=3600');
      expect(res.body).toBe(favicon);
    });
  });

  describe('HEAD', () => {
    it.each(['/', '/games', '/game/abc', assetUrl, '/favicon.svg'])('HEAD %s answers like GET, without a body', async (url) => {
      for (const acceptEncoding of ['br', 'gzip', 'identity']) {
        const headers = { 'accept-encoding': acceptEncoding };
        const [head, full] = [await get(url, headers, 'HEAD'), await get(url, headers)];
        expect(head.statusCode).toBe(200);
        expect(withoutDate(head.headers)).toEqual(withoutDate(full.headers));
        expect(Number(head.headers['content-length'])).toBe(full.rawPayload.length);
        expect(head.rawPayload.length).toBe(0);
      }
    });
  });

  describe('what is not a page', () => {
    it.each([
      ['GET', '/assets/missing-Zzz999.js'],
      ['GET', '/assets/no-extension'],
      ['GET', '/api/no-such-route'],
      ['GET', '/robots.txt'],
      ['POST', '/games'],
    ] as const)('%s %s is a 404 in the API error form, not index.html', async (method, url) => {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'not_found' });
    });
  });

  describe('bad input', () => {
    it('a Range on an asset gives 206 with those bytes, of the encoding chosen', async () => {
      const plain = await get(assetUrl, { range: 'bytes=0-99' });
      expect(plain.statusCode).toBe(206);
      expect(plain.headers['content-range']).toBe(`bytes 0-99/${Buffer.byteLength(script)}`);
      expect(plain.body).toBe(script.slice(0, 100));

      const br = await get(assetUrl, { range: 'bytes=10-19', 'accept-encoding': 'br' });
      expect(br.statusCode).toBe(206);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-range']).toBe(`bytes 10-19/${brScript.length}`);
      expect(br.rawPayload.equals(brScript.subarray(10, 20))).toBe(true);
    });

    it('an unsatisfiable or garbled byte Range is a 416; another unit, several ranges or none, the whole file', async () => {
      for (const range of ['bytes=999999-', 'bytes=abc', 'bytes=5-1', 'bytes=-0']) {
        const res = await get(assetUrl, { range });
        expect(res.statusCode, range).toBe(416);
        expect(res.json()).toMatchObject({ code: 'validation' });
      }
      for (const range of ['pages=1-2', 'bytes=0-1,5-6', '', 'x'.repeat(5000)]) {
        const res = await get(assetUrl, { range, 'accept-encoding': 'gzip' });
        expect(res.statusCode, range).toBe(200);
        expect(decoded(res).toString()).toBe(script);
      }
    });

    it('If-None-Match with the ETag gives 304 without a body, per encoding', async () => {
      for (const url of [assetUrl, '/games']) {
        for (const acceptEncoding of ['br', 'identity']) {
          const first = await get(url, { 'accept-encoding': acceptEncoding });
          const etag = first.headers.etag as string;
          expect(etag).toBeTruthy();
          const again = await get(url, { 'accept-encoding': acceptEncoding, 'if-none-match': etag });
          expect(again.statusCode).toBe(304);
          expect(again.rawPayload.length).toBe(0);
          expect(again.headers.etag).toBe(etag);
        }
      }
      // The brotli file's ETag does not stand for the original.
      const br = await get(assetUrl, { 'accept-encoding': 'br' });
      const plain = await get(assetUrl, { 'if-none-match': br.headers.etag as string });
      expect(plain.statusCode).toBe(200);
      expect(plain.body).toBe(script);
      // A stale or garbled ETag gets the file.
      for (const etag of ['"nope"', 'W/', '***']) expect((await get(assetUrl, { 'if-none-match': etag })).statusCode).toBe(200);
    });

    it.each([
      ['identity;q=0', undefined],
      ['*', 'br'],
      ['*;q=0', undefined],
      ['gzip;q=0, *', 'br'],
      ['br;q=0, *', 'gzip'],
      ['br;q=0, *;q=0.5, gzip;q=0', undefined],
      ['br;q=abc', undefined],
      ['br;q=abc, gzip', 'gzip'],
      ['gzip;q=0, br;q=0', undefined],
      ['BR', 'br'],
      ['%%%,,;;==q', undefined],
      [';q=1, =, ,', undefined],
      ['x'.repeat(2000), undefined],
    ])('Accept-Encoding "%s" gets %s, never a coding it refused', async (acceptEncoding, coding) => {
      for (const url of [assetUrl, '/game/abc']) {
        const res = await get(url, { 'accept-encoding': acceptEncoding });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-encoding']).toBe(coding);
        expect(decoded(res).toString()).toBe(url === assetUrl ? script : indexHtml);
      }
    });

    it.each([
      '/assets/../../package.json',
      '/../secret.txt',
      '/assets/../../secret.txt',
      '/assets/%2e%2e/%2e%2e/secret.txt',
      '/%2e%2e/secret.txt',
      '/%2E%2E%2Fsecret.txt',
      '/assets/..%2f..%2fsecret.txt',
      '/..%5csecret.txt',
      '/%00',
      '/game/abc%00',
      `${assetUrl}%00`,
      '/%E0%A4%A',
    ])('%s is refused with a 4xx, neither a file nor the page', async (url) => {
      for (const method of ['GET', 'HEAD'] as const) {
        const res = await rawRequest(method, url);
        expect(res.status, `${method} ${url}`).toBeGreaterThanOrEqual(400);
        expect(res.status, `${method} ${url}`).toBeLessThan(500);
        expect(res.body).not.toContain('outside-the-web-root');
        expect(res.body).not.toContain('<html');
        expect(res.body).not.toContain('"workspaces"');
      }
    });
  });

  describe('JSON replies', () => {
    it('a list over 1 KB leaves compressed as the client accepts, and decodes to the same JSON', async () => {
      const plain = await get('/api/games');
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.rawPayload.length).toBeGreaterThan(1024);
      for (const [acceptEncoding, coding] of [
        ['gzip, deflate, br', 'br'],
        ['gzip', 'gzip'],
        ['gzip;q=0, *', 'br'],
        ['gzip;q=0, br;q=0', undefined],
      ] as const) {
        const res = await get('/api/games', { 'accept-encoding': acceptEncoding });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-encoding'], acceptEncoding).toBe(coding);
        if (coding) {
          expect(res.headers.vary).toContain('accept-encoding');
          expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length);
        }
        expect(JSON.parse(decoded(res).toString())).toEqual(plain.json());
      }
    });

    it("the player's game (sent as a ready JSON string) is compressed too, keeping its own headers", async () => {
      const headers = { 'x-game-secret': code };
      const plain = await get(`/api/games/${gameId}`, headers);
      expect(plain.statusCode).toBe(200);
      expect(plain.json().questions.length).toBeGreaterThan(0);
      expect(plain.rawPayload.length).toBeGreaterThan(1024);
      expect(plain.headers.vary).toBe('x-game-secret, x-access-token, accept-encoding');
      // Twice each: the second comes from the compressed copy kept for this version of the game.
      for (const [acceptEncoding, coding] of [['gzip, deflate, br', 'br'], ['gzip, deflate, br', 'br'], ['gzip', 'gzip'], ['gzip', 'gzip'], ['gzip;q=0, *', 'br'], ['gzip;q=0, br;q=0', undefined]] as const) {
        const res = await get(`/api/games/${gameId}`, { ...headers, 'accept-encoding': acceptEncoding });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-encoding'], acceptEncoding).toBe(coding);
        expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(res.headers['cache-control']).toBe('private, no-store');
        expect(res.headers.vary).toBe('x-game-secret, x-access-token, accept-encoding');
        expect(decoded(res).toString()).toBe(plain.body);
      }
    });

    it('a reply under 1 KB leaves as it is', async () => {
      const acceptEncoding = { 'accept-encoding': 'gzip, deflate, br' };
      const config = await get('/api/public-config', acceptEncoding);
      expect(config.statusCode).toBe(200);
      expect(config.headers['content-encoding']).toBeUndefined();
      expect(config.json()).toBeTypeOf('object');

      const progress = (action: string) =>
        t.app.inject({ method: 'POST', url: '/api/game-progress', headers: acceptEncoding, payload: { action, gameId, secretCode: code } });
      expect((await progress('set-start-time')).statusCode).toBe(200);
      const res = await progress('get-game-progress');
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.length).toBeLessThan(1024);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.json().game_id).toBe(gameId);
    });
  });
});

describe('acceptedCodings', () => {
  it.each([
    ['gzip, deflate, br', ['br', 'gzip']],
    ['gzip;q=1.0, br;q=0.8', ['gzip', 'br']],
    ['*', ['br', 'gzip']],
    ['gzip;q=0, *', ['br']],
    ['x-gzip', ['gzip']],
    ['br;q=1.5', []],
    ['br;q=0.001, identity', ['br']],
    ['', []],
  ])('%s accepts %j', (header, codings) => {
    expect(acceptedCodings(header)).toEqual(codings);
  });
});
