import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivePlay, MyActiveGamesReply, MyFeedbacksReply } from '@streethunt/shared';
import { gameCodes, plays, type users } from '../../db/schema.ts';
import { testDatabaseKinds } from '../../db/test-database.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { branchingQuestions, buildCode, buildFeedback, buildGame, buildPlay, buildPurchase, buildUser, gameContent } from '../../test/factories.ts';
import { getJson } from '../../test/requests.ts';
import { tokenFor } from '../../test/tokens.ts';
import { MAX_REPORTED_PLAYS } from './service.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const closed = { isOpen: false };
const open = { isOpen: true };

describe.each(testDatabaseKinds())('the creator’s reports on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ kind });
  });
  afterAll(() => t.close());

  const get = async (url: string, user?: Pick<typeof users.$inferSelect, 'id' | 'role'>) => getJson(t.app, url, { token: user ? await tokenFor(t.app, user) : undefined });

  describe('GET /api/games/my-games/feedbacks', () => {
    it('lists each of the caller’s games, newest change first, with its feedbacks newest first', async () => {
      const creator = await buildUser(t.db);
      const now = Date.now();
      const older = await buildGame(t.db, { userId: creator.id, updatedAt: new Date(now - 2 * HOUR), content: { metadata: { ...gameContent().metadata, name: 'Old town walk' } } });
      const newer = await buildGame(t.db, { userId: creator.id, status: 'DRAFT', approvedAt: null, updatedAt: new Date(now - HOUR) });
      const first = await buildFeedback(t.db, { gameId: older.id, update: new Date(now - 3 * HOUR), general: 2, questions: 3, path: 4, openAnswer: 'Too long' });
      const latest = await buildFeedback(t.db, { gameId: older.id, update: new Date(now - MINUTE), openAnswer: 'מסלול מקסים' });
      const middle = await buildFeedback(t.db, { gameId: older.id, update: new Date(now - 2 * HOUR) });
      // Someone else's game and feedback stay out.
      const stranger = await buildGame(t.db);
      await buildFeedback(t.db, { gameId: stranger.id, openAnswer: 'Not yours' });

      const res = await get('/api/games/my-games/feedbacks', creator);
      expect(res.statusCode).toBe(200);
      const body = res.json<MyFeedbacksReply>();
      expect(body.data.map((g) => g.name)).toEqual(['Test hunt', 'Old town walk']);
      expect(body.data[0]).toEqual({ _id: newer.id, name: 'Test hunt', feedbacks: [] });
      expect(body.data[1]._id).toBe(older.id);
      expect(body.data[1].feedbacks.map((f) => f._id)).toEqual([latest.id, middle.id, first.id]);
      expect(body.data[1].feedbacks[2]).toEqual({
        _id: first.id,
        gameId: older.id,
        general: 2,
        questions: 3,
        path: 4,
        openAnswer: 'Too long',
        // Given before the played language was kept: null, and listed all the same.
        language: null,
        update: new Date(now - 3 * HOUR).toISOString(),
      });
      expect(body.data[1].feedbacks[0].openAnswer).toBe('מסלול מקסים');
      expect(res.body).not.toContain('Not yours');
      expect(res.body).not.toContain(stranger.id);

      const one = await get(`/api/games/my-games/feedbacks?gameId=${older.id}`, creator);
      expect(one.statusCode).toBe(200);
      expect(one.json<MyFeedbacksReply>().data).toEqual([body.data[1]]);
    });

    it('a creator without games gets an empty list', async () => {
      const res = await get('/api/games/my-games/feedbacks', await buildUser(t.db));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ data: [] });
    });

    it('another user’s game, or one that does not exist, is 404 and tells nothing about it', async () => {
      const creator = await buildUser(t.db);
      await buildGame(t.db, { userId: creator.id });
      const stranger = await buildGame(t.db, { content: { metadata: { ...gameContent().metadata, name: 'Secret route' } } });
      await buildFeedback(t.db, { gameId: stranger.id, openAnswer: 'Hidden comment' });
      const foreign = await get(`/api/games/my-games/feedbacks?gameId=${stranger.id}`, creator);
      const unknown = await get('/api/games/my-games/feedbacks?gameId=0123456789abcdef01234567', creator);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toEqual({ code: 'not_found', message: expect.any(String) });
      expect(unknown.json()).toEqual(foreign.json());
      expect(foreign.body).not.toMatch(/Secret route|Hidden comment/);
    });

    it('an admin sees only their own games here too', async () => {
      const admin = await buildUser(t.db, { role: 'admin' });
      const own = await buildGame(t.db, { userId: admin.id });
      const other = await buildGame(t.db);
      await buildFeedback(t.db, { gameId: other.id });
      const res = await get('/api/games/my-games/feedbacks', admin);
      expect(res.json<MyFeedbacksReply>().data.map((g) => g._id)).toEqual([own.id]);
      expect((await get(`/api/games/my-games/feedbacks?gameId=${other.id}`, admin)).statusCode).toBe(404);
    });

    it('anonymous callers get 401; a malformed gameId 400', async () => {
      const anonymous = await get('/api/games/my-games/feedbacks');
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json().code).toBe('unauthorized');
      const creator = await buildUser(t.db);
      for (const gameId of ['bad id!', '', 'x'.repeat(65), '%00abc']) {
        const res = await get(`/api/games/my-games/feedbacks?gameId=${gameId}`, creator);
        expect({ gameId, status: res.statusCode, code: res.json().code }).toEqual({ gameId, status: 400, code: 'validation' });
      }
    });
  });

  describe('GET /api/games/my-active-games', () => {
    /**
     * One game (three questions, two hints each) and four plays of it, made a hour apart:
     * bought (under way), admin (ended), creator (never started), free (under way).
     */
    async function playedGame() {
      const creator = await buildUser(t.db);
      const game = await buildGame(t.db, { userId: creator.id });
      const now = Date.now();
      const purchase = await buildPurchase(t.db, { gameId: game.id, fullName: 'Dana Buyer', email: 'dana@example.com', phone: '054-1112222' });
      const boughtCode = await buildCode(t.db, { gameId: game.id, source: 'purchase', purchaseId: purchase.id });
      const adminCode = await buildCode(t.db, { gameId: game.id, source: 'admin' });
      const creatorCode = await buildCode(t.db, { gameId: game.id, source: 'creator' });
      const freeCode = await buildCode(t.db, { gameId: game.id, source: 'free' });
      // 10 minutes in (and a few seconds, so the whole minutes are sure): 1 done, 1 hint: 100 - 10 - 10.
      const bought = await buildPlay(t.db, {
        gameId: game.id,
        codeId: boughtCode.id,
        createdAt: new Date(now - 4 * HOUR),
        startTime: new Date(now - 10 * MINUTE - 5_000),
        questions: [
          { status: 'DONE', hints: [open, closed] },
          { status: 'STARTED', hints: [closed, closed] },
          { status: null, hints: [closed, closed] },
        ],
      });
      // 30 minutes, 2 done, 3 hints: 200 - 30 - 30.
      const ended = await buildPlay(t.db, {
        gameId: game.id,
        codeId: adminCode.id,
        createdAt: new Date(now - 3 * HOUR),
        startTime: new Date(now - 3 * HOUR),
        endTime: new Date(now - 3 * HOUR + 30 * MINUTE),
        lastUpdate: new Date(now - 3 * HOUR + 30 * MINUTE),
        questions: [
          { status: 'DONE', hints: [closed, closed] },
          { status: 'SKIPPED', hints: [closed, open], solution: 'Twenty Two' },
          { status: 'DONE', hints: [open, open] },
        ],
      });
      // A row without a start (and without stored questions): every question blank.
      const waiting = await buildPlay(t.db, { gameId: game.id, codeId: creatorCode.id, createdAt: new Date(now - 2 * HOUR), startTime: null });
      // 20 minutes, nothing done, 1 hint: the floor, 0.
      const free = await buildPlay(t.db, {
        gameId: game.id,
        codeId: freeCode.id,
        createdAt: new Date(now - HOUR),
        startTime: new Date(now - 20 * MINUTE),
        questions: [
          { status: 'SOLUTION', hints: [closed, closed], solution: 'Yaacov Agam' },
          { status: 'ANSWERED', hints: [open, closed] },
          { status: null, hints: [closed, closed] },
        ],
      });
      return { creator, game, purchase, codes: { boughtCode, adminCode, creatorCode, freeCode }, plays: { bought, ended, waiting, free } };
    }

    const report = async (gameId: string, progressType: string | undefined, user?: Pick<typeof users.$inferSelect, 'id' | 'role'>) =>
      get(`/api/games/my-active-games?gameId=${gameId}${progressType === undefined ? '' : `&progressType=${progressType}`}`, user);

    it('at a fork: each question counts only the plays that could reach it, and the fork how many took each way', async () => {
      const creator = await buildUser(t.db);
      const game = await buildGame(t.db, { userId: creator.id, content: { questions: branchingQuestions() } });
      const fork = (chose: string, after: Array<'DONE' | null>) =>
        [{ status: 'DONE' as const, hints: [], chose }, ...after.map((status, i) => ({ status, hints: i === 0 ? [closed] : [] }))];
      for (const questions of [fork('left', ['DONE', null, null, null]), fork('left', [null, null, null, null]), fork('right', [null, 'DONE', null, null])]) {
        const code = await buildCode(t.db, { gameId: game.id });
        await buildPlay(t.db, { gameId: game.id, codeId: code.id, questions });
      }
      const res = await report(game.id, 'all', creator);
      expect(res.statusCode).toBe(200);
      const stats = res.json<MyActiveGamesReply>().questions;
      expect(stats.map((q) => [q.couldReach, q.reached])).toEqual([
        [3, 3],
        [2, 1],
        [1, 1],
        [3, 0],
        [3, 0],
      ]);
      expect(stats[0]!.branches).toEqual([
        { option: 'left', text: 'The alley', plays: 2 },
        { option: 'right', text: 'The square', plays: 1 },
      ]);
      expect(stats.slice(1).every((q) => q.branches === undefined)).toBe(true);
    });

    it('lists every play newest first, with code, source, times, states, score and the buyer of a bought code only', async () => {
      const { creator, game, purchase, codes, plays: made } = await playedGame();
      const res = await report(game.id, 'all', creator);
      expect(res.statusCode).toBe(200);
      const body = res.json<MyActiveGamesReply>();
      expect(body.data.map((p) => p._id)).toEqual([made.free.id, made.waiting.id, made.ended.id, made.bought.id]);
      const [free, waiting, ended, bought] = body.data;

      expect(bought).toEqual<ActivePlay>({
        _id: made.bought.id,
        game_id: game.id,
        game_name: 'Test hunt',
        game_secret: codes.boughtCode.code,
        source: 'purchase',
        createdAt: made.bought.createdAt.toISOString(),
        startTime: made.bought.startTime!.toISOString(),
        endTime: null,
        lastUpdate: made.bought.lastUpdate.toISOString(),
        questions: [
          { status: 'DONE', hints: [open, closed] },
          { status: 'STARTED', hints: [closed, closed] },
          { status: null, hints: [closed, closed] },
        ],
        score: 80,
        payment: { name: purchase.fullName, email: purchase.email, phone: purchase.phone },
      });
      expect(ended).toMatchObject({ source: 'admin', game_secret: codes.adminCode.code, score: 140, payment: null, endTime: made.ended.endTime!.toISOString() });
      // The solution of a skipped question is no part of the report's rows.
      expect(ended.questions[1]).toEqual({ status: 'SKIPPED', hints: [closed, open] });
      expect(waiting).toMatchObject({ source: 'creator', startTime: null, endTime: null, score: 0, payment: null });
      expect(waiting.questions).toEqual([0, 1, 2].map(() => ({ status: null, hints: [closed, closed] })));
      expect(free).toMatchObject({ source: 'free', score: 0, payment: null });
      expect(res.body).not.toContain('Yaacov Agam');

      // Per question, over the four plays (counted by hand from playedGame above).
      expect(body.questions).toEqual([
        { couldReach: 3, reached: 3, answered: 2, skipped: 1, hintsOpened: 1 },
        { couldReach: 3, reached: 3, answered: 1, skipped: 1, hintsOpened: 2 },
        { couldReach: 3, reached: 1, answered: 1, skipped: 0, hintsOpened: 1 },
      ]);
    });

    it('filters by progress: started (not ended), not_started, ended; all is the default; the counts follow', async () => {
      const { creator, game, plays: made } = await playedGame();
      const ids = async (progressType: string | undefined) => {
        const res = await report(game.id, progressType, creator);
        expect(res.statusCode).toBe(200);
        return res.json<MyActiveGamesReply>();
      };
      const started = await ids('started');
      expect(started.data.map((p) => p._id)).toEqual([made.free.id, made.bought.id]);
      expect(started.questions).toEqual([
        { couldReach: 2, reached: 2, answered: 1, skipped: 1, hintsOpened: 1 },
        { couldReach: 2, reached: 2, answered: 1, skipped: 0, hintsOpened: 1 },
        { couldReach: 2, reached: 0, answered: 0, skipped: 0, hintsOpened: 0 },
      ]);
      const notStarted = await ids('not_started');
      expect(notStarted.data.map((p) => p._id)).toEqual([made.waiting.id]);
      expect(notStarted.questions).toEqual([0, 1, 2].map(() => ({ couldReach: 0, reached: 0, answered: 0, skipped: 0, hintsOpened: 0 })));
      const ended = await ids('ended');
      expect(ended.data.map((p) => p._id)).toEqual([made.ended.id]);
      expect(ended.questions).toEqual([
        { couldReach: 1, reached: 1, answered: 1, skipped: 0, hintsOpened: 0 },
        { couldReach: 1, reached: 1, answered: 0, skipped: 1, hintsOpened: 1 },
        { couldReach: 1, reached: 1, answered: 1, skipped: 0, hintsOpened: 1 },
      ]);
      expect((await ids(undefined)).data).toHaveLength(4);
    });

    it('not_started and all list the codes nobody played yet, bought ones with their buyer; a refunded code is not listed', async () => {
      const { creator, game, plays: made } = await playedGame();
      const now = Date.now();
      const buyer = await buildPurchase(t.db, { gameId: game.id, fullName: 'Noa Waiting', email: 'noa@example.com', phone: '050-3334444' });
      const unplayedBought = await buildCode(t.db, { gameId: game.id, source: 'purchase', purchaseId: buyer.id, createdAt: new Date(now - 30 * MINUTE) });
      const unplayedAdmin = await buildCode(t.db, { gameId: game.id, source: 'admin', createdAt: new Date(now - 5 * HOUR) });
      const refunded = await buildPurchase(t.db, { gameId: game.id, fullName: 'Refunded Buyer' });
      await buildCode(t.db, { gameId: game.id, source: 'purchase', purchaseId: refunded.id, disabledAt: new Date() });
      const before = await report(game.id, 'started', creator);

      const notStarted = (await report(game.id, 'not_started', creator)).json<MyActiveGamesReply>();
      expect(notStarted.data.map((p) => p._id)).toEqual([unplayedBought.id, made.waiting.id, unplayedAdmin.id]);
      expect(notStarted.data[0]).toEqual<ActivePlay>({
        _id: unplayedBought.id,
        game_id: game.id,
        game_name: 'Test hunt',
        game_secret: unplayedBought.code,
        source: 'purchase',
        createdAt: unplayedBought.createdAt.toISOString(),
        startTime: null,
        endTime: null,
        lastUpdate: unplayedBought.createdAt.toISOString(),
        questions: [0, 1, 2].map(() => ({ status: null, hints: [closed, closed] })),
        score: 0,
        payment: { name: 'Noa Waiting', email: 'noa@example.com', phone: '050-3334444' },
      });
      expect(notStarted.data[2]).toMatchObject({ source: 'admin', payment: null, game_secret: unplayedAdmin.code });
      expect(JSON.stringify(notStarted)).not.toContain('Refunded Buyer');
      expect(notStarted.questions).toEqual([0, 1, 2].map(() => ({ couldReach: 0, reached: 0, answered: 0, skipped: 0, hintsOpened: 0 })));

      // All: the plays and the unplayed codes, newest first; a played code once; the counts are the plays'.
      const all = (await report(game.id, 'all', creator)).json<MyActiveGamesReply>();
      expect(all.data.map((p) => p._id)).toEqual([unplayedBought.id, made.free.id, made.waiting.id, made.ended.id, made.bought.id, unplayedAdmin.id]);
      expect(all.questions).toEqual([
        { couldReach: 3, reached: 3, answered: 2, skipped: 1, hintsOpened: 1 },
        { couldReach: 3, reached: 3, answered: 1, skipped: 1, hintsOpened: 2 },
        { couldReach: 3, reached: 1, answered: 1, skipped: 0, hintsOpened: 1 },
      ]);
      // The other filters are as they were.
      expect((await report(game.id, 'started', creator)).json()).toEqual(before.json());
    });

    it('a game without plays: no rows, and zero counts for each question', async () => {
      const creator = await buildUser(t.db);
      const game = await buildGame(t.db, { userId: creator.id, status: 'DRAFT', approvedAt: null });
      const res = await report(game.id, 'all', creator);
      expect(res.json()).toEqual({ data: [], questions: [0, 1, 2].map(() => ({ couldReach: 0, reached: 0, answered: 0, skipped: 0, hintsOpened: 0 })) });
    });

    it('another creator’s game is 404, like one that does not exist, and nothing of it leaks; an admin may look', async () => {
      const { game, codes, purchase } = await playedGame();
      const intruder = await buildUser(t.db);
      const foreign = await report(game.id, 'all', intruder);
      const unknown = await report('0123456789abcdef01234567', 'all', intruder);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toEqual({ code: 'not_found', message: expect.any(String) });
      expect(unknown.json()).toEqual(foreign.json());
      for (const secret of [codes.boughtCode.code, purchase.email, purchase.fullName, 'Test hunt']) expect(foreign.body).not.toContain(secret);

      const admin = await buildUser(t.db, { role: 'admin' });
      const asAdmin = await report(game.id, 'ended', admin);
      expect(asAdmin.statusCode).toBe(200);
      expect(asAdmin.json<MyActiveGamesReply>().data.map((p) => p.game_secret)).toEqual([codes.adminCode.code]);
    });

    it('anonymous callers get 401; a bad progressType or gameId, or none, 400', async () => {
      const { creator, game } = await playedGame();
      const anonymous = await report(game.id, 'all');
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json().code).toBe('unauthorized');
      const bad = [
        `gameId=${game.id}&progressType=finished`,
        `gameId=${game.id}&progressType=ALL`,
        `gameId=${game.id}&progressType=`,
        'progressType=all',
        'gameId=bad%20id!&progressType=all',
        `gameId=${'x'.repeat(65)}`,
      ];
      for (const query of bad) {
        const res = await get(`/api/games/my-active-games?${query}`, creator);
        expect({ query, status: res.statusCode, code: res.json().code }).toEqual({ query, status: 400, code: 'validation' });
      }
    });

    it(`returns the ${MAX_REPORTED_PLAYS} newest plays at most, and counts over those`, async () => {
      const creator = await buildUser(t.db);
      const game = await buildGame(t.db, { userId: creator.id });
      const total = MAX_REPORTED_PLAYS + 5;
      const codes = await t.db
        .insert(gameCodes)
        .values(Array.from({ length: total }, (_, i) => ({ gameId: game.id, code: `CAP${game.id.slice(-8)}${i}`.toUpperCase(), source: 'admin' as const })))
        .returning();
      const base = Date.now() - 10 * HOUR;
      // The oldest five have reached the first question; the report never sees them.
      await t.db.insert(plays).values(
        codes.map((code, i) => ({
          gameId: game.id,
          codeId: code.id,
          createdAt: new Date(base + i * 1000),
          gameVersion: game.version,
          states: i < 5 ? { [game.content.questions[0]!.id]: { status: 'STARTED' } } : {},
        })),
      );
      const res = await report(game.id, 'all', creator);
      const body = res.json<MyActiveGamesReply>();
      expect(body.data).toHaveLength(MAX_REPORTED_PLAYS);
      expect(body.data[0].game_secret).toBe(codes[total - 1].code);
      expect(body.data.at(-1)?.game_secret).toBe(codes[5].code);
      expect(body.questions[0]).toEqual({ couldReach: 0, reached: 0, answered: 0, skipped: 0, hintsOpened: 0 });
    });
  });
});
