import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_OPEN_FORMAT_BYTES, type ImportReadReply } from '@streethunt/shared';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildGame } from '../../test/factories.ts';
import { nextIp } from '../../test/client-address.ts';
import { call } from '../../test/requests.ts';
import { userWithToken } from '../../test/tokens.ts';
import { createFileReader } from './formats/read-file.ts';
import { storedGame, studioTables } from './test-support.ts';

const sample = (name: string) => readFileSync(new URL(`./formats/samples/${name}`, import.meta.url));

/** POST /api/games/import/read with a file's bytes. */
function readFile(t: TestApp, bytes: Buffer, token?: string, contentType = 'application/octet-stream') {
  return t.app.inject({
    method: 'POST',
    url: '/api/games/import/read',
    headers: { 'content-type': contentType, ...(token && { 'x-access-token': token }) },
    payload: bytes,
    remoteAddress: nextIp(),
  });
}

describe('POST /api/games/import/read', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('reads a KML into a game, saving nothing; the game imported as a file becomes the caller’s draft with its stops and areas', async () => {
    const { token, user } = await userWithToken(t);
    const before = await studioTables(t.db);
    const res = await readFile(t, sample('kml22-points-folders-giscore.kml'), token);
    expect(res.statusCode).toBe(200);
    const { data } = res.json() as ImportReadReply;
    expect(data.summary).toMatchObject({ format: 'kml', name: '7 Wonders', stops: 7, areas: { point: 7, polygon: 0 } });
    expect(data.notCarried).toEqual([]);
    expect((await studioTables(t.db)).text).toBe(before.text);

    const imported = await call(t, 'POST', '/api/games/import', { token, body: data.file });
    expect(imported.statusCode).toBe(200);
    const row = await storedGame(t.db, imported.json().data._id);
    expect(row).toMatchObject({ userId: user.id, status: 'DRAFT' });
    expect(row!.metadata).toMatchObject({ name: '7 Wonders', map: true });
    expect(row!.questions).toHaveLength(7);
    expect((row!.questions as unknown[])[0]).toMatchObject({ content: '<h2>Cairo, Egypt</h2><p>The Great Pyramid of Giza</p>', location: { lat: 30.0982, lng: 31.246099 } });
  });

  it('a description’s script is removed when the game is saved, as anything a creator types', async () => {
    const { token } = await userWithToken(t);
    const kml = `<?xml version="1.0"?><kml><Document><name>Scripted</name><Placemark><name>Here</name><description><![CDATA[<p>Look up<script>alert(1)</script><a href="javascript:alert(2)">x</a></p>]]></description><Point><coordinates>34.77,32.07</coordinates></Point></Placemark></Document></kml>`;
    const res = await readFile(t, Buffer.from(kml), token);
    const { data } = res.json() as ImportReadReply;
    expect(data.notCarried).toEqual([{ kind: 'scripts', count: 1, where: ['Here'] }]);
    const imported = await call(t, 'POST', '/api/games/import', { token, body: data.file });
    const content = ((await storedGame(t.db, imported.json().data._id))!.questions as Array<{ content: string }>)[0]!.content;
    expect(content).toContain('Look up');
    expect(content).not.toMatch(/script|javascript|alert/);
  });

  it('refuses a bad file with 400 naming what and where, and a file sent as JSON or text with 400; a file over 5 MB is 413; nothing is stored', async () => {
    const { token } = await userWithToken(t);
    const before = await studioTables(t.db);
    const bad = await readFile(t, Buffer.from('<?xml version="1.0"?>\n<gpx version="1.1">\n<wpt lat="95" lon="34"><name>X</name></wpt>\n</gpx>'), token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: 'validation',
      message: "A point's coordinates are out of range: latitude 95 (-90 to 90), longitude 34 (-180 to 180) (in wpt 1, line 3)",
    });
    const typed = await readFile(t, Buffer.from('{}'), token, 'application/json');
    expect([typed.statusCode, typed.json().code]).toEqual([400, 'validation']);
    const other = await readFile(t, Buffer.from('x'), token, 'text/plain');
    expect([other.statusCode, other.json().code]).toEqual([400, 'validation']);
    const big = await readFile(t, Buffer.alloc(MAX_OPEN_FORMAT_BYTES + 1, 0x20), token);
    expect([big.statusCode, big.json().code]).toEqual([413, 'payload_too_large']);
    expect((await studioTables(t.db)).text).toBe(before.text);
  });

  it('anonymous callers get 401', async () => {
    const res = await readFile(t, sample('gpx-route-gpxpy.gpx'));
    expect([res.statusCode, res.json().code]).toEqual([401, 'unauthorized']);
  });

  it('a file whose game would break a limit is 400 with the reason (each answered 500 before): a circle of radius 1e300 or at latitude 90, XML nested too deep, a description past 100k once escaped', async () => {
    const { token } = await userWithToken(t);
    const story = (location: unknown, text = 'Walk on') =>
      Buffer.from(JSON.stringify({ locations: { there: location }, screens: { start: { type: 'navigate', location: 'there', next: 'read' }, read: { type: 'text', text } } }));
    const placemark = (inside: string) =>
      Buffer.from(`<?xml version="1.0"?><kml><Document><Placemark><name>P</name>${inside}<Point><coordinates>34.77,32.07</coordinates></Point></Placemark></Document></kml>`);
    const files = {
      radius: story({ type: 'circle', center: { latitude: 32, longitude: 34 }, radius: 1e300 }),
      pole: story({ type: 'circle', center: { latitude: 90, longitude: 34 }, radius: 100 }),
      nested: placemark(`${'<x>'.repeat(500)}${'</x>'.repeat(500)}`),
      escaped: placemark(`<description>${'&amp;'.repeat(30_000)}</description>`),
    };
    const replies = Object.fromEntries(
      await Promise.all(Object.entries(files).map(async ([name, bytes]) => [name, await readFile(t, bytes, token)] as const)),
    );
    for (const [name, res] of Object.entries(replies)) expect([name, res.statusCode, res.json().code], res.body).toEqual([name, 400, 'validation']);
    expect(replies.radius!.json().message).toContain('A circle of radius 1e+300 m');
    expect(replies.pole!.json().message).toContain("around latitude 90, longitude 34 reaches past the map's edge");
    expect(replies.nested!.json().message).toContain('nests elements more than 100 deep');
    expect(replies.escaped!.json().message).toContain('questions.0.content: Too big');
  });

  it('a file is read off the event loop: /healthz answers promptly while a slow read runs', async () => {
    const { token } = await userWithToken(t);
    // 650,000 empty elements (2.6 MB): about a second of parsing, linear but long, and far under the 10 s limit.
    const slow = Buffer.from(
      `<?xml version="1.0"?><kml><Document><Placemark><name>P</name><ExtendedData>${'<x/>'.repeat(650_000)}</ExtendedData><Point><coordinates>34.77,32.07</coordinates></Point></Placemark></Document></kml>`,
    );
    let done = false;
    const started = performance.now();
    const reading = readFile(t, slow, token).finally(() => (done = true));
    // Each turn asks /healthz and waits 10 ms: a turn lasts as long as the event loop makes it wait.
    const turns: number[] = [];
    let turnStarted = started;
    while (!done) {
      await t.app.inject({ method: 'GET', url: '/healthz' });
      await new Promise((resolve) => setTimeout(resolve, 10));
      const now = performance.now();
      turns.push(now - turnStarted);
      turnStarted = now;
    }
    const res = await reading;
    expect(res.statusCode).toBe(200);
    const took = performance.now() - started;
    // Measured against the read itself, not a clock (a busy machine slows both): read on this thread,
    // it would hold one turn for most of its time.
    const median = [...turns].sort((x, y) => x - y)[Math.floor(turns.length / 2)]!;
    expect(turns.length).toBeGreaterThanOrEqual(3);
    expect(median).toBeLessThan(took / 10);
    expect(Math.max(...turns)).toBeLessThan(took / 2);
  });
});

