import { gameListReplySchema, type GameContent, type GameListItem, type GameListReply } from '@streethunt/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../../db/test-database.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildGame, buildUser, gameContent } from '../../test/factories.ts';

type Metadata = GameContent['metadata'];

describe.each(testDatabaseKinds())('the games list’s step-free filter on %s', (kind) => {
  let t: TestApp;
  let creatorId: string;
  const stepFreeIds: string[] = [];
  const otherIds: string[] = [];

  beforeAll(async () => {
    t = await buildTestApp({ kind });
    creatorId = (await buildUser(t.db)).id;
    const base = Date.now();
    const game = (metadata: Partial<Metadata>, minutesAgo: number) =>
      buildGame(t.db, { userId: creatorId, approvedAt: new Date(base - minutesAgo * 60_000), content: { metadata: { ...gameContent().metadata, ...metadata } } });
    // Interleaved in time, so a page of the filtered list skips games the cursor must not count.
    for (let i = 0; i < 12; i++) {
      if (i % 3 === 0) stepFreeIds.push((await game({ name: `Flat ${i}`, accessibility: { stepFree: 'yes', lengthKm: 2.4, durationMinutes: 90, notes: 'Ramps at every stop' } }, i)).id);
      else if (i % 3 === 1) otherIds.push((await game({ name: `Stairs ${i}`, accessibility: { stepFree: 'no', lengthKm: 3 } }, i)).id);
      else otherIds.push((await game({ name: `Unstated ${i}` }, i)).id);
    }
  });
  afterAll(() => t.close());

  const get = (query: string) => t.app.inject({ method: 'GET', url: `/api/games?${query}` });
  const page = async (query: string): Promise<GameListReply> => {
    const res = await get(query);
    expect(res.statusCode, res.body).toBe(200);
    return gameListReplySchema.parse(res.json());
  };
  const allPages = async (query: string): Promise<GameListItem[]> => {
    const cards: GameListItem[] = [];
    let cursor: string | null = null;
    for (let index = 0; index < 100; index++) {
      const reply: GameListReply = await page(`${query}${cursor ? `&cursor=${cursor}` : ''}`);
      cards.push(...reply.data);
      if (!reply.nextCursor) return cards;
      cursor = reply.nextCursor;
    }
    throw new Error('the cursor never ended');
  };

  it('stepFree=yes lists only the games marked step-free, each once, newest first, across pages', async () => {
    const cards = await allPages(`user=${creatorId}&stepFree=yes&limit=1`);
    expect(cards.map((card) => card._id)).toEqual(stepFreeIds);
    const all = await allPages(`user=${creatorId}&limit=5`);
    expect(all).toHaveLength(stepFreeIds.length + otherIds.length);
  });

  it('cards carry the step-free mark and the figures, never the notes', async () => {
    const [card] = (await page(`user=${creatorId}&stepFree=yes&limit=1`)).data;
    expect(card?.metadata.accessibility).toEqual({ stepFree: 'yes', lengthKm: 2.4, durationMinutes: 90 });
    const unmarked = (await page(`user=${creatorId}&limit=20`)).data.find((item) => item.metadata.name.startsWith('Unstated'));
    expect(unmarked?.metadata.accessibility).toBeUndefined();
  });

  it('combines with a position and the search', async () => {
    const near = await page(`lat=32.0853&lng=34.7818&radius=500&stepFree=yes&q=flat&limit=100`);
    expect(near.data.map((card) => card._id).sort()).toEqual([...stepFreeIds].sort());
  });

  it('a cursor of the unfiltered list is refused with the filter, and the other way round', async () => {
    const plain = await page(`user=${creatorId}&limit=1`);
    const filtered = await page(`user=${creatorId}&stepFree=yes&limit=1`);
    expect((await get(`user=${creatorId}&stepFree=yes&limit=1&cursor=${plain.nextCursor}`)).statusCode).toBe(400);
    expect((await get(`user=${creatorId}&limit=1&cursor=${filtered.nextCursor}`)).statusCode).toBe(400);
  });

  it('refuses any other value with a 400 naming stepFree', async () => {
    for (const value of ['no', 'unknown', 'true', 'YES', '', '1']) {
      const res = await get(`stepFree=${value}`);
      expect(res.statusCode, value).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation', message: expect.stringMatching(/stepFree/) });
    }
  });
});
