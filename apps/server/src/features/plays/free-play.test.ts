import { eq } from 'drizzle-orm';
import { CODE_ALPHABET, gameReplySchema, progressSchema, startTimeReplySchema } from '@streethunt/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameCodes, plays } from '../../db/schema.ts';
import { testDatabaseKinds } from '../../db/test-database.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildCode, buildGame, buildUser, gameContent } from '../../test/factories.ts';
import { getGame, progressCall } from '../../test/player-calls.ts';
import { nextIp } from '../../test/client-address.ts';
import { FREE_PLAYS_PER_WINDOW, WRONG_CODES_PER_WINDOW } from '../codes/service.ts';
import { playTables } from './test-support.ts';

/** A code the server makes: no prefix, then 9 symbols of the phone-friendly alphabet. */
const ISSUED_CODE = new RegExp(`^[${CODE_ALPHABET}]{9}$`);

// A free game (price empty or 0, spec section 9) starts without a code: set-start-time without
// secretCode issues the play's code, which the team then shares. A paid game still needs one.
describe.each(testDatabaseKinds())('starting a free game without a code on %s', (kind) => {
  let t: TestApp;
  let freeGame: Awaited<ReturnType<typeof buildGame>>;
  let emptyPriceGame: Awaited<ReturnType<typeof buildGame>>;
  let paidGame: Awaited<ReturnType<typeof buildGame>>;
  let freeDraft: Awaited<ReturnType<typeof buildGame>>;

  beforeAll(async () => {
    t = await buildTestApp({ kind });
    const owner = await buildUser(t.db);
    const free = (price: string) => ({ metadata: { ...gameContent().metadata, name: 'Free hunt', price } });
    freeGame = await buildGame(t.db, { userId: owner.id, content: free('0') });
    emptyPriceGame = await buildGame(t.db, { userId: owner.id, content: free('') });
    paidGame = await buildGame(t.db, { userId: owner.id });
    freeDraft = await buildGame(t.db, { userId: owner.id, status: 'DRAFT', approvedAt: null, content: free('0') });
  });
  afterAll(() => t.close());

  const startFree = (gameId: string, ip = nextIp()) => progressCall(t.app, { action: 'set-start-time', gameId }, { ip });

  it.each([
    ['price 0', () => freeGame],
    ['an empty price', () => emptyPriceGame],
  ])('%s: starts with a code the server issues, which then works like any code', async (_name, theGame) => {
    const game = theGame();
    const res = await startFree(game.id);
    expect(res.statusCode, res.body).toBe(200);
    const reply = startTimeReplySchema.parse(res.json());
    expect(reply.status).toBe('OK');
    const code = reply.gameProgress.game_secret;
    expect(code).toMatch(ISSUED_CODE);
    expect(reply.gameProgress).toMatchObject({ game_id: game.id, game_name: 'Free hunt', endTime: null, score: 0 });
    expect(reply.gameProgress.startTime).not.toBeNull();

    // Stored as a code of this game, source free, activated, with its play started.
    const [row] = await t.db.select().from(gameCodes).where(eq(gameCodes.code, code));
    expect(row).toMatchObject({ gameId: game.id, source: 'free', purchaseId: null, createdBy: null });
    expect(row.activatedAt).not.toBeNull();
    const stored = await t.db.select().from(plays).where(eq(plays.codeId, row.id));
    expect(stored).toHaveLength(1);
    expect(stored[0].startTime?.toISOString()).toBe(reply.gameProgress.startTime);

    // The team shares it: another phone joins the same play with it, and gets the questions.
    const joined = await progressCall(t.app, { action: 'set-start-time', gameId: game.id, secretCode: code.toLowerCase() });
    expect(joined.statusCode).toBe(200);
    expect(startTimeReplySchema.parse(joined.json()).gameProgress.startTime).toBe(reply.gameProgress.startTime);
    const progress = await progressCall(t.app, { action: 'get-game-progress', gameId: game.id, secretCode: code });
    expect(progressSchema.parse(progress.json()).game_secret).toBe(code);
    const withQuestions = gameReplySchema.parse((await getGame(t.app, game.id, { secret: code })).json());
    expect(withQuestions.questions).toHaveLength(3);
  });

  it('each start is a new play with its own code (a team that wants one play shares the code)', async () => {
    const ip = nextIp();
    const first = startTimeReplySchema.parse((await startFree(freeGame.id, ip)).json()).gameProgress.game_secret;
    const second = startTimeReplySchema.parse((await startFree(freeGame.id, ip)).json()).gameProgress.game_secret;
    expect(second).not.toBe(first);
  });

  it('an issued code opens only its own game, and a wrong use of it counts as a wrong code', async () => {
    const ip = nextIp();
    const code = startTimeReplySchema.parse((await startFree(freeGame.id, ip)).json()).gameProgress.game_secret;
    const before = await playTables(t.db);
    const onPaid = await progressCall(t.app, { action: 'set-start-time', gameId: paidGame.id, secretCode: code }, { ip });
    expect(onPaid.statusCode).toBe(403);
    expect(onPaid.json()).toEqual({ message: expect.any(String), code: 'wrong_code' });
    expect((await getGame(t.app, paidGame.id, { secret: code, ip })).json().questions).toBeUndefined();
    expect(await playTables(t.db)).toEqual(before);
  });

  it('a paid game still needs a code: without one, 400 and nothing made (not counted as a wrong code)', async () => {
    const ip = nextIp();
    const before = await playTables(t.db);
    for (let i = 0; i < WRONG_CODES_PER_WINDOW + 2; i++) {
      const res = await startFree(paidGame.id, ip);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: expect.stringMatching(/secretCode is required/), code: 'validation' });
    }
    expect(await playTables(t.db)).toEqual(before);
    // The same client's right code still works: asking without a code is no guess.
    const code = (await buildCode(t.db, { gameId: paidGame.id })).code;
    expect((await progressCall(t.app, { action: 'set-start-time', gameId: paidGame.id, secretCode: code }, { ip })).statusCode).toBe(200);
  });

  it('an unknown game and a free game that is not approved: 404, nothing made', async () => {
    const before = await playTables(t.db);
    for (const gameId of ['ffffffffffffffffffffffff', freeDraft.id]) {
      const res = await startFree(gameId);
      expect(res.statusCode, gameId).toBe(404);
      expect(res.json()).toEqual({ message: expect.any(String), code: 'not_found' });
    }
    expect(await playTables(t.db)).toEqual(before);
  });

  it.each<[string, unknown]>([
    ['an empty secretCode', { action: 'set-start-time', gameId: 'G', secretCode: '  ' }],
    ['a null secretCode', { action: 'set-start-time', gameId: 'G', secretCode: null }],
    ['a number secretCode', { action: 'set-start-time', gameId: 'G', secretCode: 7 }],
    ['get-game-progress without a code', { action: 'get-game-progress', gameId: 'G' }],
    ['set-question-status without a code', { action: 'set-question-status', gameId: 'G', questionIndex: 0, questionStatus: 'STARTED' }],
    ['set-end-time without a code', { action: 'set-end-time', gameId: 'G' }],
    ['no gameId', { action: 'set-start-time' }],
    ['a bad gameId', { action: 'set-start-time', gameId: '../x' }],
  ])('bad input on a free game: %s is a 400 and changes nothing', async (_name, body) => {
    const payload = JSON.parse(JSON.stringify(body).replace('"G"', JSON.stringify(freeGame.id))) as object;
    const before = await playTables(t.db);
    const res = await progressCall(t.app, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: expect.any(String), code: 'validation' });
    expect(await playTables(t.db)).toEqual(before);
  });

  it(`issues at most ${FREE_PLAYS_PER_WINDOW} codes per client in the window, then 429 and nothing made`, async () => {
    const ip = nextIp();
    for (let i = 0; i < FREE_PLAYS_PER_WINDOW; i++) {
      const res = await startFree(freeGame.id, ip);
      if (res.statusCode !== 200) throw new Error(`start ${i + 1}: ${res.statusCode} ${res.body}`);
    }
    const before = await playTables(t.db);
    const limited = await startFree(emptyPriceGame.id, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: expect.stringMatching(/too many free games/i), code: 'rate_limited' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(await playTables(t.db)).toEqual(before);
    // Another client is not affected.
    expect((await startFree(freeGame.id)).statusCode).toBe(200);
  });

  it('a client blocked for wrong codes gets no free code either, until its window ends', async () => {
    const ip = nextIp();
    for (let i = 0; i < WRONG_CODES_PER_WINDOW; i++) {
      expect((await progressCall(t.app, { action: 'get-game-progress', gameId: paidGame.id, secretCode: `WRONG${i}` }, { ip })).statusCode).toBe(403);
    }
    const before = await playTables(t.db);
    const res = await startFree(freeGame.id, ip);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ message: expect.stringMatching(/too many wrong codes/i), code: 'rate_limited' });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(await playTables(t.db)).toEqual(before);
  });

  it('the OpenAPI document says how a free game starts', async () => {
    const docs = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const operation = docs.paths['/api/game-progress'].post;
    expect(operation.summary).toMatch(/free game needs none/);
    expect(operation.description).toMatch(/may leave out secretCode/);
    expect(Object.keys(operation.responses)).toContain('404');
  });
});
