import { eq } from 'drizzle-orm';
import { emptyGame, myGamesReplySchema, newGameReplySchema } from '@streethunt/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameCodes, games } from '../../db/schema.ts';
import { testDatabaseKinds } from '../../db/test-database.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildGame, everyKindQuestions, gameContent } from '../../test/factories.ts';
import { getGame } from '../../test/player-calls.ts';
import { call } from '../../test/requests.ts';
import { userWithToken } from '../../test/tokens.ts';
import { saveBody, storedGame, studioTables } from './test-support.ts';

describe.each(testDatabaseKinds())('the studio’s game calls on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ kind });
  });
  afterAll(() => t.close());

  describe('POST /api/games/new', () => {
    it('stores an empty draft of the caller, in the caller’s language, with or without an (empty) body', async () => {
      const hebrew = await userWithToken(t, { language: 'he' });
      const english = await userWithToken(t, { language: 'en' });
      const plain = await call(t, 'POST', '/api/games/new', { token: hebrew.token });
      const emptyJson = await call(t, 'POST', '/api/games/new', { token: english.token, raw: '' });
      const emptyObject = await call(t, 'POST', '/api/games/new', { token: english.token, body: {} });
      for (const res of [plain, emptyJson, emptyObject]) expect(res.statusCode).toBe(200);

      const id = newGameReplySchema.parse(plain.json()).data._id;
      const row = await storedGame(t.db, id);
      expect(row).toMatchObject({ userId: hebrew.user.id, status: 'DRAFT', version: 1, ...emptyGame('he') });
      expect(await storedGame(t.db, emptyJson.json().data._id)).toMatchObject({ userId: english.user.id, ...emptyGame('en') });
      // The owner opens it in the editor.
      const opened = await getGame(t.app, id, { token: hebrew.token });
      expect(opened.json()).toMatchObject({ _id: id, status: 'DRAFT', version: 1, questions: [] });
    });

    it('refuses an anonymous caller (401) and a body with fields (400), storing nothing', async () => {
      const { token } = await userWithToken(t);
      const before = await studioTables(t.db);
      expect((await call(t, 'POST', '/api/games/new')).statusCode).toBe(401);
      expect((await call(t, 'POST', '/api/games/new', { token, body: { metadata: {} } })).statusCode).toBe(400);
      expect((await studioTables(t.db)).text).toBe(before.text);
    });

    it('is rate limited per user: the 11th in a minute is 429, while another user still gets through', async () => {
      const busy = await userWithToken(t);
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) statuses.push((await call(t, 'POST', '/api/games/new', { token: busy.token })).statusCode);
      expect(statuses).toEqual([...Array(10).fill(200), 429]);
      const other = await userWithToken(t);
      expect((await call(t, 'POST', '/api/games/new', { token: other.token })).statusCode).toBe(200);
      expect(await t.db.select({ id: games.id }).from(games).where(eq(games.userId, busy.user.id))).toHaveLength(10);
    });
  });

  describe('GET /api/games/my-games', () => {
    it('lists only the caller’s games, every status, the latest change first, with their question counts', async () => {
      const creator = await userWithToken(t);
      const ago = (ms: number) => new Date(Date.now() - ms);
      const draft = await buildGame(t.db, { userId: creator.user.id, status: 'DRAFT', approvedAt: null, updatedAt: ago(3600_000) });
      const empty = await buildGame(t.db, { userId: creator.user.id, status: 'DRAFT', approvedAt: null, updatedAt: ago(7200_000), content: { questions: [] } });
      const pending = await buildGame(t.db, { userId: creator.user.id, status: 'PENDING', approvedAt: null, updatedAt: ago(60_000) });
      const approved = await buildGame(t.db, { userId: creator.user.id, updatedAt: ago(1800_000) });
      await buildGame(t.db); // someone else's

      const list = async () => {
        const res = await call(t, 'GET', '/api/games/my-games', { token: creator.token });
        expect(res.statusCode).toBe(200);
        expect(res.headers['cache-control']).toContain('no-store');
        return myGamesReplySchema.parse(res.json()).data;
      };
      expect((await list()).map((g) => g._id)).toEqual([pending.id, approved.id, draft.id, empty.id]);
      // A save makes the draft the latest change.
      expect((await call(t, 'POST', `/api/games/${draft.id}`, { token: creator.token, body: saveBody(gameContent(), 1) })).statusCode).toBe(200);
      const games = await list();
      expect(games.map((g) => g._id)).toEqual([draft.id, pending.id, approved.id, empty.id]);
      expect(games[2]).toEqual({
        _id: approved.id,
        status: 'APPROVED',
        metadata: { name: 'Test hunt', locationCity: 'Tel Aviv', price: '45', currencyCode: 'ILS' },
        questionCount: 3,
        updatedAt: approved.updatedAt.toISOString(),
        // Not the draft of another game's next version.
        nextVersionOf: null,
      });
      expect(games[0]).toMatchObject({ status: 'DRAFT', metadata: { price: 45 }, questionCount: 3 });
      expect(games[3]).toMatchObject({ status: 'DRAFT', questionCount: 0 });

      const nobody = await userWithToken(t);
      expect((await call(t, 'GET', '/api/games/my-games', { token: nobody.token })).json()).toEqual({ data: [] });
      expect((await call(t, 'GET', '/api/games/my-games')).statusCode).toBe(401);
    });
  });

  describe('POST /api/game/secret-code', () => {
    it('gives the owner a new creator code of the game each time, which opens the game to players', async () => {
      const owner = await userWithToken(t);
      const game = await buildGame(t.db, { userId: owner.user.id, status: 'DRAFT', approvedAt: null });
      const first = await call(t, 'POST', '/api/game/secret-code', { token: owner.token, body: { gameId: game.id } });
      const second = await call(t, 'POST', '/api/game/secret-code', { token: owner.token, body: { gameId: game.id } });
      expect(first.statusCode).toBe(200);
      const codes = [first.json().data.game_secret, second.json().data.game_secret];
      expect(codes[0]).not.toBe(codes[1]);
      const rows = await t.db.select().from(gameCodes).where(eq(gameCodes.gameId, game.id));
      expect(rows.map((r) => ({ code: r.code, source: r.source, createdBy: r.createdBy })).sort((a, b) => codes.indexOf(a.code) - codes.indexOf(b.code))).toEqual(
        codes.map((code) => ({ code, source: 'creator', createdBy: owner.user.id })),
      );
      // A friend play-tests the draft with it.
      const played = await getGame(t.app, game.id, { secret: codes[0] });
      expect(played.statusCode).toBe(200);
      expect(played.json().questions).toHaveLength(3);
    });

    it('an admin may ask for any game’s code (an admin code); a bad body is 400', async () => {
      const admin = await userWithToken(t, { role: 'admin' });
      const game = await buildGame(t.db);
      const res = await call(t, 'POST', '/api/game/secret-code', { token: admin.token, body: { gameId: game.id } });
      expect(res.statusCode).toBe(200);
      const [row] = await t.db.select().from(gameCodes).where(eq(gameCodes.code, res.json().data.game_secret));
      expect(row).toMatchObject({ gameId: game.id, source: 'admin', createdBy: admin.user.id });
      for (const body of [{}, { gameId: 5 }, { gameId: game.id, count: 3 }]) {
        expect((await call(t, 'POST', '/api/game/secret-code', { token: admin.token, body })).statusCode).toBe(400);
      }
    });
  });

  describe('POST /api/games/duplicate/{gameId}', () => {
    it('copies the game into a new draft of the caller, named as a copy in the game’s language, at version 1', async () => {
      const owner = await userWithToken(t);
      const hebrew = await buildGame(t.db, { userId: owner.user.id, version: 4 });
      const res = await call(t, 'POST', `/api/games/duplicate/${hebrew.id}`, { token: owner.token });
      expect(res.statusCode).toBe(200);
      const copy = await storedGame(t.db, res.json().data._id);
      expect(copy).toMatchObject({ userId: owner.user.id, status: 'DRAFT', version: 1, approvedAt: null });
      expect(copy.metadata).toMatchObject({ name: 'Test hunt (עותק)', price: 45, locationCity: 'Tel Aviv' });
      // The same questions and hints, each with an id of its own: a copy is another game.
      const copied = copy.questions as typeof hebrew.content.questions;
      const withoutIds = (questions: typeof copied) => questions.map(({ id: _id, hints, ...q }) => ({ ...q, hints: hints.map(({ id: _hintId, ...h }) => h) }));
      expect(withoutIds(copied)).toEqual(withoutIds(hebrew.content.questions));
      const ids = (questions: typeof copied) => questions.flatMap((q) => [q.id, ...q.hints.map((h) => h.id)]);
      expect(new Set(ids(copied)).size).toBe(ids(copied).length);
      expect(ids(copied).filter((id) => ids(hebrew.content.questions).includes(id))).toEqual([]);
      expect(copy.introPage).toEqual(hebrew.content.introPage);
      expect(copy.answerSalt).not.toBe(hebrew.answerSalt);

      const english = await buildGame(t.db, { userId: owner.user.id, content: { metadata: { ...gameContent().metadata, language: 'en', name: 'x'.repeat(200) } } });
      const englishCopy = await call(t, 'POST', `/api/games/duplicate/${english.id}`, { token: owner.token, raw: '' });
      expect(englishCopy.statusCode).toBe(200);
      const name = ((await storedGame(t.db, englishCopy.json().data._id)).metadata as { name: string }).name;
      expect(name).toHaveLength(200);
      expect(name.endsWith('x (copy)')).toBe(true);
    });

    it('a copy keeps the flow, its conditions naming the copy’s own question ids', async () => {
      const owner = await userWithToken(t);
      const questions = everyKindQuestions();
      const choice = questions.find((q) => q.answer.kind === 'choice')!;
      const option = choice.answer.kind === 'choice' ? choice.answer.options[1]!.id : '';
      const flowing = questions.map((q, i) =>
        i === questions.length - 1
          ? { ...q, when: { any: [{ chose: { question: choice.id!, option } }, { all: [{ done: questions[0]!.id! }, { not: { skipped: questions[1]!.id! } }] }, { flag: 'x' }] }, then: [{ on: 'right' as const, do: [{ setFlag: 'x' }] }] }
          : q,
      );
      const game = await buildGame(t.db, { userId: owner.user.id, content: { questions: flowing } });
      const res = await call(t, 'POST', `/api/games/duplicate/${game.id}`, { token: owner.token });
      expect(res.statusCode).toBe(200);
      const copied = (await storedGame(t.db, res.json().data._id)).questions as typeof game.content.questions;
      const idOf = (original: string | undefined) => copied[game.content.questions.findIndex((q) => q.id === original)]!.id;
      expect(copied.at(-1)!.when).toEqual({
        any: [{ chose: { question: idOf(choice.id), option } }, { all: [{ done: idOf(questions[0]!.id) }, { not: { skipped: idOf(questions[1]!.id) } }] }, { flag: 'x' }],
      });
      expect(copied.at(-1)!.then).toEqual(game.content.questions.at(-1)!.then);
      expect(copied.map((q) => q.id)).not.toContain(choice.id);
    });

    it('an admin duplicating someone’s game keeps the copy as the admin’s own', async () => {
      const admin = await userWithToken(t, { role: 'admin' });
      const game = await buildGame(t.db);
      const res = await call(t, 'POST', `/api/games/duplicate/${game.id}`, { token: admin.token });
      expect(res.statusCode).toBe(200);
      expect(await storedGame(t.db, res.json().data._id)).toMatchObject({ userId: admin.user.id, status: 'DRAFT' });
    });
  });

  it('another creator gets 404 on every owner-only call and an anonymous caller 401; nothing changes', async () => {
    const owner = await userWithToken(t);
    const stranger = await userWithToken(t);
    const game = await buildGame(t.db, { userId: owner.user.id, status: 'DRAFT', approvedAt: null });
    const calls = [
      { method: 'POST', url: `/api/games/${game.id}`, body: saveBody(game.content, 1) },
      { method: 'POST', url: `/api/games/status/${game.id}`, body: { status: 'PENDING' } },
      { method: 'POST', url: '/api/game/secret-code', body: { gameId: game.id } },
      { method: 'POST', url: `/api/games/duplicate/${game.id}`, body: undefined },
      { method: 'GET', url: `/api/games/export/${game.id}`, body: undefined },
    ] as const;
    const before = await studioTables(t.db);
    for (const { method, url, body } of calls) {
      const asStranger = await call(t, method, url, { token: stranger.token, body });
      expect({ url, status: asStranger.statusCode, code: asStranger.json().code }).toEqual({ url, status: 404, code: 'not_found' });
      const anonymous = await call(t, method, url, { body });
      expect({ url, status: anonymous.statusCode }).toEqual({ url, status: 401 });
    }
    expect((await studioTables(t.db)).text).toBe(before.text);
    // The owner's own GET still shows the game as it was.
    expect((await getGame(t.app, game.id, { token: owner.token })).json()).toMatchObject({ version: 1, status: 'DRAFT' });
  });
});
