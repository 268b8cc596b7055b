import { eq } from 'drizzle-orm';
import { editorGameReplySchema, type GameContent } from '@streethunt/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { games } from '../../db/schema.ts';
import { testDatabaseKinds } from '../../db/test-database.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildCode, buildGame, gameContent } from '../../test/factories.ts';
import { getGame } from '../../test/player-calls.ts';
import { call } from '../../test/requests.ts';
import { userWithToken } from '../../test/tokens.ts';
import { saveBody, storedGame, studioTables } from './test-support.ts';

/** In every rich-text field: a script, an event handler and a javascript: link, around harmless text. */
const EVIL = '<p>Kept</p><script>alert(1)</script><img src="https://cdn.example.com/a.png" onerror="alert(2)"><a href="javascript:alert(3)">link</a>';

function everyRichField(content: GameContent, html: string): GameContent {
  return {
    ...content,
    introPage: { content: html },
    questions: content.questions.map((q) => ({
      ...q,
      content: html,
      answer: { ...q.answer, content: html, contentAfterAnswer: html },
      hints: q.hints.map((h) => ({ ...h, content: html })),
    })),
    gameoverPage: { ...content.gameoverPage, content: html },
  };
}

/** Every rich-text value of a game reply or a stored row. */
function richValues(game: { introPage: unknown; questions: unknown; gameoverPage: unknown }): string[] {
  const g = game as GameContent;
  return [
    g.introPage.content,
    ...g.questions.flatMap((q) => [q.content, q.answer.content, q.answer.contentAfterAnswer, ...q.hints.map((h) => h.content)]),
    g.gameoverPage.content,
  ];
}

