import { MAX_RICH_TEXT, saveGameRequestSchema } from '@streethunt/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildGame } from '../../test/factories.ts';
import { call } from '../../test/requests.ts';
import { userWithToken } from '../../test/tokens.ts';
import { createGameCleaner, type GameCleaner } from './clean-game.ts';
import { saveGame } from './service.ts';
import { saveBody, storedGame, studioTables } from './test-support.ts';

/*
 * Text that is cheap to send and costly to clean: a save is refused (400) before any cleaning when
 * its rich text is nested or busier than the editor ever makes it, and a caller who may not save a
 * game costs one small read, however large the body.
 */
describe('costly saves', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  async function draft() {
    const owner = await userWithToken(t);
    const game = await buildGame(t.db, { userId: owner.user.id, status: 'DRAFT', approvedAt: null });
    return { owner, game };
  }

  it('refuses rich text nested 33,000 deep with 400 naming the field, and stores nothing', async () => {
    const { owner, game } = await draft();
    const before = await studioTables(t.db);
    const deep = '<b>'.repeat(33_000);
    const body = saveBody({ ...game.content, introPage: { content: deep } }, 1);
    const res = await call(t, 'POST', `/api/games/${game.id}`, { token: owner.token, body });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation', message: expect.stringContaining('nested deeper') });
    expect(JSON.stringify(res.json())).toContain('introPage.content');
    expect((await studioTables(t.db)).text).toBe(before.text);
  });

  it('refuses a field of more elements than the editor makes, and more accepted answers than the cap', async () => {
    const { owner, game } = await draft();
    const busy = saveBody({ ...game.content, gameoverPage: { content: '<i>x</i>'.repeat(5_001), hideGameSummary: false } }, 1);
    const res = await call(t, 'POST', `/api/games/${game.id}`, { token: owner.token, body: busy });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('elements');

    const [first, ...rest] = game.content.questions;
    const answers = Array.from({ length: 1_000 }, (_, i) => `a${i}`).join(',').slice(0, 2000);
    const many = saveBody({ ...game.content, questions: [{ ...first, answer: { ...first.answer, kind: 'text' as const, value: answers } }, ...rest] }, 1);
    const refused = await call(t, 'POST', `/api/games/${game.id}`, { token: owner.token, body: many });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('accepted answers');
    expect((await storedGame(t.db, game.id)).version).toBe(1);
  });

  it('refuses with 400 a save whose text grows past the limit once cleaned (it was stored, and then could not be read back)', async () => {
    const { owner, game } = await draft();
    // Within the limit as sent; each bare & is written &amp; when cleaned, five times as long.
    const text = `<p>${'&'.repeat(MAX_RICH_TEXT - 10)}</p>`;
    const res = await call(t, 'POST', `/api/games/${game.id}`, { token: owner.token, body: saveBody({ ...game.content, introPage: { content: text } }, 1) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation', message: expect.stringContaining('introPage.content') });
    expect((await storedGame(t.db, game.id)).version).toBe(1);
    const exported = await call(t, 'GET', `/api/games/export/${game.id}`, { token: owner.token });
    expect(exported.statusCode).toBe(200);
  });

  it('decides who may save before cleaning anything: a stranger, a missing game, a stale version or a pending game cost no cleaning', async () => {
    const real = createGameCleaner({ maxThreads: 1 });
    let cleaned = 0;
    const cleaner: GameCleaner = { clean: (game, media) => ((cleaned += 1), real.clean(game, media)), close: () => real.close() };
    const deps = { ...t.app.services, cleaner };
    try {
      const { owner, game } = await draft();
      const stranger = await userWithToken(t);
      const request = saveGameRequestSchema.parse(saveBody({ ...game.content, introPage: { content: '<p>x</p>'.repeat(4_000) } }, 1));
      const claims = (user: { id: string; role: 'user' | 'admin' }) => ({ userId: user.id, role: user.role });
      await expect(saveGame(deps, claims(stranger.user), game.id, request)).rejects.toMatchObject({ statusCode: 404 });
      await expect(saveGame(deps, claims(owner.user), '00000000-0000-4000-8000-000000000000', request)).rejects.toMatchObject({ statusCode: 404 });
      await expect(saveGame(deps, claims(owner.user), game.id, { ...request, version: 7 })).rejects.toMatchObject({ statusCode: 409 });
      const pending = await buildGame(t.db, { userId: owner.user.id, status: 'PENDING', approvedAt: null });
      await expect(saveGame(deps, claims(owner.user), pending.id, request)).rejects.toMatchObject({ statusCode: 403 });
      expect(cleaned).toBe(0);
      await saveGame(deps, claims(owner.user), game.id, request);
      expect(cleaned).toBe(1);
    } finally {
      await cleaner.close();
    }
  });
});
