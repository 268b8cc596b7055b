import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { problemReports } from '../../db/schema.ts';
import { testDatabaseKinds } from '../../db/test-database.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildCode, buildGame } from '../../test/factories.ts';
import { nextIp } from '../../test/client-address.ts';
import { postJson } from '../../test/requests.ts';

describe.each(testDatabaseKinds())('POST /api/game/report on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ kind });
  });
  afterAll(() => t.close());

  const report = (body: unknown, ip?: string) => postJson(t.app, '/api/game/report', body, { ip });
  const reportsOf = (gameId: string) => t.db.select().from(problemReports).where(eq(problemReports.gameId, gameId));

  async function gameWithCode() {
    // The factory's game has three questions.
    const game = await buildGame(t.db);
    const code = await buildCode(t.db, { gameId: game.id });
    return { game, code };
  }

  it('stores the report with the game, the code, the question number and the message', async () => {
    const { game, code } = await gameWithCode();
    const res = await report({ gameId: game.id, gameSecret: ` ${code.code.toLowerCase()} `, questionId: 3, message: '  The plaque is gone  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { status: 'OK' } });
    const [stored] = await reportsOf(game.id);
    expect(stored).toMatchObject({ gameId: game.id, gameSecret: code.code, questionId: 3, message: 'The plaque is gone' });
    expect(stored.createdAt).toBeInstanceOf(Date);
    expect((await report({ gameId: game.id, gameSecret: code.code, questionId: 1, message: 'שלט חסר ליד המזרקה' })).statusCode).toBe(200);
    expect(await reportsOf(game.id)).toHaveLength(2);
  });

  it('refuses a short message, question 0 or beyond the last, and malformed bodies with 400; nothing stored', async () => {
    const { game, code } = await gameWithCode();
    const ok = { gameId: game.id, gameSecret: code.code, questionId: 1, message: 'The sign is missing' };
    const bodies: unknown[] = [
      { ...ok, message: 'abcd' },
      { ...ok, message: '   abcd   ' },
      { ...ok, message: '' },
      { ...ok, message: 'x'.repeat(2001) },
      { ...ok, questionId: 0 },
      { ...ok, questionId: -1 },
      { ...ok, questionId: 1.5 },
      { ...ok, questionId: '1' },
      { ...ok, questionId: 4 },
      { ...ok, questionId: 200 },
      { ...ok, gameSecret: '' },
      { ...ok, gameId: 'bad id!' },
      { gameId: game.id, gameSecret: code.code, message: 'The sign is missing' },
      [],
    ];
    for (const body of bodies) {
      const res = await report(body);
      expect({ body, status: res.statusCode, code: res.json().code }).toEqual({ body, status: 400, code: 'validation' });
    }
    expect(await reportsOf(game.id)).toEqual([]);
  });

  it('a wrong code and another game’s code are the same 403 wrong_code; so is an unknown game', async () => {
    const { game } = await gameWithCode();
    const other = await gameWithCode();
    const base = { gameId: game.id, questionId: 1, message: 'The sign is missing' };
    const wrong = await report({ ...base, gameSecret: 'NOSUCHCODE9' });
    const foreign = await report({ ...base, gameSecret: other.code.code });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({ code: 'wrong_code', message: expect.any(String) });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual(wrong.json());
    const unknown = await report({ ...base, gameId: '0123456789abcdef01234567', gameSecret: other.code.code });
    expect(unknown.statusCode).toBe(403);
    expect(unknown.json()).toEqual(wrong.json());
    expect(await reportsOf(game.id)).toEqual([]);
  });

  it('answers an unknown game and a hidden (DRAFT, PENDING) one alike', async () => {
    const ip = nextIp();
    const draft = await buildGame(t.db, { status: 'DRAFT', approvedAt: null });
    const pending = await buildGame(t.db, { status: 'PENDING', approvedAt: null });
    const replies = [];
    for (const gameId of ['0123456789abcdef01234567', draft.id, pending.id]) {
      const res = await report({ gameId, gameSecret: 'NOSUCHCODE9', questionId: 1, message: 'The sign is missing' }, ip);
      replies.push({ status: res.statusCode, body: res.json() });
    }
    expect(replies[0]).toEqual({ status: 403, body: { code: 'wrong_code', message: expect.any(String) } });
    expect(replies).toEqual([replies[0], replies[0], replies[0]]);
    // A creator's code opens the draft it belongs to (play-testing), and its report is kept.
    const code = await buildCode(t.db, { gameId: draft.id, source: 'creator' });
    expect((await report({ gameId: draft.id, gameSecret: code.code, questionId: 2, message: 'The sign is missing' })).statusCode).toBe(200);
    expect(await reportsOf(draft.id)).toHaveLength(1);
  });

  it('allows 20 reports a minute from one IP, then 429', async () => {
    const ip = nextIp();
    for (let i = 0; i < 20; i++) expect((await report({}, ip)).statusCode).toBe(400);
    const limited = await report({}, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});
