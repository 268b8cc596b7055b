import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MyFeedbacksReply } from '@streethunt/shared';
import { feedbacks, plays, problemReports } from '../../db/schema.ts';
import { newSecretToken } from '../../platform/auth.ts';
import { testDatabaseKinds } from '../../db/test-database.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildCode, buildFeedback, buildGame, buildPlay, buildUser } from '../../test/factories.ts';
import { getJson, postJson } from '../../test/requests.ts';
import { tokenFor } from '../../test/tokens.ts';

const ratings = { general: 5, questions: 4, path: 3 };

// A game is played in either of its languages (DESIGN.md section 13); feedback and reports stay per game, keeping which one.
describe.each(testDatabaseKinds())('the language a team played in, on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ kind });
  });
  afterAll(() => t.close());

  const feedbackOf = (gameId: string) => t.db.select().from(feedbacks).where(eq(feedbacks.gameId, gameId));
  const reportsOf = (gameId: string) => t.db.select().from(problemReports).where(eq(problemReports.gameId, gameId));

  async function playedGame() {
    const creator = await buildUser(t.db);
    const game = await buildGame(t.db, { userId: creator.id });
    const code = await buildCode(t.db, { gameId: game.id });
    const play = await buildPlay(t.db, { gameId: game.id, codeId: code.id, endTime: new Date() });
    return { creator, game, code, play };
  }

  it('keeps the language sent with feedback, and the creator’s list shows it beside an older feedback without one', async () => {
    const { creator, game, code } = await playedGame();
    const old = await buildFeedback(t.db, { gameId: game.id, update: new Date(Date.now() - 60_000) });
    const res = await postJson(t.app, `/api/feedback/game/${game.id}`, { ...ratings, secretCode: code.code, language: 'en' });
    expect(res.statusCode).toBe(200);
    expect((await feedbackOf(game.id)).map((f) => f.language).sort()).toEqual(['en', null]);

    const listed = await getJson(t.app, `/api/games/my-games/feedbacks?gameId=${game.id}`, { token: await tokenFor(t.app, creator) });
    expect(listed.statusCode).toBe(200);
    const [mine] = listed.json<MyFeedbacksReply>().data;
    expect(mine.feedbacks.map((f) => [f._id === old.id ? 'old' : 'new', f.language])).toEqual([
      ['new', 'en'],
      ['old', null],
    ]);
  });

  it('feedback without a language (a phone from before) is stored with none', async () => {
    const { game, code } = await playedGame();
    expect((await postJson(t.app, `/api/feedback/game/${game.id}`, { ...ratings, secretCode: code.code })).statusCode).toBe(200);
    expect((await feedbackOf(game.id))[0].language).toBeNull();
  });

  it('the emailed link’s rating (its page plays nothing, so sends none) replaces the rating but keeps the play’s language', async () => {
    const { game, code, play } = await playedGame();
    expect((await postJson(t.app, `/api/feedback/game/${game.id}`, { ...ratings, secretCode: code.code, language: 'en' })).statusCode).toBe(200);
    const { token, tokenHash } = newSecretToken();
    await t.db.update(plays).set({ feedbackTokenHash: tokenHash }).where(eq(plays.id, play.id));
    expect((await postJson(t.app, `/api/feedback/game/${game.id}`, { general: 1, questions: 1, path: 1, token })).statusCode).toBe(200);
    expect(await feedbackOf(game.id)).toEqual([expect.objectContaining({ general: 1, language: 'en' })]);
  });

  it('keeps the language sent with a problem report; none sent is null', async () => {
    const { game, code } = await playedGame();
    const base = { gameId: game.id, gameSecret: code.code, questionId: 1 };
    expect((await postJson(t.app, '/api/game/report', { ...base, message: 'השלט חסר', language: 'he' })).statusCode).toBe(200);
    expect((await postJson(t.app, '/api/game/report', { ...base, message: 'The sign is gone' })).statusCode).toBe(200);
    const stored = await reportsOf(game.id);
    expect(stored.map((r) => [r.message, r.language])).toEqual(
      expect.arrayContaining([
        ['השלט חסר', 'he'],
        ['The sign is gone', null],
      ]),
    );
  });

  it('a language other than he or en is 400 { message, code } and nothing is stored', async () => {
    const { game, code } = await playedGame();
    for (const language of ['fr', 'HE', '', 1, null]) {
      const rated = await postJson(t.app, `/api/feedback/game/${game.id}`, { ...ratings, secretCode: code.code, language });
      expect({ language, status: rated.statusCode, body: rated.json() }).toEqual({
        language,
        status: 400,
        body: expect.objectContaining({ code: 'validation', message: expect.any(String) }),
      });
      const reported = await postJson(t.app, '/api/game/report', { gameId: game.id, gameSecret: code.code, questionId: 1, message: 'The sign is gone', language });
      expect({ language, status: reported.statusCode, code: reported.json().code }).toEqual({ language, status: 400, code: 'validation' });
    }
    expect(await feedbackOf(game.id)).toEqual([]);
    expect(await reportsOf(game.id)).toEqual([]);
  });
});