describe('the file reader’s time limit', () => {
  it('stops a read that runs past its limit and says to try again (429), reading nothing', async () => {
    const reader = createFileReader({ timeoutMs: 200, maxThreads: 1 });
    try {
      const slow = Buffer.from(`<?xml version="1.0"?><kml><Document><Placemark><name>P</name><ExtendedData>${'<x/>'.repeat(1_300_000)}</ExtendedData></Placemark></Document></kml>`);
      await expect(reader.read(slow)).rejects.toMatchObject({ statusCode: 429, code: 'rate_limited' });
    } finally {
      await reader.close();
    }
  });
});

describe('GET /api/games/export-map/{gameId}', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const exportMap = (gameId: string, format: string, token?: string) => call(t, 'GET', `/api/games/export-map/${gameId}?format=${format}`, { token });

  it('GPX and KML of the start and each area in order, named, as attachments; never an answer or a hint; each reads back as the same map', async () => {
    const { user, token } = await userWithToken(t);
    const game = await buildGame(t.db, { userId: user.id });
    const [q1, q2] = game.content.questions;
    const secrets = game.content.questions.flatMap((q) => [
      ...(q.answer.kind === 'text' ? q.answer.value.split(',').map((v) => v.trim()) : []),
      ...q.hints.map((h) => h.content.replace(/<[^>]+>/g, '')),
      q.answer.contentAfterAnswer.replace(/<[^>]+>/g, ''),
    ]).filter(Boolean);

    for (const [format, type] of [['gpx', 'application/gpx+xml; charset=utf-8'], ['kml', 'application/vnd.google-earth.kml+xml; charset=utf-8']] as const) {
      const res = await exportMap(game.id, format, token);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe(type);
      expect(res.headers['content-disposition']).toBe(`attachment; filename="Test-hunt.${format}"; filename*=UTF-8''Test%20hunt.${format}`);
      expect(res.headers['cache-control']).toBe('private, no-store');
      for (const secret of secrets) expect(res.body, `${format} never holds "${secret}"`).not.toContain(secret);
      expect(res.body).toContain('1. Who made the fountain?');
      expect(res.body).toContain('התחלה');

      // Read back by our own reader: the start, then each area in order.
      const read = await readFile(t, Buffer.from(res.body), token);
      const { data } = read.json() as ImportReadReply;
      expect(data.file.game.metadata.location).toEqual(game.content.metadata.location);
      const areas = data.file.game.questions.map((q) => q.location);
      if (format === 'kml') {
        expect(areas).toEqual(game.content.questions.map((q) => q.location));
      } else {
        // GPX has no polygons: a polygon area comes back as the waypoint at its centre (its ring is a track).
        expect(areas[1]).toEqual(q2!.location);
        expect(Array.isArray(areas[0])).toBe(false);
        expect(data.notCarried).toEqual([{ kind: 'tracks', count: 1, where: ['1. Who made the fountain?'] }]);
        expect(q1!.location).toHaveLength(4);
      }
    }
  });

  it('another creator’s game is 404; an unknown format is 400; anonymous is 401', async () => {
    const { token } = await userWithToken(t);
    const game = await buildGame(t.db);
    expect((await exportMap(game.id, 'gpx', token)).statusCode).toBe(404);
    const { user, token: owner } = await userWithToken(t);
    const mine = await buildGame(t.db, { userId: user.id });
    expect((await exportMap(mine.id, 'shp', owner)).json()).toMatchObject({ code: 'validation' });
    expect((await exportMap(mine.id, 'gpx')).statusCode).toBe(401);
  });
});
