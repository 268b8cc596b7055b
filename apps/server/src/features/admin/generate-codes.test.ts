import { count, eq } from 'drizzle-orm';
import { CODE_RANDOM_LENGTH, codeBatchesReplySchema, gameReplySchema, generateCodesReplySchema } from '@streethunt/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../../db/test-database.ts';
import { codeBatches, gameCodes } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildGame } from '../../test/factories.ts';
import { call } from '../../test/requests.ts';
import { userWithToken } from '../../test/tokens.ts';

describe.each(testDatabaseKinds())('generating codes (POST /api/games/generate-codes, GET /api/games/code-batches) on %s', (kind) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof userWithToken>>;
  beforeAll(async () => {
    t = await buildTestApp({ kind });
    admin = await userWithToken(t, { role: 'admin', firstName: 'Avi', lastName: 'Admin' });
  });
  afterAll(() => t.close());

  const generate = (gameId: string, body: unknown, token = admin.token) => call(t, 'POST', `/api/games/generate-codes/${gameId}`, { token, body });
  const batchesOf = (gameId: string, token = admin.token) => call(t, 'GET', `/api/games/code-batches/${gameId}`, { token });
  const rowCounts = async () => ({
    codes: (await t.db.select({ n: count() }).from(gameCodes))[0].n,
    batches: (await t.db.select({ n: count() }).from(codeBatches))[0].n,
  });

  it('3 codes with the prefix tlv: unique, upper-cased TLV…, stored with their batch, listed again with who made them', async () => {
    const game = await buildGame(t.db, { status: 'DRAFT' });
    const res = await generate(game.id, { code: 'tlv', qty: 3 });
    expect(res.statusCode).toBe(200);
    const { data } = generateCodesReplySchema.parse(res.json());
    expect(data.data).toHaveLength(3);
    expect(new Set(data.data).size).toBe(3);
    for (const code of data.data) expect(code).toMatch(new RegExp(`^TLV[2-9A-HJ-NP-Z]{${CODE_RANDOM_LENGTH}}$`));

    const stored = await t.db.select().from(gameCodes).where(eq(gameCodes.batchId, data.batchId));
    expect(stored.map((row) => row.code).sort()).toEqual([...data.data].sort());
    for (const row of stored) expect(row).toMatchObject({ gameId: game.id, source: 'admin', createdBy: admin.user.id });
    const [batch] = await t.db.select().from(codeBatches).where(eq(codeBatches.id, data.batchId));
    expect(batch).toMatchObject({ gameId: game.id, createdBy: admin.user.id, count: 3, prefix: 'TLV' });

    // A second batch: listed first.
    const second = generateCodesReplySchema.parse((await generate(game.id, { code: '', qty: '2' })).json()).data;
    const listed = await batchesOf(game.id);
    expect(listed.statusCode).toBe(200);
    const batches = codeBatchesReplySchema.parse(listed.json()).data;
    expect(batches.map((b) => b._id)).toEqual([second.batchId, data.batchId]);
    expect(batches[1]).toMatchObject({
      gameId: game.id,
      count: 3,
      prefix: 'TLV',
      createdBy: { _id: admin.user.id, firstName: 'Avi', lastName: 'Admin', email: admin.user.email },
    });
    expect([...batches[1].codes].sort()).toEqual([...data.data].sort());
    expect(batches[0]).toMatchObject({ count: 2, prefix: '' });
    expect(batches[0].codes).toHaveLength(2);
  });

  it('a generated code opens the game for a player, even a game that is not approved', async () => {
    const game = await buildGame(t.db, { status: 'DRAFT' });
    const { data } = generateCodesReplySchema.parse((await generate(game.id, { code: 'ab12', qty: 1 })).json());
    const res = await t.app.inject({ method: 'GET', url: `/api/games/${game.id}`, headers: { 'x-game-secret': data.data[0].toLowerCase() } });
    expect(res.statusCode).toBe(200);
    expect(gameReplySchema.parse(res.json()).questions).toHaveLength(3);
  });

  it('the prefix may be left out', async () => {
    const game = await buildGame(t.db);
    const { data } = generateCodesReplySchema.parse((await generate(game.id, { qty: 1 })).json());
    expect(data.data[0]).toHaveLength(CODE_RANDOM_LENGTH);
  });

  it('500 at once works; 501 is refused', async () => {
    const game = await buildGame(t.db);
    const res = await generate(game.id, { code: 'BIG', qty: '500' });
    expect(res.statusCode).toBe(200);
    const { data } = generateCodesReplySchema.parse(res.json());
    expect(new Set(data.data).size).toBe(500);
    const before = await rowCounts();
    const refused = await generate(game.id, { code: 'BIG', qty: 501 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('qty');
    expect(await rowCounts()).toEqual(before);
  }, 60_000);

  it.each([
    ['0', 0],
    ['-1', -1],
    ['"0"', '0'],
    ['"-1"', '-1'],
    ['"01"', '01'],
    ['"1e3"', '1e3'],
    ['1e3', 1e3],
    ['10000', 10000],
    ['"10000"', '10000'],
    ['1.5', 1.5],
    ['text', 'three'],
    ['empty text', ''],
    ['" 3"', ' 3'],
    ['missing', undefined],
    ['null', null],
  ])('qty %s: 400 naming qty, no code and no batch made', async (_label, qty) => {
    const game = await buildGame(t.db);
    const before = await rowCounts();
    const res = await generate(game.id, { code: 'TLV', qty });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation' });
    expect(res.json().message).toContain('qty');
    expect(await rowCounts()).toEqual(before);
  });

  it.each([
    ['with a space inside', 'TL V'],
    ['with a space at the end', 'TLV '],
    ['with a control character', 'TL\u0007V'],
    ['with a tab', 'TLV\t'],
    ['with Hebrew letters', 'תא'],
    ['with accented letters', 'CAFÉ'],
    ['with a dash', 'TLV-'],
    ['longer than 12', 'ABCDEFGHJKLMN'],
    ['not text', 42],
  ])('a prefix %s: 400 naming code, no code and no batch made', async (_label, code) => {
    const game = await buildGame(t.db);
    const before = await rowCounts();
    const res = await generate(game.id, { code, qty: 3 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('code');
    expect(await rowCounts()).toEqual(before);
  });

  it('a prefix of exactly 12 is fine', async () => {
    const game = await buildGame(t.db);
    const { data } = generateCodesReplySchema.parse((await generate(game.id, { code: 'abcdefghjk23', qty: 1 })).json());
    expect(data.data[0].startsWith('ABCDEFGHJK23')).toBe(true);
  });

  it('an unknown game: 404 on both calls, nothing made', async () => {
    const before = await rowCounts();
    expect((await generate('0123456789abcdef01234567', { code: 'TLV', qty: 3 })).statusCode).toBe(404);
    expect((await batchesOf('0123456789abcdef01234567')).statusCode).toBe(404);
    expect(await rowCounts()).toEqual(before);
  });

  it('a game without batches lists none', async () => {
    const game = await buildGame(t.db);
    expect(codeBatchesReplySchema.parse((await batchesOf(game.id)).json()).data).toEqual([]);
  });

  it('only admins: 401 anonymous, 403 a creator (even the game’s owner), nothing made', async () => {
    const owner = await userWithToken(t);
    const stranger = await userWithToken(t);
    const game = await buildGame(t.db, { userId: owner.user.id });
    await generate(game.id, { code: 'OLD', qty: 1 });
    const before = await rowCounts();
    for (const token of [undefined, stranger.token, owner.token]) {
      const expected = token ? 403 : 401;
      const made = await call(t, 'POST', `/api/games/generate-codes/${game.id}`, { token, body: { code: 'TLV', qty: 3 } });
      expect(made.statusCode).toBe(expected);
      expect((await call(t, 'GET', `/api/games/code-batches/${game.id}`, { token })).statusCode).toBe(expected);
    }
    expect(await rowCounts()).toEqual(before);
  });
});
