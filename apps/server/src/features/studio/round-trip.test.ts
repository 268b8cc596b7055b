import { eq } from 'drizzle-orm';
import { gameReplySchema, type GameContent, type GameReply } from '@streethunt/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.ts';
import { testDatabaseKinds } from '../../db/test-database.ts';
import { demoGames } from '../../demo/demo-games.ts';
import { seedDemo } from '../../demo/demo.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildGame, everyKindQuestions } from '../../test/factories.ts';
import { getGame } from '../../test/player-calls.ts';
import { call } from '../../test/requests.ts';
import { tokenFor, userWithToken } from '../../test/tokens.ts';
import { storedGame, studioTables } from './test-support.ts';

/** The owner's GET reply as a client keeps it: plain JSON, every key the server sent. */
type Loaded = GameReply & { questions: NonNullable<GameReply['questions']>; version: number };

/** What a save must not move: the reply without its version and save time. */
const content = ({ version: _version, updatedAt: _updatedAt, ...rest }: Loaded) => rest;

/** The content as a save stores it: a price stored as a numeric string (the seed's, the factory's) is saved as its number. */
const asSaved = (game: Loaded) => {
  const { price } = game.metadata;
  return { ...content(game), metadata: { ...game.metadata, price: typeof price === 'string' && price !== '' ? Number(price) : price } };
};

