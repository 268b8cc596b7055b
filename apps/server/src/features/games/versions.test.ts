import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameReply, MyActiveGamesReply, Progress } from '@streethunt/shared';
import { gameVersions } from '../../db/schema.ts';
import { testDatabaseKinds } from '../../db/test-database.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildCode, buildGame } from '../../test/factories.ts';
import { getGame, progressCall } from '../../test/player-calls.ts';
import { call } from '../../test/requests.ts';
import { userWithToken } from '../../test/tokens.ts';
import { saveBody } from '../studio/test-support.ts';

describe.each(testDatabaseKinds())('a play keeps the version of the game it started on, on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ kind });
  });
  afterAll(() => t.close());

  const progress = async (gameId: string, secretCode: string, action = 'get-game-progress', extra: object = {}) => {
    const res = await progressCall(t.app, { action, gameId, secretCode, ...extra });
    expect(res.statusCode, `${action} ${JSON.stringify(extra)}: ${res.body}`).toBe(200);
    const body = res.json() as Progress & { gameProgress?: Progress };
    return body.gameProgress ?? body;
  };
  const statuses = (p: Progress) => p.questions.map((q) => q.status);

  it('the walk: an admin deletes question 1 under a play at question 2 and a finished play; neither changes, a new play gets the new version', async () => {
    const admin = await userWithToken(t, { role: 'admin' });
    const creator = await userWithToken(t);
    const game = await buildGame(t.db, { userId: creator.user.id });
    const running = (await buildCode(t.db, { gameId: game.id })).code;
    const finished = (await buildCode(t.db, { gameId: game.id })).code;

    // A finished play: question 1 done with a hint, question 2 skipped, question 3 done: 190 points.
    await progress(game.id, finished, 'set-start-time');
    await progress(game.id, finished, 'show-question-hint', { questionIndex: 0, hintIndex: 0 });
    await progress(game.id, finished, 'set-question-status', { questionIndex: 0, questionStatus: 'ANSWERED', answer: 'Agam' });
    await progress(game.id, finished, 'set-question-status', { questionIndex: 0, questionStatus: 'DONE' });
    await progress(game.id, finished, 'set-question-status', { questionIndex: 1, questionStatus: 'SOLUTION' });
    await progress(game.id, finished, 'set-question-status', { questionIndex: 1, questionStatus: 'SKIPPED' });
    await progress(game.id, finished, 'set-question-status', { questionIndex: 2, questionStatus: 'ANSWERED', answer: 'Habima' });
    await progress(game.id, finished, 'set-question-status', { questionIndex: 2, questionStatus: 'DONE' });
    const ended = await progress(game.id, finished, 'set-end-time');
    expect(ended.score).toBe(190);

    // A second phone at question 2.
    await progress(game.id, running, 'set-start-time');
    await progress(game.id, running, 'set-question-status', { questionIndex: 0, questionStatus: 'ANSWERED', answer: 'Agam' });
    await progress(game.id, running, 'set-question-status', { questionIndex: 0, questionStatus: 'DONE' });
    await progress(game.id, running, 'set-question-status', { questionIndex: 1, questionStatus: 'STARTED' });

    // The admin deletes question 1 and saves: the game is listed as it is now.
    const [, q2, q3] = game.content.questions;
    const saved = await call(t, 'POST', `/api/games/${game.id}`, { token: admin.token, body: saveBody({ ...game.content, questions: [q2!, q3!] }, 1) });
    expect(saved.statusCode).toBe(200);
    expect((await getGame(t.app, game.id)).json<GameReply>().questionCount).toBe(2);

    // The phone still has three questions, question 1 done, and stands at question 2.
    const phone = await progress(game.id, running);
    expect(statuses(phone)).toEqual(['DONE', 'STARTED', null]);
    const phoneGame = (await getGame(t.app, game.id, { secret: running })).json<GameReply>();
    expect(phoneGame.questions!.map((q) => q.id)).toEqual(['q1', 'q2', 'q3']);
    // Its answers are judged on its version: question 2 by position is still the house number.
    await progress(game.id, running, 'set-question-status', { questionIndex: 1, questionStatus: 'ANSWERED', answer: 'Twenty Two' });
    expect(statuses(await progress(game.id, running, 'set-question-status', { questionIndex: 1, questionStatus: 'DONE' }))).toEqual(['DONE', 'DONE', null]);

    // The finished play keeps its questions, its hint and its 190 points.
    const kept = await progress(game.id, finished);
    expect(statuses(kept)).toEqual(['DONE', 'SKIPPED', 'DONE']);
    expect(kept.questions[0]!.hints[0]!.isOpen).toBe(true);
    expect(kept.score).toBe(190);

    // A new play starts on the version saved: two questions.
    const fresh = (await buildCode(t.db, { gameId: game.id })).code;
    expect(statuses(await progress(game.id, fresh, 'set-start-time'))).toEqual([null, null]);
    expect((await getGame(t.app, game.id, { secret: fresh })).json<GameReply>().questions!.map((q) => q.id)).toEqual(['q2', 'q3']);

    // The report shows each play on its own version, and counts by question id over the game now.
    const report = (await call(t, 'GET', `/api/games/my-active-games?gameId=${game.id}&progressType=all`, { token: creator.token })).json<MyActiveGamesReply>();
    const scoreOf = (code: string) => report.data.find((play) => play.game_secret === code)!.score;
    expect(scoreOf(finished)).toBe(190);
    expect(report.questions).toHaveLength(2);
    // The house (question 2 then, first now): skipped by one, answered by the other.
    expect(report.questions[0]).toMatchObject({ reached: 2, answered: 1, skipped: 1 });

    // One version kept (the one both plays are on), never changed.
    const versions = await t.db.select().from(gameVersions).where(eq(gameVersions.gameId, game.id));
    expect(versions.map((v) => v.version)).toEqual([1]);
    expect((versions[0]!.questions as unknown[]).length).toBe(3);
  });

  it('a save keeps nothing when no play is on the version it replaces', async () => {
    const owner = await userWithToken(t);
    const game = await buildGame(t.db, { userId: owner.user.id, status: 'DRAFT', approvedAt: null });
    const res = await call(t, 'POST', `/api/games/${game.id}`, { token: owner.token, body: saveBody(game.content, 1) });
    expect(res.statusCode).toBe(200);
    expect(await t.db.select().from(gameVersions).where(eq(gameVersions.gameId, game.id))).toEqual([]);
  });
});
