import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Place, PlacesReply } from '@streethunt/shared';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { getJson } from '../../test/requests.ts';
import { userWithToken } from '../../test/tokens.ts';
import { startLocalNominatim, type NominatimResult } from './local-nominatim.ts';

/** GET /api/places as a logged-in user (a new one unless given), from one address. */
async function searcher(t: TestApp) {
  const { token } = await userWithToken(t);
  return (query: string, ip?: string) => getJson(t.app, `/api/places?${query}`, { token, ip });
}
const places = (res: { json: () => unknown }) => (res.json() as PlacesReply).data;
const q = (text: string, lang?: string) => `q=${encodeURIComponent(text)}${lang ? `&lang=${lang}` : ''}`;
/** The same search, submitted by the creator (Enter): only such a search asks the upstream. */
const submitted = (text: string, lang?: string) => `${q(text, lang)}&submitted=true`;

describe('GET /api/places with the offline gazetteer', () => {
  let t: TestApp;
  let search: Awaited<ReturnType<typeof searcher>>;
  beforeAll(async () => {
    t = await buildTestApp();
    search = await searcher(t);
  });
  afterAll(() => t.close());

  it('coordinates typed as `lat, lng` are that point, and only it', async () => {
    for (const text of ['32.0853, 34.7818', '32.0853 34.7818', '\u200f32.0853,\u200e 34.7818\u200f']) {
      const res = await search(q(text));
      expect(res.statusCode).toBe(200);
      expect(places(res)).toEqual([{ name: '32.0853, 34.7818', detail: '', lat: 32.0853, lng: 34.7818, source: 'coordinates' }]);
    }
  });

  it('coordinates out of range are no coordinate result', async () => {
    for (const text of ['91, 10', '10, 181', '-90.5 0']) {
      const res = await search(q(text));
      expect(res.statusCode).toBe(200);
      expect(places(res).filter((p) => p.source === 'coordinates')).toEqual([]);
    }
  });

  it('finds a city by the start of its name, any case, accents and punctuation aside, Tel Aviv first for `tel av`', async () => {
    const res = await search(q('tel av', 'en'));
    expect(res.statusCode).toBe(200);
    const found = places(res);
    expect(found[0]).toEqual<Place>({ name: 'Tel Aviv', detail: 'Israel', lat: expect.closeTo(32.08, 1), lng: expect.closeTo(34.78, 1), source: 'gazetteer' });
    expect(found.length).toBeLessThanOrEqual(10);
    expect(places(await search(q('TEL-AVIV', 'en')))[0].name).toBe('Tel Aviv');
    // The data writes Rishon LeẔiyyon and Ra'anana.
    expect(places(await search(q('rishon leziy', 'en')))[0]).toMatchObject({ detail: 'Israel', source: 'gazetteer' });
    expect(places(await search(q('raanana', 'en')))[0].name).toBe("Ra'anana");
    expect(places(await search(q('sao paulo', 'en')))[0]).toMatchObject({ name: 'São Paulo', detail: 'Brazil' });
  });

  it('finds Israeli cities by their Hebrew names and answers in Hebrew', async () => {
    const expected: Record<string, string> = { 'תל אביב': 'Tel Aviv', ירושלים: 'Jerusalem', חיפה: 'Haifa', 'באר שבע': 'Beersheba', יפו: 'Jaffa' };
    for (const [hebrew, english] of Object.entries(expected)) {
      const inHebrew = places(await search(q(hebrew, 'he')))[0];
      expect({ hebrew, first: inHebrew }).toEqual({ hebrew, first: { name: hebrew, detail: 'ישראל', lat: expect.any(Number), lng: expect.any(Number), source: 'gazetteer' } });
      // Asked in English, the same place under its English name.
      const inEnglish = places(await search(q(hebrew, 'en')))[0];
      expect({ hebrew, name: inEnglish.name, detail: inEnglish.detail }).toEqual({ hebrew, name: english, detail: 'Israel' });
      expect(inEnglish.lat).toBe(inHebrew.lat);
    }
    // Without a language, a Hebrew query is answered in Hebrew; the English name finds the Hebrew one too.
    expect(places(await search(q('תל אב')))[0].name).toBe('תל אביב');
    expect(places(await search(q('jerusalem', 'he')))[0].name).toBe('ירושלים');
  });

  it('nothing found is an empty list; the reply says the streets search is off (GEOCODER_URL=off)', async () => {
    const res = await search(submitted('zzqxv'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: [], upstream: 'off' });
    expect((await search(q('32.08, 34.78'))).json().upstream).toBe('off');
  });

  it('refuses a query of 1 character or 10,000, none, an unknown language, or control characters: 400', async () => {
    for (const query of [q('a'), q(' a '), q('x'.repeat(10_000)), q('x'.repeat(201)), '', 'q=', q('tel aviv', 'fr'), q('tel\u0000aviv'), `${q('haifa')}&submitted=yes`]) {
      const res = await search(query);
      expect({ query: query.slice(0, 40), status: res.statusCode, code: res.json().code }).toEqual({ query: query.slice(0, 40), status: 400, code: 'validation' });
    }
  });

  it('anonymous callers get 401', async () => {
    const res = await getJson(t.app, `/api/places?${q('tel aviv')}`);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('unauthorized');
  });

  it('allows 60 searches a minute per user, then 429; another user at the same address goes on', async () => {
    const busy = await searcher(t);
    const ip = '10.250.0.1';
    for (let i = 0; i < 60; i++) expect((await busy(q('haifa'), ip)).statusCode).toBe(200);
    const limited = await busy(q('haifa'), ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await (await searcher(t))(q('haifa'), ip)).statusCode).toBe(200);
  });
});