describe.each(testDatabaseKinds())('the owner’s GET saved back whole (POST /api/games/{gameId}) on %s', (kind) => {
  let t: TestApp;
  let adminToken: string;
  let creatorToken: string;
  let draft: { gameId: string; token: string };
  let kinds: { gameId: string; token: string };

  beforeAll(async () => {
    t = await buildTestApp({ kind });
    await seedDemo(t.db, t.app.services.storage);
    const sign = async (email: string) => {
      const [user] = await t.db.select().from(users).where(eq(users.email, email));
      return tokenFor(t.app, user);
    };
    adminToken = await sign('admin@streethunt.local');
    creatorToken = await sign('creator@streethunt.local');
    const owner = await userWithToken(t);
    const game = await buildGame(t.db, { userId: owner.user.id, status: 'DRAFT', approvedAt: null });
    // The factory's game has hints with and without titles, a polygon and a point.
    expect(game.content.questions[0]!.location).toHaveLength(4);
    draft = { gameId: game.id, token: owner.token };
    const everyKind = await buildGame(t.db, { userId: owner.user.id, status: 'DRAFT', approvedAt: null, content: { questions: everyKindQuestions() } });
    kinds = { gameId: everyKind.id, token: owner.token };
  });
  afterAll(() => t.close());

  // Demo games are approved, and only an admin changes an approved game.
  const demoName = (id: string) => `demo game ${id}, saved by an admin`;
  const everyKindName = 'a factory draft with every answer kind, saved by its owner';
  const names = [...demoGames.map((g) => demoName(g.id)), 'a factory draft, saved by its owner', everyKindName];
  const caseOf = (name: string) => {
    const demo = demoGames.find((g) => name === demoName(g.id));
    if (demo) return { gameId: demo.id, token: adminToken };
    return name === everyKindName ? kinds : draft;
  };

  async function load(gameId: string, token: string): Promise<Loaded> {
    const res = await getGame(t.app, gameId, { token });
    expect(res.statusCode).toBe(200);
    const body = res.json<Loaded>();
    expect(gameReplySchema.safeParse(body).success).toBe(true);
    expect(body.questions.length).toBeGreaterThan(0);
    return body;
  }

  const save = (gameId: string, body: unknown, token: string) => call(t, 'POST', `/api/games/${gameId}`, { token, body });

  it.each(names)('%s: the reply posted unchanged is stored, and the next GET is the same but its version and save time', async (name) => {
    const { gameId, token } = caseOf(name);
    const before = await load(gameId, token);
    // Everything the server owns is in it, as the spec's client would send it back.
    expect(before).toMatchObject({ questionCount: before.questions.length, updatedAt: expect.any(String), reviewNote: null });
    expect(before.questions[0]!.answer).toMatchObject({ salt: expect.any(String), hashes: expect.any(Array) });

    const res = await save(gameId, before, token);
    expect(res.statusCode, res.body).toBe(200);
    const after = await load(gameId, token);
    expect(after.version).toBe(before.version + 1);
    expect(content(after)).toEqual(asSaved(before));
    // Saved again, nothing moves at all.
    expect((await save(gameId, after, token)).statusCode).toBe(200);
    const again = await load(gameId, token);
    expect(again.version).toBe(after.version + 1);
    expect(content(again)).toEqual(content(after));

    // Stored as content only: nothing the server owns rode into the row.
    const row = await storedGame(t.db, gameId);
    const keysOfKind = { text: ['value'], number: ['tolerance', 'value'], choice: ['options'], none: [], photo: ['judging'] };
    for (const question of row.questions as GameContent['questions']) {
      const lenient = question.answer.kind === 'text' && question.answer.lenient ? ['lenient'] : [];
      expect(Object.keys(question.answer).sort()).toEqual(['content', 'contentAfterAnswer', 'kind', ...lenient, ...keysOfKind[question.answer.kind]].sort());
    }
  });

  it.each(names)('%s: one field changed is stored, the rest stays', async (name) => {
    const { gameId, token } = caseOf(name);
    const before = await load(gameId, token);
    const edited = { ...before, metadata: { ...before.metadata, name: `${before.metadata.name} (edited)` } };
    const res = await save(gameId, edited, token);
    expect(res.statusCode, res.body).toBe(200);
    const after = await load(gameId, token);
    expect(after.metadata.name).toBe(`${before.metadata.name} (edited)`);
    expect(content(after)).toEqual(asSaved(edited));
  });

  it.each(names)('%s: with the spec’s isOpen on each hint and status on each question (and the game’s), saved and dropped', async (name) => {
    const { gameId, token } = caseOf(name);
    const before = await load(gameId, token);
    const sent = {
      ...before,
      status: 'DRAFT',
      questions: before.questions.map((q, i) => ({
        ...q,
        status: i === 0 ? null : 'STARTED',
        hints: q.hints.map((h, j) => ({ ...h, isOpen: j === 0 })),
      })),
    };
    const res = await save(gameId, sent, token);
    expect(res.statusCode, res.body).toBe(200);
    const after = await load(gameId, token);
    // The status is the server's: a save never changes it.
    expect(after.status).toBe(before.status);
    expect(content(after)).toEqual(asSaved(before));
    const row = await storedGame(t.db, gameId);
    expect(JSON.stringify(row.questions)).not.toMatch(/isOpen|"status"|"salt"|"hashes"/);
  });

  it.each(names)('%s: an unknown key at any level is refused with 400 naming it, and nothing is stored', async (name) => {
    const { gameId, token } = caseOf(name);
    const game = await load(gameId, token);
    const [first, ...rest] = game.questions;
    const withQuestion = (question: object) => ({ ...game, questions: [question, ...rest] });
    // Each unknown key beside the server-owned ones of its level, so ignoring those never lets it through.
    const bodies: [key: string, body: unknown][] = [
      ['extraTop', { ...game, extraTop: 1 }],
      ['extraMeta', { ...game, metadata: { ...game.metadata, extraMeta: 1 } }],
      ['extraQuestion', withQuestion({ ...first, status: 'DONE', extraQuestion: 1 })],
      ['extraAnswer', withQuestion({ ...first, answer: { ...first!.answer, extraAnswer: 1 } })],
      ['extraHint', withQuestion({ ...first, hints: first!.hints.map((h) => ({ ...h, isOpen: true, extraHint: 1 })) })],
    ];
    const tables = await studioTables(t.db);
    for (const [key, body] of bodies) {
      const res = await save(gameId, body, token);
      expect(res.statusCode, key).toBe(400);
      expect(res.json<{ code: string; message: string }>()).toMatchObject({ code: 'validation', message: expect.stringContaining(key) });
    }
    expect((await studioTables(t.db)).text).toBe(tables.text);
  });

  it.each(names)('%s: the version is still required and checked', async (name) => {
    const { gameId, token } = caseOf(name);
    const { version, ...game } = await load(gameId, token);
    const tables = await studioTables(t.db);
    const missing = await save(gameId, game, token);
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ message: string }>().message).toContain('version');
    const stale = await save(gameId, { ...game, version: version - 1 }, token);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'conflict', version });
    expect((await studioTables(t.db)).text).toBe(tables.text);
  });

  it('the owner of an approved demo game reads what an admin reads, and may not save it', async () => {
    const gameId = demoGames[0]!.id;
    const asOwner = await load(gameId, creatorToken);
    expect(asOwner).toEqual(await load(gameId, adminToken));
    const res = await save(gameId, asOwner, creatorToken);
    expect(res.statusCode).toBe(403);
  });
});
