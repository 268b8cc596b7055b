import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import {
  GAMES_PAGE_MAX,
  GAMES_PAGE_SIZE,
  areaCenter,
  distanceMeters,
  gameListReplySchema,
  isFreePrice,
  type GameContent,
  type GameListItem,
  type GameListReply,
  type Point,
} from '@streethunt/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../../db/test-database.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildGame, buildUser, gameContent } from '../../test/factories.ts';

const JAFFA_CLOCK: Point = { lat: 32.05503, lng: 34.75624 };
const CARMEL_MARKET: Point = { lat: 32.06849, lng: 34.76889 };
const DIZENGOFF: Point = { lat: 32.07778, lng: 34.77415 };
const HAIFA: Point = { lat: 32.794, lng: 34.9896 };
const EILAT: Point = { lat: 29.5577, lng: 34.9519 };

type Metadata = GameContent['metadata'];

describe.each(testDatabaseKinds())('the games list on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp({ kind });
  });
  afterAll(() => t.close());

  const get = (query: string) => t.app.inject({ method: 'GET', url: `/api/games${query ? `?${query}` : ''}` });
  const page = async (query: string): Promise<GameListReply> => {
    const res = await get(query);
    expect(res.statusCode, res.body).toBe(200);
    return gameListReplySchema.parse(res.json());
  };
  /** Every page of a query, following nextCursor. */
  const allPages = async (query: string, between?: (pageIndex: number) => Promise<void>): Promise<GameListItem[]> => {
    const cards: GameListItem[] = [];
    let cursor: string | null = null;
    for (let index = 0; index < 1000; index++) {
      const reply: GameListReply = await page(`${query}${cursor ? `&cursor=${cursor}` : ''}`);
      cards.push(...reply.data);
      if (!reply.nextCursor) return cards;
      cursor = reply.nextCursor;
      await between?.(index);
    }
    throw new Error('the cursor never ended');
  };
  /** An approved game of a creator, with metadata over the factory's. */
  const game = (userId: string, metadata: Partial<Metadata>, extra: Parameters<typeof buildGame>[1] = {}) =>
    buildGame(t.db, { userId, ...extra, content: { metadata: { ...gameContent().metadata, ...metadata } } });
  const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

  it('pages every approved game exactly once, newest first, while games are added and approved between pages', async () => {
    const creator = await buildUser(t.db);
    const before: Array<Awaited<ReturnType<typeof buildGame>>> = [];
    const base = Date.now();
    // Several share a listing time: the id breaks the tie, so no game is skipped or repeated at a page edge.
    for (let i = 0; i < 53; i++) before.push(await game(creator.id, { name: `Hunt ${i}` }, { approvedAt: new Date(base - (100 + Math.floor(i / 3)) * 60_000) }));
    const draft = await game(creator.id, { name: 'Draft' }, { status: 'DRAFT', approvedAt: null });

    const added: string[] = [];
    const seen = await allPages(`user=${creator.id}&limit=7`, async (index) => {
      // A new game listed now (before every page's position), one listed in the middle of what is left,
      // and the draft approved: none may repeat a game, and none may hide one that was there.
      added.push((await game(creator.id, { name: `New ${index}` })).id);
      added.push((await game(creator.id, { name: `Middle ${index}` }, { approvedAt: minutesAgo(100 + 10 - index) })).id);
      if (index === 2) await t.db.execute(sql`update games set status = 'APPROVED', approved_at = now() where id = ${draft.id}`);
    });

    const ids = seen.map((card) => card._id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { id } of before) expect(ids.filter((seenId) => seenId === id)).toHaveLength(1);
    expect(ids.every((id) => [...before.map((g) => g.id), ...added, draft.id].includes(id))).toBe(true);
    // Newest listed first.
    const listedAt = new Map(before.map((g) => [g.id, g.approvedAt?.getTime() ?? 0]));
    const seenBefore = ids.filter((id) => listedAt.has(id)).map((id) => listedAt.get(id) ?? 0);
    expect(seenBefore).toEqual([...seenBefore].sort((a, b) => b - a));
    // Starting over shows what was added on top.
    const fresh = await allPages(`user=${creator.id}&limit=100`);
    expect(fresh.map((card) => card._id).sort()).toEqual([...before.map((g) => g.id), ...added, draft.id].sort());
  });

  it('sends 24 cards a page unless asked, at most 100, and a null cursor on the last page', async () => {
    const creator = await buildUser(t.db);
    for (let i = 0; i < 105; i++) await game(creator.id, { name: `Many ${i}` });
    const first = await page(`user=${creator.id}`);
    expect(first.data).toHaveLength(GAMES_PAGE_SIZE);
    expect(first.nextCursor).toEqual(expect.any(String));
    const big = await page(`user=${creator.id}&limit=${GAMES_PAGE_MAX}`);
    expect(big.data).toHaveLength(GAMES_PAGE_MAX);
    const rest = await page(`user=${creator.id}&limit=${GAMES_PAGE_MAX}&cursor=${big.nextCursor}`);
    expect(rest.data).toHaveLength(5);
    expect(rest.nextCursor).toBeNull();
    // The page size may change between pages; the cursor stays good.
    const second = await page(`user=${creator.id}&limit=3&cursor=${first.nextCursor}`);
    expect(second.data.map((card) => card._id)).toEqual(big.data.slice(24, 27).map((card) => card._id));
  });

  it('sends cards: what the list shows and where the game starts, never the intro, questions, hints or area shapes', async () => {
    const creator = await buildUser(t.db);
    const polygon = [
      { lat: 32.07, lng: 34.77 },
      { lat: 32.07, lng: 34.78 },
      { lat: 32.08, lng: 34.78 },
      { lat: 32.08, lng: 34.775 },
    ];
    const made = await game(creator.id, { name: 'Card', location: polygon, coverImage: '/media/x.webp' });
    const [card] = (await page(`user=${creator.id}`)).data;
    expect(Object.keys(card).sort()).toEqual(['_id', 'metadata', 'start', 'status', 'userId']);
    expect(Object.keys(card.metadata).sort()).toEqual(['coverImage', 'currencyCode', 'language', 'locationCity', 'locationText', 'map', 'name', 'price']);
    expect(card.start?.lat).toBeCloseTo(areaCenter(polygon).lat, 9);
    expect(card.start?.lng).toBeCloseTo(areaCenter(polygon).lng, 9);
    const body = JSON.stringify(card);
    for (const secret of ['Welcome to the test hunt', 'fountain', 'Agam', 'An Israeli artist', '32.07,']) expect(body).not.toContain(secret);
    expect(card._id).toBe(made.id);
  });

  it('searches names and cities in Hebrew and English, any case, with LIKE characters taken literally', async () => {
    const creator = await buildUser(t.db);
    const haifaHe = await game(creator.id, { name: 'סודות המושבה הגרמנית', locationCity: 'חיפה' });
    const haifaEn = await game(creator.id, { name: 'Secrets of the German Colony', locationCity: 'Haifa', language: 'en' });
    const percent = await game(creator.id, { name: '100% Jaffa_Tour', locationCity: 'Tel Aviv-Yafo' });
    const ids = async (query: string) => (await allPages(`user=${creator.id}&${query}`)).map((card) => card._id).sort();

    expect(await ids(`q=${encodeURIComponent('חיפה')}`)).toEqual([haifaHe.id]);
    expect(await ids(`q=${encodeURIComponent('המושבה')}`)).toEqual([haifaHe.id]);
    expect(await ids('q=HAIFA')).toEqual([haifaEn.id]);
    expect(await ids('q=german%20colony')).toEqual([haifaEn.id]);
    expect(await ids(`q=${encodeURIComponent('  german   COLONY ')}`)).toEqual([haifaEn.id]);
    expect(await ids('q=0%25')).toEqual([percent.id]);
    expect(await ids('q=%25')).toEqual([percent.id]);
    expect(await ids('q=a_t')).toEqual([percent.id]);
    expect(await ids('q=a_b')).toEqual([]);
    expect(await ids('q=')).toEqual([haifaHe.id, haifaEn.id, percent.id].sort());
  });

  it('filters by price, language and map, and every filter combines with the others and with the search', async () => {
    const creator = await buildUser(t.db);
    const freeHeMap = await game(creator.id, { name: 'Alpha', price: '', language: 'he', map: true });
    const freeEnNoMap = await game(creator.id, { name: 'Beta', price: '0', language: 'en', map: false });
    const paidHeNoMap = await game(creator.id, { name: 'Gamma', price: '45', language: 'he', map: false });
    const paidEnMap = await game(creator.id, { name: 'Delta', price: 60, language: 'en', map: true });
    const ids = async (query: string) => (await allPages(`user=${creator.id}&${query}`)).map((card) => card._id).sort();
    const expected = (...games: Array<Awaited<ReturnType<typeof buildGame>>>) => games.map((g) => g.id).sort();

    expect(await ids('price=free')).toEqual(expected(freeHeMap, freeEnNoMap));
    expect(await ids('price=paid')).toEqual(expected(paidHeNoMap, paidEnMap));
    expect(await ids('language=en')).toEqual(expected(freeEnNoMap, paidEnMap));
    expect(await ids('map=true')).toEqual(expected(freeHeMap, paidEnMap));
    expect(await ids('map=false')).toEqual(expected(freeEnNoMap, paidHeNoMap));
    expect(await ids('price=free&language=en')).toEqual(expected(freeEnNoMap));
    expect(await ids('price=paid&map=true')).toEqual(expected(paidEnMap));
    expect(await ids('price=paid&language=he&map=false&q=gam')).toEqual(expected(paidHeNoMap));
    expect(await ids('price=free&q=delta')).toEqual([]);
    // The filters page like the whole list.
    expect((await allPages(`user=${creator.id}&price=free&limit=1`)).map((card) => card._id).sort()).toEqual(expected(freeHeMap, freeEnNoMap));
  });

  it('near a position: games starting within the radius, nearest first, with the distance the shared rule gives', async () => {
    const creator = await buildUser(t.db);
    const dizengoff = await game(creator.id, { name: 'Dizengoff', location: DIZENGOFF });
    const carmel = await game(creator.id, { name: 'Carmel', location: CARMEL_MARKET, price: '' });
    const jaffa = await game(creator.id, { name: 'Jaffa', location: JAFFA_CLOCK });
    const haifa = await game(creator.id, { name: 'Haifa', location: HAIFA });
    await game(creator.id, { name: 'Eilat', location: EILAT });
    await game(creator.id, { name: 'Nowhere', location: null });
    const here = { lat: 32.054, lng: 34.755 };

    const near = await page(`user=${creator.id}&lat=${here.lat}&lng=${here.lng}`);
    expect(near.data.map((card) => card._id)).toEqual([jaffa.id, carmel.id, dizengoff.id]);
    for (const card of near.data) {
      expect(card.distanceMeters).toBeCloseTo(distanceMeters(here, card.start as Point), -1);
    }
    expect(near.data[0].distanceMeters).toBeLessThan(300);
    // A wider radius reaches Haifa (about 85 km), still not Eilat (about 280 km); a game with no start never shows.
    const wide = await page(`user=${creator.id}&lat=${here.lat}&lng=${here.lng}&radius=100`);
    expect(wide.data.map((card) => card._id)).toEqual([jaffa.id, carmel.id, dizengoff.id, haifa.id]);
    const tiny = await page(`user=${creator.id}&lat=${here.lat}&lng=${here.lng}&radius=1`);
    expect(tiny.data.map((card) => card._id)).toEqual([jaffa.id]);
    // Filters combine with the position.
    expect((await page(`user=${creator.id}&lat=${here.lat}&lng=${here.lng}&price=free`)).data.map((card) => card._id)).toEqual([carmel.id]);
    expect((await page(`user=${creator.id}&lat=${here.lat}&lng=${here.lng}&q=diz`)).data.map((card) => card._id)).toEqual([dizengoff.id]);
  });

  it('pages nearest first exactly once, games at one spot included, and across the antimeridian', async () => {
    const creator = await buildUser(t.db);
    const made = [];
    for (let i = 0; i < 12; i++) made.push(await game(creator.id, { name: `Same spot ${i}`, location: CARMEL_MARKET }));
    for (let i = 0; i < 9; i++) made.push(await game(creator.id, { name: `Ring ${i}`, location: { lat: CARMEL_MARKET.lat + i * 0.01, lng: CARMEL_MARKET.lng } }));
    const cards = await allPages(`user=${creator.id}&lat=${CARMEL_MARKET.lat}&lng=${CARMEL_MARKET.lng}&limit=5`);
    expect(cards.map((card) => card._id).sort()).toEqual(made.map((g) => g.id).sort());
    const distances = cards.map((card) => card.distanceMeters ?? -1);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));

    const fiji = await buildUser(t.db);
    const east = await game(fiji.id, { name: 'East of the line', location: { lat: -17.0, lng: 179.9 } });
    const west = await game(fiji.id, { name: 'West of the line', location: { lat: -17.0, lng: -179.9 } });
    const across = await page(`user=${fiji.id}&lat=-17&lng=179.95&radius=50`);
    expect(across.data.map((card) => card._id)).toEqual([east.id, west.id]);
  });

  it('keeps the start and the price rule in the database the same as packages/shared (areaCenter, isFreePrice)', async () => {
    // Places as a map gives them (to 1e-5 degrees, about a metre); polygons of real areas, tens of metres a side
    // at least (a sliver of no area is a degenerate case where the centroid itself is unstable).
    const point = fc.record({ lat: fc.integer({ min: -6_000_000, max: 6_000_000 }).map((n) => n / 1e5), lng: fc.integer({ min: -17_900_000, max: 17_900_000 }).map((n) => n / 1e5) });
    const offset = fc.integer({ min: -500, max: 500 }).map((n) => n / 1e4);
    const polygon = point.chain((origin) =>
      fc.array(fc.record({ dLat: offset, dLng: offset }), { minLength: 3, maxLength: 12 }).map((offsets) =>
        offsets.map(({ dLat, dLng }) => ({ lat: origin.lat + dLat, lng: origin.lng + dLng })),
      ),
    );
    await fc.assert(
      fc.asyncProperty(fc.oneof(point, polygon), async (location) => {
        const result = await t.db.execute<{ start: number[] | null }>(sql`select game_start(${JSON.stringify(location)}::jsonb) as start`);
        const [start] = (result as unknown as { rows: Array<{ start: number[] }> }).rows ?? result;
        const expected = areaCenter(location);
        expect(start.start[0]).toBeCloseTo(expected.lat, 8);
        expect(start.start[1]).toBeCloseTo(expected.lng, 8);
      }),
      { numRuns: 40 },
    );
    const prices = fc.oneof(
      fc.constantFrom('', ' ', '0', '00', '0.0', '.0', '0.', '-0', '+0', '0e5', ' 0 ', '\u00a00\u00a0', '0x0', '0b00', '1', '0.01', '45', 'free', '.', 'e', '0x', '-', 'abc'),
      fc.stringMatching(/^[ 0.+\-exb1]{0,6}$/),
      fc.integer({ min: 0, max: 3 }),
      fc.double({ min: 0, max: 2, noNaN: true }),
    );
    await fc.assert(
      fc.asyncProperty(prices, async (price) => {
        const result = await t.db.execute(sql`select game_price_is_free(${JSON.stringify(price)}::jsonb) as free`);
        const [row] = ((result as unknown as { rows: Array<{ free: boolean }> }).rows ?? result) as Array<{ free: boolean }>;
        expect(row.free, JSON.stringify(price)).toBe(isFreePrice(price));
      }),
      { numRuns: 200 },
    );
  });

  describe('refuses bad input with a clear 400, quickly', () => {
    let creatorId: string;
    let firstPage: GameListReply;

    beforeAll(async () => {
      creatorId = (await buildUser(t.db)).id;
      for (let i = 0; i < 3; i++) await game(creatorId, { name: `Bad input ${i}` });
      firstPage = await page(`user=${creatorId}&limit=1`);
    });

    const refused = async (query: string, message?: RegExp) => {
      const started = performance.now();
      const res = await get(query);
      expect(res.statusCode, `${query}: ${res.body}`).toBe(400);
      expect(res.json()).toMatchObject({ message: expect.any(String), code: 'validation' });
      if (message) expect(res.json().message).toMatch(message);
      expect(performance.now() - started).toBeLessThan(1000);
    };

    it('a limit of 0, -1, 10,000, text or a fraction', async () => {
      for (const limit of ['0', '-1', '10000', '101', 'ten', '1.5', '', '1e2', '0x10']) await refused(`limit=${limit}`, /limit/);
    });

    it('a malformed cursor, an edited one, and a cursor of another query or order', async () => {
      const cursor = firstPage.nextCursor ?? '';
      expect(cursor).not.toBe('');
      await refused('cursor=not-a-cursor', /cursor/);
      await refused('cursor=%2F%2F%2F', /cursor/);
      await refused(`cursor=${'A'.repeat(2000)}`, /cursor/);
      const decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString()) as unknown[];
      const edited = (change: (wire: unknown[]) => unknown[]) => Buffer.from(JSON.stringify(change([...decoded]))).toString('base64url');
      await refused(`user=${creatorId}&limit=1&cursor=${edited((w) => [w[0], w[1], 'n', "2020-01-01'; drop table games; --", w[4]])}`, /cursor/);
      await refused(`user=${creatorId}&limit=1&cursor=${edited((w) => [w[0], w[1], 'x', w[3], w[4]])}`, /cursor/);
      await refused(`user=${creatorId}&limit=1&cursor=${edited((w) => [2, ...w.slice(1)])}`, /cursor/);
      await refused(`user=${creatorId}&limit=1&cursor=${edited((w) => [...w, 'extra'])}`, /cursor/);
      // Good cursor, other query: another creator, a search, a filter, a position.
      await refused(`limit=1&cursor=${cursor}`, /another search/);
      await refused(`user=${creatorId}&q=bad&limit=1&cursor=${cursor}`, /another search/);
      await refused(`user=${creatorId}&price=free&limit=1&cursor=${cursor}`, /another search/);
      await refused(`user=${creatorId}&lat=32&lng=34&limit=1&cursor=${cursor}`, /another search/);
      // The same query with another page size is the same list.
      expect((await page(`user=${creatorId}&limit=2&cursor=${cursor}`)).data).toHaveLength(2);
    });

    it('a sort key of the caller’s choosing, or a key the list does not know', async () => {
      await refused('sort=name');
      await refused('sort=listed_at%3Bdrop%20table%20games');
      await refused(`sort=${encodeURIComponent('(select 1)')}`);
      await refused('sort=distance', /lat and lng/);
      await refused('lat=32&lng=34&sort=newest', /distance/);
      await refused('orderBy=name', /orderBy|unrecognized/i);
      await refused('order=id%20desc', /order|unrecognized/i);
    });

    it('a search of 10,000 characters, or one with control characters', async () => {
      await refused(`q=${'א'.repeat(10_000)}`, /at most 100/);
      await refused(`q=${'a'.repeat(101)}`, /at most 100/);
      await refused('q=a%00b', /control/);
    });

    it('coordinates out of range or half a position, and a radius out of range', async () => {
      for (const query of ['lat=91&lng=34', 'lat=-90.5&lng=34', 'lat=32&lng=181', 'lat=32&lng=-180.01', 'lat=NaN&lng=34', 'lat=1e2&lng=34', 'lat=32&lng=Infinity', 'lat=&lng=34', 'lat=32', 'lng=34']) {
        await refused(query, /lat|lng|number/);
      }
      for (const radius of ['0', '0.5', '501', '-5', 'far']) await refused(`lat=32&lng=34&radius=${radius}`, /radius|number/);
      await refused('radius=10', /radius needs/);
      // The poles and the antimeridian are in range.
      expect((await get('lat=90&lng=180&radius=500')).statusCode).toBe(200);
      expect((await get('lat=-90&lng=-180')).statusCode).toBe(200);
    });

    it('enum values out of their set', async () => {
      await refused('price=cheap');
      await refused('language=fr');
      await refused('map=yes');
    });
  });
});
