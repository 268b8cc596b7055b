import { answerHashes, gameReplySchema, matchesAnswerHashes, SPEC_SCORING, type GameReply, textAnswerValue } from '@streethunt/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../../db/test-database.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildCode, buildGame, buildUser } from '../../test/factories.ts';
import { allAnswers, getGame } from '../../test/player-calls.ts';
import { nextIp } from '../../test/client-address.ts';
import { tokenFor } from '../../test/tokens.ts';
import { questionSalt } from './service.ts';
import { forgetGame } from '../../db/game-rows.ts';

describe.each(testDatabaseKinds())('games on %s', (kind) => {
  let t: TestApp;
  let game: Awaited<ReturnType<typeof buildGame>>;
  let otherGame: Awaited<ReturnType<typeof buildGame>>;
  let code: string;
  let otherCode: string;
  let ownerToken: string;
  let adminToken: string;
  let strangerToken: string;

  beforeAll(async () => {
    t = await buildTestApp({ kind });
    const owner = await buildUser(t.db, { firstName: 'Owner' });
    game = await buildGame(t.db, { userId: owner.id });
    otherGame = await buildGame(t.db);
    code = (await buildCode(t.db, { gameId: game.id })).code;
    otherCode = (await buildCode(t.db, { gameId: otherGame.id })).code;
    ownerToken = await tokenFor(t.app, owner);
    const admin = await buildUser(t.db, { role: 'admin' });
    adminToken = await tokenFor(t.app, admin);
    const stranger = await buildUser(t.db);
    strangerToken = await tokenFor(t.app, stranger);
  });
  afterAll(() => t.close());

  describe('GET /api/games', () => {
    it('lists approved games only, newest first, without questions', async () => {
      const creator = await buildUser(t.db);
      const older = await buildGame(t.db, { userId: creator.id, approvedAt: new Date(Date.now() - 3600_000), content: { metadata: { ...game.content.metadata, name: 'Older' } } });
      const newer = await buildGame(t.db, { userId: creator.id, approvedAt: new Date(Date.now() + 3600_000), content: { metadata: { ...game.content.metadata, name: 'Newer' } } });
      const draft = await buildGame(t.db, { userId: creator.id, status: 'DRAFT', approvedAt: null });
      const pending = await buildGame(t.db, { userId: creator.id, status: 'PENDING', approvedAt: null });

      const res = await t.app.inject({ method: 'GET', url: '/api/games' });
      expect(res.statusCode).toBe(200);
      const ids = (res.json().data as GameReply[]).map((g) => g._id);
      expect(ids[0]).toBe(newer.id);
      expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
      expect(ids).toContain(game.id);
      expect(ids).not.toContain(draft.id);
      expect(ids).not.toContain(pending.id);
      for (const item of res.json().data) {
        expect(Object.keys(item).sort()).toEqual(['_id', 'metadata', 'start', 'status', 'userId']);
        expect(item.status).toBe('APPROVED');
      }
      const text = res.body.toLowerCase();
      for (const answer of allAnswers(game.content)) expect(text).not.toContain(answer.toLowerCase());

      const mine = await t.app.inject({ method: 'GET', url: `/api/games?user=${creator.id}` });
      expect(mine.json().data.map((g: GameReply) => g._id)).toEqual([newer.id, older.id]);
      expect(mine.json().data[1].metadata).toMatchObject({ name: 'Older', price: '45', currencyCode: 'ILS', language: 'he', map: true });
      const nobody = await t.app.inject({ method: 'GET', url: '/api/games?user=0123456789abcdef01234567' });
      expect(nobody.json()).toEqual({ data: [], nextCursor: null });
    });

    it('refuses a malformed user id', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/games?user=a%20b' });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('validation');
    });
  });

  describe('GET /api/games/{gameId}', () => {
    it('gives strangers the public part only: no questions, hints or answers', async () => {
      const res = await getGame(t.app, game.id);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(gameReplySchema.parse(body)).toBeTruthy();
      expect(body).toEqual({
        _id: game.id,
        userId: game.userId,
        status: 'APPROVED',
        // A game stored without scoring and order settings is said to play by the spec's rules.
        metadata: { ...game.content.metadata, scoring: SPEC_SCORING, order: 'linear' },
        introPage: { content: game.content.introPage.content },
        gameoverPage: game.content.gameoverPage,
        questionCount: 3,
      });
      expect(res.body).not.toContain('Who made the fountain');
      expect(res.body).not.toContain('An Israeli artist');
    });

    it('gives a holder of a valid code the questions with salted hashes and no plain answer anywhere', async () => {
      const res = await getGame(t.app, game.id, { secret: ` ${code.toLowerCase()} ` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toContain('no-store');
      const body = gameReplySchema.parse(res.json());
      expect(body.questions).toHaveLength(3);
      const text = res.body.toLowerCase();
      for (const answer of allAnswers(game.content)) expect(text).not.toContain(answer.toLowerCase());
      body.questions!.forEach((q, i) => {
        const source = game.content.questions[i];
        expect(q.answer.value).toBeUndefined();
        expect(q.answer.salt).toBe(questionSalt(game.answerSalt, i));
        expect(q.answer.hashes).toEqual(answerHashes(q.answer.salt, textAnswerValue(source.answer)));
        expect(q.answer.content).toBe(source.answer.content);
        expect(q.answer.contentAfterAnswer).toBe(source.answer.contentAfterAnswer);
        expect(q.content).toBe(source.content);
        expect(q.location).toEqual(source.location);
        expect(q.hints).toEqual(source.hints);
      });
      // The browser can judge from the hashes alone.
      expect(matchesAnswerHashes(body.questions![0].answer.salt, body.questions![0].answer.hashes, '  AGAM ')).toBe(true);
      expect(matchesAnswerHashes(body.questions![0].answer.salt, body.questions![0].answer.hashes, 'Karavan')).toBe(false);
      // Equal answers in two questions do not share a hash.
      expect(body.questions![0].answer.salt).not.toBe(body.questions![1].answer.salt);
    });

    it('gives a wrong code, and another game’s code, exactly what no code gives', async () => {
      const none = await getGame(t.app, game.id);
      const wrong = await getGame(t.app, game.id, { secret: 'NO-SUCH-CODE' });
      const others = await getGame(t.app, game.id, { secret: otherCode });
      expect(wrong.statusCode).toBe(200);
      expect(others.statusCode).toBe(200);
      expect(wrong.body).toBe(none.body);
      expect(others.body).toBe(none.body);
    });

    it('gives the owner and admins the answers, with or without a code', async () => {
      for (const token of [ownerToken, adminToken]) {
        const res = await getGame(t.app, game.id, { token });
        expect(res.statusCode).toBe(200);
        const body = gameReplySchema.parse(res.json());
        expect(body.questions!.map((q) => q.answer.value)).toEqual(game.content.questions.map((q) => textAnswerValue(q.answer)));
        expect(body.questions![1].answer.hashes).toEqual(answerHashes(questionSalt(game.answerSalt, 1), 'Twenty Two, עשרים ושתיים'));
      }
      const stranger = await getGame(t.app, game.id, { token: strangerToken });
      expect(stranger.json().questions).toBeUndefined();
    });

    it('is 404 for an unknown game, and for a game not approved unless the caller owns it, administers or holds its code', async () => {
      const owner = await buildUser(t.db);
      const draft = await buildGame(t.db, { userId: owner.id, status: 'DRAFT', approvedAt: null });
      const pending = await buildGame(t.db, { userId: owner.id, status: 'PENDING', approvedAt: null });
      const draftCode = (await buildCode(t.db, { gameId: draft.id, source: 'creator' })).code;
      const ownerOfDraft = await tokenFor(t.app, owner);

      const unknown = await getGame(t.app, '0123456789abcdef01234567');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ message: expect.any(String), code: 'not_found' });
      for (const id of [draft.id, pending.id]) {
        const anonymous = await getGame(t.app, id);
        expect(anonymous.statusCode).toBe(404);
        expect(anonymous.body).toBe(unknown.body);
        expect((await getGame(t.app, id, { token: strangerToken })).statusCode).toBe(404);
        expect((await getGame(t.app, id, { secret: code })).body).toBe(unknown.body);
        expect((await getGame(t.app, id, { token: ownerOfDraft })).json().questions).toHaveLength(3);
        expect((await getGame(t.app, id, { token: adminToken })).json().status).toBe(id === draft.id ? 'DRAFT' : 'PENDING');
      }
      // A creator's code lets friends play-test the draft.
      const tester = await getGame(t.app, draft.id, { secret: draftCode });
      expect(tester.statusCode).toBe(200);
      expect(tester.json().questions).toHaveLength(3);
      expect(tester.json().questions[0].answer.value).toBeUndefined();
    });

    it('refuses a malformed game id with 400', async () => {
      const res = await getGame(t.app, 'not%20an%20id');
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('validation');
    });

    it('shows a saved change to the owner at once and to players once forgetGame is called (no stale computed reply)', async () => {
      const changing = await buildGame(t.db);
      const changingCode = (await buildCode(t.db, { gameId: changing.id })).code;
      expect((await getGame(t.app, changing.id, { secret: changingCode })).json().questions[0].content).toBe('<p>Who made the fountain?</p>');
      const { games } = await import('../../db/schema.ts');
      const { eq } = await import('drizzle-orm');
      const questions = changing.content.questions.map((q, i) => (i === 0 ? { ...q, content: '<p>Changed</p>' } : q));
      await t.db.update(games).set({ questions, updatedAt: new Date(Date.now() + 1000) }).where(eq(games.id, changing.id));
      // The owner sees the save at once; players once the editor has said so (or within PLAYER_GAME_CACHE_MS).
      const ownerToken = await tokenFor(t.app, { id: changing.userId, role: 'user' });
      expect((await getGame(t.app, changing.id, { token: ownerToken })).json().questions[0].content).toBe('<p>Changed</p>');
      forgetGame(t.db, changing.id);
      expect((await getGame(t.app, changing.id, { secret: changingCode })).json().questions[0].content).toBe('<p>Changed</p>');
    });

    it('counts wrong codes per client: after 10 in 10 minutes even a right code gets 429', async () => {
      const ip = nextIp();
      for (let i = 0; i < 10; i++) {
        const res = await getGame(t.app, game.id, { ip, secret: i % 2 ? otherCode : `WRONG${i}` });
        expect(res.statusCode).toBe(200);
        expect(res.json().questions).toBeUndefined();
      }
      const limited = await getGame(t.app, game.id, { ip, secret: code });
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({ message: expect.stringMatching(/too many wrong codes/i), code: 'rate_limited' });
      // Without a code nothing is guessed, so the public part still comes; other clients are not affected.
      expect((await getGame(t.app, game.id, { ip })).statusCode).toBe(200);
      expect((await getGame(t.app, game.id, { secret: code })).json().questions).toHaveLength(3);
    });
  });
});
