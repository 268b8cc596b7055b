import { eq } from 'drizzle-orm';
import { adminGamesReplySchema, editorGameReplySchema, gameListReplySchema, gameReplySchema } from '@streethunt/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../../db/test-database.ts';
import { games } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildCode, buildGame, buildPlay, gameContent } from '../../test/factories.ts';
import { call } from '../../test/requests.ts';
import { userWithToken } from '../../test/tokens.ts';
import { storedGame, studioTables } from '../studio/test-support.ts';

describe.each(testDatabaseKinds())('the admin’s review of games (approve, send back, unpublish, the lists) on %s', (kind) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof userWithToken>>;
  beforeAll(async () => {
    t = await buildTestApp({ kind });
    admin = await userWithToken(t, { role: 'admin', language: 'en' });
  });
  afterAll(() => t.close());

  async function gameOfNewCreator(status: 'DRAFT' | 'PENDING' | 'APPROVED', language: 'he' | 'en' = 'he', name = 'Test hunt') {
    const owner = await userWithToken(t, { firstName: 'Dana', lastName: 'Bar', language });
    const base = gameContent();
    const game = await buildGame(t.db, {
      userId: owner.user.id,
      status,
      approvedAt: status === 'APPROVED' ? new Date() : null,
      content: { metadata: { ...base.metadata, name } },
    });
    return { owner, game };
  }

  const mailsTo = async (email: string) => (await t.readOutbox()).filter((mail) => mail.to === email);
  const setUpdatedAt = (gameId: string, updatedAt: Date) => t.db.update(games).set({ updatedAt }).where(eq(games.id, gameId));
  const publicList = async () => gameListReplySchema.parse((await call(t, 'GET', '/api/games')).json()).data.map((g) => g._id);

  describe('the lists', () => {
    it('pending: only PENDING games, the longest waiting first, with the creator and the note', async () => {
      const first = await gameOfNewCreator('PENDING');
      const second = await gameOfNewCreator('PENDING');
      await gameOfNewCreator('DRAFT');
      // The first one was sent to approval earlier.
      await setUpdatedAt(first.game.id, new Date(Date.now() - 86_400_000));
      const res = await call(t, 'GET', '/api/games/pending-games', { token: admin.token });
      expect(res.statusCode).toBe(200);
      const { data } = adminGamesReplySchema.parse(res.json());
      expect(data.every((g) => g.status === 'PENDING')).toBe(true);
      const ids = data.map((g) => g._id);
      expect(ids.indexOf(first.game.id)).toBeLessThan(ids.indexOf(second.game.id));
      const row = data.find((g) => g._id === second.game.id);
      expect(row).toMatchObject({
        userId: second.owner.user.id,
        metadata: { name: 'Test hunt', locationCity: 'Tel Aviv', price: '45', currencyCode: 'ILS' },
        reviewNote: null,
        creator: { firstName: 'Dana', lastName: 'Bar', email: second.owner.user.email },
      });
    });

    it('all: every status, the latest change first', async () => {
      const draft = await gameOfNewCreator('DRAFT');
      const approved = await gameOfNewCreator('APPROVED');
      await setUpdatedAt(approved.game.id, new Date(Date.now() + 60_000));
      const { data } = adminGamesReplySchema.parse((await call(t, 'GET', '/api/games/all-games', { token: admin.token })).json());
      const ids = data.map((g) => g._id);
      expect(ids).toContain(draft.game.id);
      expect(ids[0]).toBe(approved.game.id);
      expect(new Set(data.map((g) => g.status))).toEqual(new Set(['DRAFT', 'PENDING', 'APPROVED']));
    });
  });

  describe('approve', () => {
    it.each(['he', 'en'] as const)('a PENDING game is approved, listed at once (a warm cache too) and its %s creator emailed in that language', async (language) => {
      const { owner, game } = await gameOfNewCreator('PENDING', language, `Hunt ${language}`);
      // Read the list and the game as a player first, so any cache is warm.
      expect(await publicList()).not.toContain(game.id);
      expect((await call(t, 'GET', `/api/games/${game.id}`)).statusCode).toBe(404);
      await t.db.update(games).set({ reviewNote: 'an old note' }).where(eq(games.id, game.id));

      const res = await call(t, 'POST', `/api/games/approve/${game.id}`, { token: admin.token, body: { version: game.version } });
      expect(res.statusCode).toBe(200);
      const { data } = editorGameReplySchema.parse(res.json());
      expect(data.status).toBe('APPROVED');

      const stored = await storedGame(t.db, game.id);
      expect(stored.status).toBe('APPROVED');
      expect(stored.reviewNote).toBeNull();
      expect(stored.approvedAt?.getTime()).toBeGreaterThan(Date.now() - 60_000);
      expect(await publicList()).toContain(game.id);
      const asPlayer = await call(t, 'GET', `/api/games/${game.id}`);
      expect(asPlayer.statusCode).toBe(200);
      expect(gameReplySchema.parse(asPlayer.json()).status).toBe('APPROVED');

      const mails = await mailsTo(owner.user.email);
      expect(mails).toHaveLength(1);
      expect(mails[0].language).toBe(language);
      expect(mails[0].subject).toContain(`Hunt ${language}`);
      expect(mails[0].subject).toContain(language === 'he' ? 'המשחק אושר' : 'Approved');
      expect(mails[0].text).toContain(`${t.config.publicUrl}/game/${game.id}`);
      expect(mails[0].html).toContain(`dir="${language === 'he' ? 'rtl' : 'ltr'}"`);
    });

    it('the pending list shows each game’s version, the one its approval names', async () => {
      const { game } = await gameOfNewCreator('PENDING');
      await t.db.update(games).set({ version: 7 }).where(eq(games.id, game.id));
      const { data } = adminGamesReplySchema.parse((await call(t, 'GET', '/api/games/pending-games', { token: admin.token })).json());
      expect(data.find((g) => g._id === game.id)?.version).toBe(7);
    });

    it('a game its creator changed after the admin’s review (back to draft, saved, sent again): 409 with the current version, nothing published, no mail', async () => {
      const { owner, game } = await gameOfNewCreator('PENDING', 'en');
      const reviewed = game.version;
      // The creator takes it back, changes it and sends it again while the admin reads the old one.
      expect((await call(t, 'POST', `/api/games/status/${game.id}`, { token: owner.token, body: { status: 'DRAFT' } })).statusCode).toBe(200);
      const base = gameContent();
      const saved = await call(t, 'POST', `/api/games/${game.id}`, {
        token: owner.token,
        body: { ...base, metadata: { ...base.metadata, name: 'Changed after review' }, version: reviewed },
      });
      expect(saved.statusCode).toBe(200);
      expect((await call(t, 'POST', `/api/games/status/${game.id}`, { token: owner.token, body: { status: 'PENDING' } })).statusCode).toBe(200);
      const current = (await storedGame(t.db, game.id)).version;
      expect(current).toBe(reviewed + 1);
      const mailsBefore = (await mailsTo(owner.user.email)).length;
      const before = await studioTables(t.db);

      const res = await call(t, 'POST', `/api/games/approve/${game.id}`, { token: admin.token, body: { version: reviewed } });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: expect.stringMatching(/changed/), code: 'conflict', version: current });
      expect((await studioTables(t.db)).text).toBe(before.text);
      expect(await publicList()).not.toContain(game.id);
      expect(await mailsTo(owner.user.email)).toHaveLength(mailsBefore);

      // Named with the version now shown, it goes through.
      expect((await call(t, 'POST', `/api/games/approve/${game.id}`, { token: admin.token, body: { version: current } })).statusCode).toBe(200);
      expect(await publicList()).toContain(game.id);
    });

    it('a game whose price per team is under the minimum (0.01 for a 200-team event) is 422 with the reason, nothing changes', async () => {
      const owner = await userWithToken(t);
      const base = gameContent();
      const game = await buildGame(t.db, { userId: owner.user.id, status: 'PENDING', approvedAt: null, content: { metadata: { ...base.metadata, groupPrice: 0.01 } } });
      const before = await studioTables(t.db);
      const res = await call(t, 'POST', `/api/games/approve/${game.id}`, { token: admin.token, body: { version: game.version } });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ code: 'validation', message: 'The price per team of an event must be at least 30', issues: [expect.objectContaining({ error: 'minimun', field: 'groupPrice' })] });
      expect((await studioTables(t.db)).text).toBe(before.text);
      expect(await publicList()).not.toContain(game.id);
    });

    it('a version newer than the stored one: 409, nothing changes', async () => {
      const { game } = await gameOfNewCreator('PENDING');
      const before = await studioTables(t.db);
      const res = await call(t, 'POST', `/api/games/approve/${game.id}`, { token: admin.token, body: { version: game.version + 1 } });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'conflict', version: game.version });
      expect((await studioTables(t.db)).text).toBe(before.text);
    });

    it.each([
      ['no body', undefined, undefined],
      ['an empty JSON body', undefined, ''],
      ['an empty object', {}, undefined],
    ])('as the spec calls it, without a payload (%s): the version sent to approval is approved', async (_label, body, raw) => {
      const { owner, game } = await gameOfNewCreator('DRAFT', 'en');
      expect((await call(t, 'POST', `/api/games/status/${game.id}`, { token: owner.token, body: { status: 'PENDING' } })).statusCode).toBe(200);
      const res = await call(t, 'POST', `/api/games/approve/${game.id}`, { token: admin.token, body, raw });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ status: 'APPROVED', version: game.version });
      expect(await publicList()).toContain(game.id);
    });

    it('without a payload, a game saved after it was sent to approval is 409 with the current version; nothing changes', async () => {
      const { owner, game } = await gameOfNewCreator('DRAFT', 'en');
      expect((await call(t, 'POST', `/api/games/status/${game.id}`, { token: owner.token, body: { status: 'PENDING' } })).statusCode).toBe(200);
      // An admin may save a pending game: the game is no longer what was sent.
      const base = gameContent();
      const saved = await call(t, 'POST', `/api/games/${game.id}`, {
        token: admin.token,
        body: { ...base, metadata: { ...base.metadata, name: 'Changed while pending' }, version: game.version },
      });
      expect(saved.statusCode).toBe(200);
      const before = await studioTables(t.db);
      const res = await call(t, 'POST', `/api/games/approve/${game.id}`, { token: admin.token, raw: '' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: expect.stringMatching(/changed/), code: 'conflict', version: game.version + 1 });
      expect((await studioTables(t.db)).text).toBe(before.text);
      expect(await publicList()).not.toContain(game.id);
      // Named with the version now shown, it goes through.
      expect((await call(t, 'POST', `/api/games/approve/${game.id}`, { token: admin.token, body: { version: game.version + 1 } })).statusCode).toBe(200);
    });

    it.each([
      ['a version that is text', { version: '1' }, undefined],
      ['a version of 0', { version: 0 }, undefined],
    ])('without a valid version (%s): 400, nothing changes', async (_label, body, raw) => {
      const { game } = await gameOfNewCreator('PENDING');
      const before = await studioTables(t.db);
      const res = await call(t, 'POST', `/api/games/approve/${game.id}`, { token: admin.token, body, raw });
      expect(res.statusCode).toBe(400);
      expect((await studioTables(t.db)).text).toBe(before.text);
    });

    it.each([
      ['a DRAFT game', 'DRAFT', 409],
      ['an already APPROVED game', 'APPROVED', 409],
    ] as const)('%s (%s): %i, nothing changes, no mail', async (_label, status, expected) => {
      const { owner, game } = await gameOfNewCreator(status);
      const before = await studioTables(t.db);
      const res = await call(t, 'POST', `/api/games/approve/${game.id}`, { token: admin.token, body: { version: game.version } });
      expect(res.statusCode).toBe(expected);
      expect(res.json()).toMatchObject({ code: 'conflict' });
      expect((await studioTables(t.db)).text).toBe(before.text);
      expect(await mailsTo(owner.user.email)).toHaveLength(0);
    });

    it('an unknown game: 404 and nothing changes', async () => {
      const before = await studioTables(t.db);
      const res = await call(t, 'POST', '/api/games/approve/0123456789abcdef01234567', { token: admin.token, body: { version: 1 } });
      expect(res.statusCode).toBe(404);
      expect((await studioTables(t.db)).text).toBe(before.text);
    });

    it('a body with anything in it is refused', async () => {
      const { game } = await gameOfNewCreator('PENDING');
      const res = await call(t, 'POST', `/api/games/approve/${game.id}`, { token: admin.token, body: { version: game.version, status: 'APPROVED' } });
      expect(res.statusCode).toBe(400);
      expect((await storedGame(t.db, game.id)).status).toBe('PENDING');
    });
  });

  describe('send back', () => {
    it('a PENDING game goes to DRAFT with the reason; the creator is emailed it and sees it in the editor', async () => {
      const { owner, game } = await gameOfNewCreator('PENDING', 'en', 'Old Jaffa');
      const reason = '  The second question has no answer.\nPlease add a hint too.  ';
      const res = await call(t, 'POST', `/api/games/send-back/${game.id}`, { token: admin.token, body: { reason } });
      expect(res.statusCode).toBe(200);
      expect(editorGameReplySchema.parse(res.json()).data.status).toBe('DRAFT');
      const stored = await storedGame(t.db, game.id);
      expect(stored.status).toBe('DRAFT');
      expect(stored.reviewNote).toBe(reason.trim());

      const mails = await mailsTo(owner.user.email);
      expect(mails).toHaveLength(1);
      expect(mails[0].language).toBe('en');
      expect(mails[0].subject).toContain('Old Jaffa');
      expect(mails[0].text).toContain('The second question has no answer.');
      expect(mails[0].html).toContain('Please add a hint too.');
      expect(mails[0].text).toContain(`${t.config.publicUrl}/game-editor/${game.id}`);

      const editor = await call(t, 'GET', `/api/games/${game.id}`, { token: owner.token });
      expect(gameReplySchema.parse(editor.json()).reviewNote).toBe(reason.trim());
    });

    it('in Hebrew for a Hebrew creator', async () => {
      const { owner, game } = await gameOfNewCreator('PENDING', 'he');
      await call(t, 'POST', `/api/games/send-back/${game.id}`, { token: admin.token, body: { reason: 'חסרה תשובה לשאלה השנייה' } });
      const [mail] = await mailsTo(owner.user.email);
      expect(mail.language).toBe('he');
      expect(mail.text).toContain('חסרה תשובה לשאלה השנייה');
      expect(mail.text).toContain('מה צריך לשנות');
    });

    it.each([
      ['a DRAFT game', 'DRAFT', 409],
      ['an APPROVED game', 'APPROVED', 409],
    ] as const)('%s (%s): %i, nothing changes', async (_label, status, expected) => {
      const { owner, game } = await gameOfNewCreator(status);
      const before = await studioTables(t.db);
      const res = await call(t, 'POST', `/api/games/send-back/${game.id}`, { token: admin.token, body: { reason: 'Not ready yet' } });
      expect(res.statusCode).toBe(expected);
      expect((await studioTables(t.db)).text).toBe(before.text);
      expect(await mailsTo(owner.user.email)).toHaveLength(0);
    });

    it.each([
      ['missing', {}],
      ['too short', { reason: ' abc  ' }],
      ['too long', { reason: 'x'.repeat(1001) }],
      ['with a control character', { reason: 'Not ready\u0007 yet' }],
      ['not text', { reason: 12345 }],
      ['with an unknown field', { reason: 'Not ready yet', status: 'DRAFT' }],
    ])('a reason %s: 400 naming it, nothing changes', async (label, body) => {
      const { game } = await gameOfNewCreator('PENDING');
      const before = await studioTables(t.db);
      const res = await call(t, 'POST', `/api/games/send-back/${game.id}`, { token: admin.token, body });
      expect(res.statusCode).toBe(400);
      if (label !== 'with an unknown field') expect(res.json().message).toContain('reason');
      expect((await studioTables(t.db)).text).toBe(before.text);
    });
  });

  describe('unpublish', () => {
    it('an APPROVED game leaves the list with the reason; its existing code and play still work', async () => {
      const { owner, game } = await gameOfNewCreator('APPROVED', 'he', 'Bauhaus walk');
      const code = await buildCode(t.db, { gameId: game.id });
      await buildPlay(t.db, { gameId: game.id, codeId: code.id });
      // Warm every cache: the list, the public copy and the player's copy with the code.
      expect(await publicList()).toContain(game.id);
      expect((await call(t, 'GET', `/api/games/${game.id}`)).statusCode).toBe(200);
      const withCode = () => t.app.inject({ method: 'GET', url: `/api/games/${game.id}`, headers: { 'x-game-secret': code.code } });
      expect((await withCode()).statusCode).toBe(200);

      const reason = 'The route crosses a closed construction site';
      const res = await call(t, 'POST', `/api/games/unpublish/${game.id}`, { token: admin.token, body: { reason } });
      expect(res.statusCode).toBe(200);
      const stored = await storedGame(t.db, game.id);
      expect(stored).toMatchObject({ status: 'DRAFT', reviewNote: reason });

      expect(await publicList()).not.toContain(game.id);
      expect((await call(t, 'GET', `/api/games/${game.id}`)).statusCode).toBe(404);
      const played = await withCode();
      expect(played.statusCode).toBe(200);
      expect(gameReplySchema.parse(played.json()).questions).toHaveLength(3);
      const progress = await call(t, 'POST', '/api/game-progress', { body: { action: 'get-game-progress', gameId: game.id, secretCode: code.code } });
      expect(progress.statusCode).toBe(200);

      const [mail] = await mailsTo(owner.user.email);
      expect(mail.language).toBe('he');
      expect(mail.subject).toContain('Bauhaus walk');
      expect(mail.text).toContain(reason);
      const editor = await call(t, 'GET', `/api/games/${game.id}`, { token: owner.token });
      expect(gameReplySchema.parse(editor.json()).reviewNote).toBe(reason);
    });

    it.each(['DRAFT', 'PENDING'] as const)('a %s game: 409 and nothing changes', async (status) => {
      const { game } = await gameOfNewCreator(status);
      const before = await studioTables(t.db);
      const res = await call(t, 'POST', `/api/games/unpublish/${game.id}`, { token: admin.token, body: { reason: 'Off the list now' } });
      expect(res.statusCode).toBe(409);
      expect((await studioTables(t.db)).text).toBe(before.text);
    });

    it('an unknown game: 404', async () => {
      const res = await call(t, 'POST', '/api/games/unpublish/0123456789abcdef01234567', { token: admin.token, body: { reason: 'Off the list now' } });
      expect(res.statusCode).toBe(404);
    });

    it('approval afterwards clears the note', async () => {
      const { owner, game } = await gameOfNewCreator('APPROVED');
      await call(t, 'POST', `/api/games/unpublish/${game.id}`, { token: admin.token, body: { reason: 'Fix the second hint' } });
      await call(t, 'POST', `/api/games/status/${game.id}`, { token: owner.token, body: { status: 'PENDING' } });
      expect((await storedGame(t.db, game.id)).status).toBe('PENDING');
      const { version } = await storedGame(t.db, game.id);
      expect((await call(t, 'POST', `/api/games/approve/${game.id}`, { token: admin.token, body: { version } })).statusCode).toBe(200);
      const editor = await call(t, 'GET', `/api/games/${game.id}`, { token: owner.token });
      expect(gameReplySchema.parse(editor.json()).reviewNote).toBeNull();
    });
  });

  describe('only admins', () => {
    const calls = [
      ['GET', '/api/games/pending-games', undefined],
      ['GET', '/api/games/all-games', undefined],
      ['POST', '/api/games/approve/{id}', { version: 1 }],
      ['POST', '/api/games/send-back/{id}', { reason: 'Not ready yet' }],
      ['POST', '/api/games/unpublish/{id}', { reason: 'Not ready yet' }],
    ] as const;

    it.each(calls)('%s %s: 401 anonymous, 403 a creator (even the owner); nothing changes, no mail', async (method, url, body) => {
      const pending = await gameOfNewCreator('PENDING');
      const approved = await gameOfNewCreator('APPROVED');
      const target = url.includes('unpublish') ? approved : pending;
      const path = url.replace('{id}', target.game.id);
      const stranger = await userWithToken(t);
      const before = await studioTables(t.db);

      expect((await call(t, method, path, { body })).statusCode).toBe(401);
      expect((await call(t, method, path, { body, token: stranger.token })).statusCode).toBe(403);
      const asOwner = await call(t, method, path, { body, token: target.owner.token });
      expect(asOwner.statusCode).toBe(403);
      expect(asOwner.json()).toMatchObject({ code: 'forbidden' });

      expect((await studioTables(t.db)).text).toBe(before.text);
      expect(await mailsTo(target.owner.user.email)).toHaveLength(0);
    });
  });
});