describe.each(testDatabaseKinds())('saving a game (POST /api/games/{gameId}) on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ kind });
  });
  afterAll(() => t.close());

  const save = (gameId: string, body: unknown, token?: string) => call(t, 'POST', `/api/games/${gameId}`, { token, body });

  async function draftOfNewCreator(content: Partial<GameContent> = {}) {
    const owner = await userWithToken(t);
    const game = await buildGame(t.db, { userId: owner.user.id, status: 'DRAFT', approvedAt: null, content });
    return { owner, game };
  }

  it('stores the whole game, one version up, with a new updated_at and the same status; the owner’s GET shows it with its version', async () => {
    const { owner, game } = await draftOfNewCreator();
    const loaded = await getGame(t.app, game.id, { token: owner.token });
    expect(loaded.json()).toMatchObject({ version: 1, updatedAt: game.updatedAt.toISOString(), status: 'DRAFT' });

    const content = { ...game.content, metadata: { ...game.content.metadata, name: 'Renamed hunt', price: '49.90' } };
    const res = await save(game.id, saveBody(content, 1), owner.token);
    expect(res.statusCode).toBe(200);
    const reply = editorGameReplySchema.parse(res.json()).data;
    expect(reply).toMatchObject({ _id: game.id, userId: owner.user.id, status: 'DRAFT', version: 2 });
    expect(reply.metadata).toMatchObject({ name: 'Renamed hunt', price: 49.9, currencyCode: 'ILS' });
    expect(reply.questions).toHaveLength(3);

    const row = await storedGame(t.db, game.id);
    expect(row).toMatchObject({ version: 2, status: 'DRAFT' });
    expect(row.updatedAt.getTime()).toBeGreaterThan(game.updatedAt.getTime());
    expect(reply.updatedAt).toBe(row.updatedAt.toISOString());
    // The spec's client sends _id, userId and status with the game: they change nothing.
    const again = await save(game.id, { ...saveBody(content, 2), _id: game.id, userId: owner.user.id, status: 'APPROVED' }, owner.token);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ status: 'DRAFT', version: 3, userId: owner.user.id });
    expect((await getGame(t.app, game.id, { token: owner.token })).json()).toMatchObject({ version: 3, metadata: { name: 'Renamed hunt' } });
  });

  it('rotates the answer salt when an answer changes, and only then', async () => {
    const { owner, game } = await draftOfNewCreator();
    const sameAnswers = { ...game.content, introPage: { content: '<p>New intro</p>' } };
    expect((await save(game.id, saveBody(sameAnswers, 1), owner.token)).statusCode).toBe(200);
    expect((await storedGame(t.db, game.id)).answerSalt).toBe(game.answerSalt);

    const [first, ...rest] = game.content.questions;
    const newAnswer = { ...sameAnswers, questions: [{ ...first, answer: { ...first.answer, kind: 'text' as const, value: 'Agam' } }, ...rest] };
    expect((await save(game.id, saveBody(newAnswer, 2), owner.token)).statusCode).toBe(200);
    const salted = (await storedGame(t.db, game.id)).answerSalt;
    expect(salted).not.toBe(game.answerSalt);

    // Moving questions around moves answers between indexes: the salt moves too.
    const reordered = { ...newAnswer, questions: [...newAnswer.questions].reverse() };
    expect((await save(game.id, saveBody(reordered, 3), owner.token)).statusCode).toBe(200);
    expect((await storedGame(t.db, game.id)).answerSalt).not.toBe(salted);
  });

  it('players see the saved game at once: every cached copy is dropped', async () => {
    // Approved, so strangers see its public part; an admin saves it.
    const admin = await userWithToken(t, { role: 'admin' });
    const game = await buildGame(t.db);
    const code = await buildCode(t.db, { gameId: game.id });
    expect((await getGame(t.app, game.id)).json().introPage.content).toBe(game.content.introPage.content);
    expect((await getGame(t.app, game.id, { secret: code.code })).json().questions[0].content).toBe(game.content.questions[0].content);

    const changed = {
      ...game.content,
      introPage: { content: '<p>Fresh intro</p>' },
      questions: game.content.questions.map((q, i) => (i === 0 ? { ...q, content: '<p>Fresh question</p>' } : q)),
    };
    expect((await save(game.id, saveBody(changed, 1), admin.token)).statusCode).toBe(200);
    expect((await getGame(t.app, game.id)).json().introPage.content).toBe('<p>Fresh intro</p>');
    expect((await getGame(t.app, game.id, { secret: code.code })).json().questions[0].content).toBe('<p>Fresh question</p>');
  });

  it('a polygon of fewer than 3 points is stored as its first point', async () => {
    const { owner, game } = await draftOfNewCreator();
    const two = [
      { lat: 32.1, lng: 34.8 },
      { lat: 32.2, lng: 34.9 },
    ];
    const content = { ...game.content, questions: game.content.questions.map((q, i) => (i === 0 ? { ...q, location: two } : q)) };
    const res = await save(game.id, saveBody(content, 1), owner.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.questions[0].location).toEqual({ lat: 32.1, lng: 34.8 });
    expect(((await storedGame(t.db, game.id)).questions as GameContent['questions'])[0].location).toEqual({ lat: 32.1, lng: 34.8 });
  });

  it('a script, an event handler and a javascript: link in every rich-text field come back sanitized and never reach the row', async () => {
    const { owner, game } = await draftOfNewCreator();
    const res = await save(game.id, saveBody(everyRichField(game.content, EVIL), 1), owner.token);
    expect(res.statusCode).toBe(200);

    const loaded = (await getGame(t.app, game.id, { token: owner.token })).json();
    const row = await storedGame(t.db, game.id);
    const fields = [...richValues(loaded), ...richValues(row), ...richValues(res.json().data)];
    // Intro, 3 questions with content, answer before and after and 2 hints, game over: 17 fields, three times.
    expect(fields).toHaveLength(3 * 17);
    for (const html of fields) {
      expect(html).toBe('<p>Kept</p><img src="https://cdn.example.com/a.png" /><a>link</a>');
    }
    const rowText = JSON.stringify(row);
    for (const bad of ['<script', 'alert(', 'onerror', 'javascript:']) expect(rowText).not.toContain(bad);
  });

  it('the cover image and media keep only https or this site’s own /media/ (written root-relative)', async () => {
    const { owner, game } = await draftOfNewCreator();
    const html = [
      '<img src="/media/covers/a.webp">',
      `<img src="${t.config.publicUrl}/media/covers/b.webp">`,
      '<img src="http://other.example.com/c.png">',
      '<img src="data:image/png;base64,AAAA">',
      '<img src="/media/../api/games">',
      '<video src="https://cdn.example.com/v.mp4" poster="javascript:alert(1)"></video>',
      '<a href="https://example.com/x">x</a><a href="mailto:a@example.com">m</a><p style="position:fixed">s</p><p style="text-align:right">r</p>',
    ].join('');
    const content = { ...game.content, introPage: { content: html }, metadata: { ...game.content.metadata, coverImage: 'javascript:alert(1)' } };
    const res = await save(game.id, saveBody(content, 1), owner.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.introPage.content).toBe(
      [
        '<img src="/media/covers/a.webp" />',
        '<img src="/media/covers/b.webp" />',
        '<img />',
        '<img />',
        '<img />',
        '<video src="https://cdn.example.com/v.mp4"></video>',
        '<a href="https://example.com/x">x</a><a href="mailto:a@example.com">m</a><p>s</p><p style="text-align:right">r</p>',
      ].join(''),
    );
    expect(res.json().data.metadata.coverImage).toBe('');

    const cover = { ...content, metadata: { ...content.metadata, coverImage: `${t.config.publicUrl}/media/covers/c.webp` } };
    expect((await save(game.id, saveBody(cover, 2), owner.token)).json().data.metadata.coverImage).toBe('/media/covers/c.webp');
  });

  describe('who may save', () => {
    it('another creator gets 404 (the id is not confirmed), anonymous 401; nothing changes', async () => {
      const { game } = await draftOfNewCreator();
      const stranger = await userWithToken(t);
      const before = await studioTables(t.db);
      const body = saveBody({ ...game.content, metadata: { ...game.content.metadata, name: 'Hijacked' } }, 1);
      const res = await save(game.id, body, stranger.token);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: expect.any(String), code: 'not_found' });
      // Exactly what an id that exists nowhere gets.
      const nowhere = await save('0123456789abcdef01234567', body, stranger.token);
      expect(nowhere.json()).toEqual(res.json());
      const anonymous = await save(game.id, body);
      expect(anonymous.statusCode).toBe(401);
      expect((await studioTables(t.db)).text).toBe(before.text);
    });

    it('an admin may save anyone’s game in any status; the status stays', async () => {
      const admin = await userWithToken(t, { role: 'admin' });
      for (const status of ['DRAFT', 'PENDING', 'APPROVED'] as const) {
        const { game } = await draftOfNewCreator();
        await t.db.update(games).set({ status }).where(eq(games.id, game.id));
        const res = await save(game.id, saveBody({ ...game.content, metadata: { ...game.content.metadata, name: `Admin ${status}` } }, 1), admin.token);
        expect(res.statusCode).toBe(200);
        expect(res.json().data).toMatchObject({ status, version: 2, userId: game.userId, metadata: { name: `Admin ${status}` } });
      }
    });

    it('an admin’s save of a game past the send to approval keeps the minimum price per team: 400 with the reason, nothing saved', async () => {
      const admin = await userWithToken(t, { role: 'admin' });
      for (const status of ['PENDING', 'APPROVED'] as const) {
        const { game } = await draftOfNewCreator();
        await t.db.update(games).set({ status }).where(eq(games.id, game.id));
        const before = await studioTables(t.db);
        const cheap = { ...game.content, metadata: { ...game.content.metadata, groupPrice: 2 } };
        const res = await save(game.id, saveBody(cheap, 1), admin.token);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({
          code: 'validation',
          message: 'The price per team of an event must be at least 30',
          issues: [{ path: 'metadata.groupPrice', message: 'The price per team of an event must be at least 30' }],
        });
        expect((await studioTables(t.db)).text).toBe(before.text);
        // At the minimum, or with no price per team of its own (the game's price), it saves.
        for (const groupPrice of [30, '']) {
          const version = (await storedGame(t.db, game.id)).version;
          const fine = await save(game.id, saveBody({ ...game.content, metadata: { ...game.content.metadata, groupPrice } }, version), admin.token);
          expect(fine.statusCode).toBe(200);
          expect(fine.json().data).toMatchObject({ status });
        }
      }
      // A draft may still be half done: its save takes the low price, send to approval refuses it.
      const { owner, game } = await draftOfNewCreator();
      const draft = await save(game.id, saveBody({ ...game.content, metadata: { ...game.content.metadata, groupPrice: 2 } }, 1), owner.token);
      expect(draft.statusCode).toBe(200);
    });

    it('the owner of a game waiting for approval or approved gets 403 with a clear message; nothing changes', async () => {
      for (const status of ['PENDING', 'APPROVED'] as const) {
        const owner = await userWithToken(t);
        const game = await buildGame(t.db, { userId: owner.user.id, status });
        const before = await studioTables(t.db);
        const res = await save(game.id, saveBody(game.content, 1), owner.token);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ code: 'forbidden', message: status === 'PENDING' ? expect.stringMatching(/waiting for approval/) : expect.stringMatching(/approved.*admin/) });
        expect((await studioTables(t.db)).text).toBe(before.text);
      }
    });
  });

  it('a save of a stale version gets 409 conflict with the current version, and the stored game stays as the newer save left it', async () => {
    const { owner, game } = await draftOfNewCreator();
    const firstTab = { ...game.content, metadata: { ...game.content.metadata, name: 'First tab' } };
    expect((await save(game.id, saveBody(firstTab, 1), owner.token)).statusCode).toBe(200);
    const before = await studioTables(t.db);

    const secondTab = { ...game.content, metadata: { ...game.content.metadata, name: 'Second tab' } };
    const res = await save(game.id, saveBody(secondTab, 1), owner.token);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'conflict', message: expect.stringMatching(/another save/i), version: 2 });
    expect((await studioTables(t.db)).text).toBe(before.text);
    expect((await storedGame(t.db, game.id)).metadata).toMatchObject({ name: 'First tab' });
    // A version from the future is stale the same way.
    expect((await save(game.id, saveBody(secondTab, 7), owner.token)).statusCode).toBe(409);
  });

  describe('bad input: 4xx naming the first problem, and the stored game byte-for-byte unchanged', () => {
    const base = gameContent();
    const point = { lat: 32.08, lng: 34.78 };
    const withQuestion = (change: Record<string, unknown>) => ({ ...base, questions: [{ ...base.questions[0], ...change }, ...base.questions.slice(1)] });
    const withMetadata = (change: Record<string, unknown>) => ({ ...base, metadata: { ...base.metadata, ...change } });
    const cases: { name: string; body: unknown; path: string }[] = [
      { name: 'an unknown top-level field', body: { ...base, extra: 1 }, path: '' },
      { name: 'an unknown metadata field', body: withMetadata({ extra: 1 }), path: 'metadata' },
      { name: 'an unknown intro field', body: { ...base, introPage: { content: '', extra: 1 } }, path: 'introPage' },
      { name: 'an unknown question field', body: withQuestion({ extra: 1 }), path: 'questions.0' },
      { name: 'an unknown answer field', body: withQuestion({ answer: { ...base.questions[0].answer, extra: 1 } }), path: 'questions.0.answer' },
      { name: 'an unknown hint field', body: withQuestion({ hints: [{ content: '', extra: 1 }] }), path: 'questions.0.hints.0' },
      { name: 'an unknown game over field', body: { ...base, gameoverPage: { ...base.gameoverPage, extra: 1 } }, path: 'gameoverPage' },
      { name: 'an unknown field in a point', body: withMetadata({ location: { ...point, alt: 3 } }), path: 'metadata.location' },
      { name: 'map as text', body: withMetadata({ map: 'yes' }), path: 'metadata.map' },
      { name: 'an answer as a number', body: withQuestion({ answer: { ...base.questions[0].answer, kind: 'text' as const, value: 5 } }), path: 'questions.0.answer.value' },
      { name: 'questions as an object', body: { ...base, questions: {} }, path: 'questions' },
      { name: 'a missing intro', body: { ...base, introPage: undefined }, path: 'introPage' },
      { name: 'another currency', body: withMetadata({ currencyCode: 'USD' }), path: 'metadata.currencyCode' },
      { name: 'a polygon of 10,000 points', body: withQuestion({ location: Array.from({ length: 10_000 }, () => point) }), path: 'questions.0.location' },
      { name: 'a price of 1e9', body: withMetadata({ price: 1e9 }), path: 'metadata.price' },
      { name: 'a price of -5', body: withMetadata({ price: -5 }), path: 'metadata.price' },
      { name: 'a price of 12.345', body: withMetadata({ price: 12.345 }), path: 'metadata.price' },
      { name: 'a price of "1e9" as text', body: withMetadata({ price: '1e9' }), path: 'metadata.price' },
      { name: 'a point with lat 200', body: withMetadata({ location: { lat: 200, lng: 34.78 } }), path: 'metadata.location.lat' },
      { name: 'a NUL in the name', body: withMetadata({ name: 'a\u0000b' }), path: 'metadata.name' },
    ];

    it.each(cases)('$name: 400 naming $path', async ({ body, path }) => {
      const { owner, game } = await draftOfNewCreator();
      const before = await studioTables(t.db);
      const res = await save(game.id, { ...(body as object), version: 1 }, owner.token);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('validation');
      expect(res.json().message).toContain(path ? `Invalid body: ${path}: ` : 'Invalid body: ');
      expect((await studioTables(t.db)).text).toBe(before.text);
      expect((await storedGame(t.db, game.id)).version).toBe(1);
    });

    it('a missing version is refused, and naming it', async () => {
      const { owner, game } = await draftOfNewCreator();
      const res = await save(game.id, base, owner.token);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain('version');
    });

    it('malformed JSON is 400 bad_json, and a 2 MB body 413; nothing changes', async () => {
      const { owner, game } = await draftOfNewCreator();
      const before = await studioTables(t.db);
      const broken = await call(t, 'POST', `/api/games/${game.id}`, { token: owner.token, raw: '{"metadata": {"name": "x"' });
      expect(broken.statusCode).toBe(400);
      expect(broken.json().code).toBe('bad_json');
      const huge = saveBody({ ...base, introPage: { content: `<p>${'x'.repeat(2 * 1024 * 1024)}</p>` } }, 1);
      const tooBig = await save(game.id, huge, owner.token);
      expect(tooBig.statusCode).toBe(413);
      expect(tooBig.json().code).toBe('payload_too_large');
      expect((await studioTables(t.db)).text).toBe(before.text);
    });
  });
});