const dizengoffCenter: NominatimResult = {
  place_id: 123456,
  lat: '32.0753888',
  lon: '34.7752051',
  display_name: 'Dizengoff Center, 50, Dizengoff Street, Lev HaIr, Tel Aviv-Yafo, Tel Aviv Subdistrict, Tel Aviv District, Israel',
  name: 'Dizengoff Center',
  category: 'shop',
  type: 'mall',
  importance: 0.41,
  place_rank: 30,
  boundingbox: ['32.0745', '32.0762', '34.7741', '34.7764'],
};
const houseNumber: NominatimResult = {
  place_id: 654321,
  lat: '32.0779',
  lon: '34.7741',
  display_name: '99, Dizengoff Street, Lev HaIr, Tel Aviv-Yafo, Israel',
  name: '',
  category: 'place',
  type: 'house',
};
const telAvivYafo: NominatimResult = {
  place_id: 1,
  lat: '32.0852997',
  lon: '34.7818064',
  display_name: 'Tel Aviv-Yafo, Tel Aviv Subdistrict, Tel Aviv District, Israel',
  name: 'Tel Aviv-Yafo',
  category: 'boundary',
  type: 'administrative',
};

/** A Nominatim-like answer for the searches the tests make. */
function answerLikeNominatim(query: URLSearchParams): NominatimResult[] {
  const text = query.get('q')?.toLowerCase() ?? '';
  if (text.startsWith('dizengoff')) return [dizengoffCenter, houseNumber, { place_id: 3, lat: 'north', lon: '34', display_name: 'Broken' } as unknown as NominatimResult];
  if (text === 'tel aviv') return [telAvivYafo];
  return [];
}

/** The upstream is asked at most once a second: let the last call's second pass. */
const nextSecond = () => sleep(1_050);

/**
 * A test app whose GEOCODER_URL is a local Nominatim-like server, both started before the suite's first
 * test and closed after its last; read its fields inside tests.
 */
function withLocalNominatim() {
  const env = {} as { t: TestApp; upstream: Awaited<ReturnType<typeof startLocalNominatim>>; search: Awaited<ReturnType<typeof searcher>> };
  beforeAll(async () => {
    env.upstream = await startLocalNominatim(answerLikeNominatim);
    env.t = await buildTestApp({ env: { GEOCODER_URL: env.upstream.url } });
    env.search = await searcher(env.t);
  });
  afterAll(async () => {
    await env.t.close();
    await env.upstream.close();
  });
  return env;
}

