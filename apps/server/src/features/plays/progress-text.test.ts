import { eq } from 'drizzle-orm';
import { progressSchema, WATCH_EVENT, type Progress, type WatchAck } from '@streethunt/shared';
import type { Socket as ClientSocket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { gameCodes, plays } from '../../db/schema.ts';
import { testDatabaseKinds } from '../../db/test-database.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildCode, buildGame, buildPlay } from '../../test/factories.ts';
import { connectSocket, progressCall } from '../../test/player-calls.ts';
import { findGameForPlayers, readGameContent } from '../../db/game-rows.ts';
import { PLAY_CACHE_MS } from './play-cache.ts';
import { progressOf } from './play-context.ts';
import { preparedProgressOf } from './progress-text.ts';

/**
 * get-game-progress answers with JSON text kept per play version: whatever changes the play, the next
 * read says so as the play cache's rules say (at once in this process, within PLAY_CACHE_MS from another).
 */
describe.each(testDatabaseKinds())('get-game-progress as kept text on %s', (kind) => {
  let t: TestApp;
  let url: string;
  let game: Awaited<ReturnType<typeof buildGame>>;
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    t = await buildTestApp({ kind });
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    game = await buildGame(t.db);
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.disconnect();
  });
  afterAll(() => t.close());

  const call = async (secretCode: string, action: string, extra: Record<string, unknown> = {}) => {
    const res = await progressCall(t.app, { action, gameId: game.id, secretCode, ...extra });
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };
  const read = async (secretCode: string): Promise<Progress> => {
    const res = await call(secretCode, 'get-game-progress');
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    return progressSchema.parse(res.json());
  };
  const watched = async (secretCode: string): Promise<Progress> => {
    const socket = await connectSocket(url, sockets);
    const ack: WatchAck = await socket.timeout(2000).emitWithAck(WATCH_EVENT, { gameId: game.id, secretCode });
    if (!ack.ok) throw new Error(`watch refused: ${ack.code}`);
    return ack.progress;
  };

  it('after each change over HTTP, the next read is that change’s reply, as the socket sees it too', async () => {
    const code = (await buildCode(t.db, { gameId: game.id })).code;
    expect(await read(code)).toMatchObject({ startTime: null, score: 0 });
    const started = (await call(code, 'set-start-time')).json().gameProgress as Progress;
    expect(await read(code)).toEqual(started);
    const changes: Array<[string, Record<string, unknown>]> = [
      ['show-question-hint', { questionIndex: 0, hintIndex: 0 }],
      // Every question through to SKIPPED, so the play can end.
      ...started.questions.flatMap((_, questionIndex) =>
        ['STARTED', 'SOLUTION', 'SKIPPED'].map((questionStatus): [string, Record<string, unknown>] => ['set-question-status', { questionIndex, questionStatus }]),
      ),
      ['set-end-time', {}],
    ];
    for (const [action, extra] of changes) {
      // Read first, so the text of the version before the change is kept.
      await read(code);
      const changed = progressSchema.parse((await call(code, action, extra)).json());
      expect(await read(code), action).toEqual(changed);
      expect(await watched(code)).toEqual(changed);
    }
  });

  it('a change another process wrote is read within PLAY_CACHE_MS', async () => {
    const code = (await buildCode(t.db, { gameId: game.id })).code;
    await call(code, 'set-start-time');
    expect((await read(code)).questions[0].hints[0].isOpen).toBe(false);
    // Another process (here: a direct write) opens a hint.
    const [codeRow] = await t.db.select().from(gameCodes).where(eq(gameCodes.code, code));
    const [play] = await t.db.select().from(plays).where(eq(plays.codeId, codeRow.id));
    const lastUpdate = new Date();
    await t.db.update(plays).set({ states: { ...(play.states as object), q1: { openHints: ['q1h1', 'q1h2'] } }, lastUpdate }).where(eq(plays.id, play.id));
    await new Promise((r) => setTimeout(r, PLAY_CACHE_MS + 50));
    const now = await read(code);
    expect(now.questions[0].hints.every((h) => h.isOpen)).toBe(true);
    expect(now.lastUpdate).toBe(lastUpdate.toISOString());
    expect(await watched(code)).toEqual(now);
  });

  it('before the start, each code of a game reads its own code and the time asked, as progressOf says', async () => {
    const row = await findGameForPlayers(t.db, game.id);
    if (!row) throw new Error('no game');
    // Codes whose text differs in length and needs escaping in JSON: the kept text is cut, not replaced.
    const codes = [await buildCode(t.db, { gameId: game.id }), { ...(await buildCode(t.db, { gameId: game.id })), code: 'A"B\\C-LONGER-CODE' }];
    for (const [i, code] of codes.entries()) {
      const ctx = { game: row, content: readGameContent(row), code };
      const now = new Date(Date.UTC(2026, 0, 1, 10, 0, i));
      const text = preparedProgressOf(ctx, null, now).json;
      expect(JSON.parse(text)).toEqual(progressSchema.parse(progressOf(ctx, null, now)));
      expect(JSON.parse(text)).toMatchObject({ game_secret: code.code, lastUpdate: now.toISOString(), startTime: null });
    }
    // Over HTTP too, for a code that never started.
    const fresh = (await buildCode(t.db, { gameId: game.id })).code;
    const before = Date.now();
    const progress = await read(fresh);
    expect(progress.game_secret).toBe(fresh);
    expect(Date.parse(progress.lastUpdate)).toBeGreaterThanOrEqual(before);
  });

  it('the kept text of an unfinished play follows the minutes of its score; a finished one stays', async () => {
    const codeRow = await buildCode(t.db, { gameId: game.id });
    const startTime = new Date(Date.now() - 10 * 60_000);
    const play = await buildPlay(t.db, { gameId: game.id, codeId: codeRow.id, startTime, lastUpdate: startTime, questions: [{ status: 'DONE', hints: [] }] });
    const row = await findGameForPlayers(t.db, game.id);
    if (!row) throw new Error('no game');
    const ctx = { game: row, content: readGameContent(row), code: codeRow };
    const at = (ms: number) => new Date(startTime.getTime() + ms);
    const text = (ms: number) => JSON.parse(preparedProgressOf(ctx, play, at(ms)).json) as Progress;
    // The same play row asked at several moments: the score loses a point per whole minute, as progressOf says.
    for (const ms of [0, 59_999, 60_000, 61_000, 59_999, 3 * 60_000 + 1]) {
      expect(text(ms), `${ms} ms`).toEqual(progressOf(ctx, play, at(ms)));
    }
    expect(text(59_999).score).toBe(100);
    expect(text(60_000).score).toBe(99);
    expect(text(3 * 60_000 + 1).score).toBe(97);

    const finished = { ...play, endTime: at(2 * 60_000 + 5) };
    expect(JSON.parse(preparedProgressOf(ctx, finished, at(60 * 60_000)).json)).toEqual(progressOf(ctx, finished, at(60 * 60_000)));
    expect(JSON.parse(preparedProgressOf(ctx, finished, at(90 * 60_000)).json).score).toBe(98);
  });
});