describe('GET /api/places with a Nominatim-compatible upstream (GEOCODER_URL)', () => {
  const env = withLocalNominatim();

  it('a submitted search answers with the upstream’s places, asked with a User-Agent naming the app and its address', async () => {
    const before = env.upstream.seen.length;
    const res = await env.search(submitted('Dizengoff Center', 'en'));
    expect(res.statusCode).toBe(200);
    expect(res.json().upstream).toBe('on');
    expect(places(res)).toEqual([
      {
        name: 'Dizengoff Center',
        detail: '50, Dizengoff Street, Lev HaIr, Tel Aviv-Yafo, Tel Aviv Subdistrict, Tel Aviv District, Israel',
        lat: 32.0753888,
        lng: 34.7752051,
        source: 'upstream',
      },
      // An address has no name: its street and number make one. The broken entry is dropped.
      { name: 'Dizengoff Street 99', detail: 'Lev HaIr, Tel Aviv-Yafo, Israel', lat: 32.0779, lng: 34.7741, source: 'upstream' },
    ]);
    expect(env.upstream.seen).toHaveLength(before + 1);
    const [call] = env.upstream.seen.slice(-1);
    expect(call.path).toBe('/search');
    expect(Object.fromEntries(call.query)).toEqual({ q: 'Dizengoff Center', format: 'jsonv2', limit: '5', 'accept-language': 'en' });
    expect(call.headers['user-agent']).toBe(`StreetHunt/1.0 (+${env.t.config.publicUrl})`);
    expect(call.headers.referer).toBe(env.t.config.publicUrl);
  });

  it('typing never asks the upstream (no search-as-you-type, as Nominatim’s policy says); it shows what a submitted search found', async () => {
    await nextSecond();
    const before = env.upstream.seen.length;
    for (const text of ['di', 'diz', 'dizen', 'dizengoff squ', 'dizengoff square']) {
      const res = await env.search(q(text, 'en'));
      expect(res.statusCode).toBe(200);
      expect(res.json().upstream).toBe('on');
      expect(places(res).filter((p) => p.source === 'upstream')).toEqual([]);
    }
    expect(env.upstream.seen).toHaveLength(before);
    // Once submitted, the answer is kept: typing the same search again shows it without a call.
    await env.search(submitted('Dizengoff Square', 'en'));
    expect(env.upstream.seen).toHaveLength(before + 1);
    expect(places(await env.search(q('dizengoff square', 'en')))[0]).toMatchObject({ name: 'Dizengoff Center', source: 'upstream' });
    expect(env.upstream.seen).toHaveLength(before + 1);
  });

  it('serves the same submitted search again from its cache, whatever the case and spacing', async () => {
    const first = await env.search(submitted('Dizengoff Center', 'en'));
    const before = env.upstream.seen.length;
    const again = await env.search(submitted('  dizengoff   CENTER ', 'en'));
    expect(again.statusCode).toBe(200);
    expect(places(again)).toEqual(places(first));
    expect(env.upstream.seen).toHaveLength(before);
    // Another language is another question.
    await nextSecond();
    await env.search(submitted('Dizengoff Center', 'he'));
    expect(env.upstream.seen).toHaveLength(before + 1);
    expect(env.upstream.seen.at(-1)?.query.get('accept-language')).toBe('he');
  });

  it('the upstream’s places come first, then the gazetteer’s that it did not find too', async () => {
    await nextSecond();
    const found = places(await env.search(submitted('tel aviv', 'en')));
    expect(found[0]).toEqual({ name: 'Tel Aviv-Yafo', detail: 'Tel Aviv Subdistrict, Tel Aviv District, Israel', lat: 32.0852997, lng: 34.7818064, source: 'upstream' });
    // The gazetteer's Tel Aviv is the same place; its other matches follow.
    expect(found.filter((p) => p.name === 'Tel Aviv')).toEqual([]);
    expect(found.slice(1).every((p) => p.source === 'gazetteer')).toBe(true);
    expect(found.length).toBeLessThanOrEqual(10);
  });

  it('coordinates never go upstream', async () => {
    const before = env.upstream.seen.length;
    const res = await env.search(`${q('32.0853, 34.7818')}&submitted=true`);
    expect(places(res)).toMatchObject([{ source: 'coordinates' }]);
    expect(res.json().upstream).toBe('on');
    expect(env.upstream.seen).toHaveLength(before);
  });

  it('a submitted burst is spaced a second apart upstream; what would wait too long gets 429 with Retry-After', async () => {
    await nextSecond();
    const before = env.upstream.seen.length;
    const replies = await Promise.all(['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot'].map((word) => env.search(submitted(`${word} street`, 'en'))));
    const statuses = replies.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(3);
    for (const limited of replies.filter((r) => r.statusCode === 429)) {
      expect(limited.json().code).toBe('rate_limited');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    }
    const calls = env.upstream.seen.slice(before);
    expect(calls).toHaveLength(3);
    for (let i = 1; i < calls.length; i++) expect(calls[i].at - calls[i - 1].at).toBeGreaterThanOrEqual(950);
  });
});

describe.each([
  ['answers 500', (u: Awaited<ReturnType<typeof startLocalNominatim>>) => u.failWith(500)],
  ['answers a page that is not JSON', (u: Awaited<ReturnType<typeof startLocalNominatim>>) => u.failWith(200)],
  ['never answers', (u: Awaited<ReturnType<typeof startLocalNominatim>>) => u.hang()],
])('GET /api/places when the upstream %s', (_how, breakIt) => {
  const env = withLocalNominatim();

  it('the gazetteer answers within the timeout (3 s), the reply says the streets search is down, and the upstream is left alone for a while', async () => {
    breakIt(env.upstream);
    const started = Date.now();
    const res = await env.search(submitted('חיפה', 'he'));
    const took = Date.now() - started;
    expect(res.statusCode).toBe(200);
    expect(res.json().upstream).toBe('down');
    expect(places(res)[0]).toMatchObject({ name: 'חיפה', detail: 'ישראל', source: 'gazetteer' });
    expect(took).toBeLessThan(4_500);
    expect(env.upstream.seen).toHaveLength(1);
    // Asked again at once: no call, no wait, the same answer (a server without the internet stays quick).
    env.upstream.answerNormally();
    await nextSecond();
    const again = Date.now();
    const second = await env.search(submitted('tel aviv', 'en'));
    expect(Date.now() - again).toBeLessThan(1_000);
    expect(second.json().upstream).toBe('down');
    expect(places(second)[0]).toMatchObject({ name: 'Tel Aviv', source: 'gazetteer' });
    expect((await env.search(q('32.08, 34.78'))).json().upstream).toBe('down');
    expect(env.upstream.seen).toHaveLength(1);
  });
});
