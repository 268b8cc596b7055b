import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import {
  acceptedAnswers,
  gameContentSchema,
  gameReplySchema,
  isAcceptedAnswer,
  matchesAnswerHashes,
  mediaKeyFromUrl,
  type GameContent,
  SPEC_SCORING,
  type Point,
  textAnswerValue,
} from '@streethunt/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { allAnswers, getGame, progressCall } from '../test/player-calls.ts';
import { readGameContent } from '../db/game-rows.ts';
import { gameCodes, games, users } from '../db/schema.ts';
import { testDatabaseKinds } from '../db/test-database.ts';
import { demoGames } from './demo-games.ts';
import { demoLoginHelp, readDemoGames, seedDemo } from './demo.ts';

/** Tags the rich content may use: simple, safe HTML. */
const SAFE_HTML = /^(?:[^<>]|<\/?(?:p|strong|em|ul|ol|li|br)>)*$/;

const allRichText = (c: GameContent) => [
  c.introPage.content,
  c.gameoverPage.content,
  ...c.questions.flatMap((q) => [q.content, q.answer.content, q.answer.contentAfterAnswer, ...q.hints.map((h) => h.content)]),
];

const isPoint = (location: unknown): location is Point => !!location && !Array.isArray(location);

describe('demo games (content)', () => {
  it('are real, playable games: 3 to 6 questions with hints, safe rich content, both languages, map and no map', () => {
    expect(demoGames.length).toBeGreaterThanOrEqual(2);
    expect(demoGames.length).toBeLessThanOrEqual(3);
    for (const { content } of demoGames) {
      expect(gameContentSchema.parse(content)).toBeTruthy();
      expect(content.questions.length).toBeGreaterThanOrEqual(3);
      expect(content.questions.length).toBeLessThanOrEqual(6);
      expect(content.metadata.name.length).toBeGreaterThan(0);
      expect(content.metadata.currencyCode).toBe('ILS');
      for (const text of allRichText(content).filter(Boolean)) expect(text).toMatch(SAFE_HTML);
      expect(content.introPage.content.replace(/<[^>]+>/g, '').length).toBeGreaterThan(15);
      expect(content.gameoverPage.content.replace(/<[^>]+>/g, '').length).toBeGreaterThan(15);
      for (const q of content.questions) {
        expect(q.hints.length).toBeGreaterThanOrEqual(1);
        expect(q.content.replace(/<[^>]+>/g, '').length).toBeGreaterThan(15);
        // Hebrew and English alternatives, and none of them empty.
        expect(acceptedAnswers(textAnswerValue(q.answer)).length).toBeGreaterThanOrEqual(2);
        expect(textAnswerValue(q.answer).split(',').every((a) => a.trim().length > 0)).toBe(true);
        expect(acceptedAnswers(textAnswerValue(q.answer)).some((a) => /[\u0590-\u05ff]/.test(a) || /^\d+$/.test(a))).toBe(true);
        expect(acceptedAnswers(textAnswerValue(q.answer)).some((a) => /[a-z0-9]/.test(a))).toBe(true);
      }
    }
    const all = demoGames.map((g) => g.content);
    expect(new Set(all.map((c) => c.metadata.language))).toEqual(new Set(['he', 'en']));
    const hints = all.flatMap((c) => c.questions.flatMap((q) => q.hints));
    expect(hints.some((h) => h.title)).toBe(true);
    expect(hints.some((h) => !h.title)).toBe(true);
    expect(all.map((c) => String(c.metadata.price))).toEqual(expect.arrayContaining(['45', '60']));
    // A title shows before its hint is opened: it says what the hint is about, never what the hint says.
    const plain = (html: string) => html.replace(/<[^>]+>/g, '').toLowerCase();
    for (const hint of hints.filter((h) => h.title)) expect(plain(hint.content), hint.title).not.toContain(hint.title!.toLowerCase().replace(/[?!.]+$/, ''));

    const mapGames = all.filter((c) => c.metadata.map);
    expect(mapGames.length).toBeGreaterThanOrEqual(1);
    expect(all.some((c) => !c.metadata.map)).toBe(true);
    for (const c of mapGames) {
      expect(isPoint(c.metadata.location)).toBe(true);
      const locations = c.questions.map((q) => q.location);
      expect(locations.every(Boolean)).toBe(true);
      const polygons = locations.filter(Array.isArray) as Point[][];
      expect(polygons.length).toBeGreaterThanOrEqual(1);
      for (const polygon of polygons) {
        expect(polygon.length).toBeGreaterThanOrEqual(3);
        expect(polygon.length).toBeLessThanOrEqual(6);
      }
      expect(locations.filter(isPoint)).toHaveLength(1);
      // All in Tel Aviv-Yafo.
      for (const p of [c.metadata.location as Point, ...polygons.flat(), ...locations.filter(isPoint)]) {
        expect(p.lat).toBeGreaterThan(32.03);
        expect(p.lat).toBeLessThan(32.13);
        expect(p.lng).toBeGreaterThan(34.74);
        expect(p.lng).toBeLessThan(34.82);
      }
    }
  });
});

describe.each(testDatabaseKinds())('demo seed on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ kind });
  });
  afterAll(() => t.close());

  it('seeds a new database once: approved games of the demo creator, each with one admin code, printed with its URL', async () => {
    expect(await seedDemo(t.db, t.app.services.storage)).toBe(true);
    const [creator] = await t.db.select().from(users).where(eq(users.email, 'creator@streethunt.local'));
    const rows = await t.db.select().from(games);
    expect(rows.map((r) => r.id).sort()).toEqual(demoGames.map((g) => g.id).sort());
    for (const row of rows) {
      expect(row).toMatchObject({ userId: creator.id, status: 'APPROVED', approvedAt: expect.any(Date) });
      const codes = await t.db.select().from(gameCodes).where(eq(gameCodes.gameId, row.id));
      expect(codes).toHaveLength(1);
      expect(codes[0]).toMatchObject({ source: 'admin', code: expect.stringMatching(/^DEMO/) });
    }

    const lines = await readDemoGames(t.db);
    const help = demoLoginHelp('http://localhost:3000');
    expect(lines).toHaveLength(demoGames.length);
    for (const line of lines) {
      expect(help).toContain(`http://localhost:3000/game/${line.id}  code ${line.code}`);
      expect(help).toContain(line.name);
    }
    expect(help).toContain('creator@streethunt.local');

    // A restart: nothing seeded again, the same codes printed.
    expect(await seedDemo(t.db, t.app.services.storage)).toBe(false);
    expect(await readDemoGames(t.db)).toEqual(lines);
    expect(demoLoginHelp('http://localhost:3000')).toBe(help);
    expect(await t.db.select().from(gameCodes)).toHaveLength(demoGames.length);
  });

  it('serves each seeded game to its code without any plain answer, and the list shows them newest first', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/api/games' });
    expect(list.json().data.map((g: { _id: string }) => g._id)).toEqual(demoGames.map((g) => g.id));
    for (const line of await readDemoGames(t.db)) {
      const res = await getGame(t.app, line.id, { secret: line.code });
      expect(res.statusCode).toBe(200);
      const reply = gameReplySchema.parse(res.json());
      const source = demoGames.find((g) => g.id === line.id)!.content;
      expect(reply.questions).toHaveLength(source.questions.length);
      // Hashes, salts, random ids and coordinates are not text a player reads (and may hold digits like '12' by chance);
      // everything else must not hold an answer.
      const notText = ['hashes', 'salt', 'location', '_id', 'userId'];
      const text = JSON.stringify(reply, (key, value) => (notText.includes(key) ? undefined : value)).toLowerCase();
      for (const answer of allAnswers(source)) expect(text, answer).not.toContain(answer.toLowerCase());
      reply.questions!.forEach((q, i) => {
        const first = textAnswerValue(source.questions[i].answer).split(',')[0];
        expect(isAcceptedAnswer(textAnswerValue(source.questions[i].answer), first)).toBe(true);
        expect(matchesAnswerHashes(q.answer.salt, q.answer.hashes, first)).toBe(true);
      });
      // Stored as written, but for the cover the seed drew; read with the spec's scoring and order.
      const stored = readGameContent((await t.db.select().from(games).where(eq(games.id, line.id)))[0]);
      const metadata = { ...source.metadata, coverImage: stored.metadata.coverImage, scoring: SPEC_SCORING, order: 'linear' };
      expect(stored).toEqual(gameContentSchema.parse({ ...source, metadata }));
    }
  });

  it('gives each demo game its own drawn cover: a content-hashed WebP original, 1280x720, served with its variants', async () => {
    const list = (await t.app.inject({ method: 'GET', url: '/api/games' })).json().data as { metadata: { coverImage: string } }[];
    const covers = list.map((g) => g.metadata.coverImage);
    expect(new Set(covers).size).toBe(demoGames.length);
    for (const cover of covers) {
      expect(cover).toMatch(/^\/media\/covers\/[0-9a-f]{16}\.webp$/);
      const key = mediaKeyFromUrl(cover)!;
      const original = (await t.app.services.storage.get(key))!;
      expect(createHash('sha256').update(original).digest('hex').slice(0, 16)).toBe(key.slice('covers/'.length, -'.webp'.length));
      expect(await sharp(original).metadata()).toMatchObject({ format: 'webp', width: 1280, height: 720 });
      const res = await t.app.inject({ method: 'GET', url: `${cover}?w=480` });
      expect(res.statusCode).toBe(200);
      expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 480, height: 270 });
    }
  });

  it('a seeded game plays end to end with its printed code', async () => {
    const [line] = await readDemoGames(t.db);
    const source = demoGames.find((g) => g.id === line.id)!.content;
    const call = (body: Record<string, unknown>) => progressCall(t.app, { gameId: line.id, secretCode: line.code, ...body });
    expect((await call({ action: 'set-start-time' })).statusCode).toBe(200);
    for (const [i, q] of source.questions.entries()) {
      expect((await call({ action: 'set-question-status', questionIndex: i, questionStatus: 'STARTED' })).statusCode).toBe(200);
      const answer = textAnswerValue(q.answer).split(',').at(-1)!.trim();
      expect((await call({ action: 'set-question-status', questionIndex: i, questionStatus: 'ANSWERED', answer })).statusCode).toBe(200);
      expect((await call({ action: 'set-question-status', questionIndex: i, questionStatus: 'DONE' })).statusCode).toBe(200);
    }
    const ended = await call({ action: 'set-end-time' });
    expect(ended.statusCode).toBe(200);
    expect(ended.json().score).toBe(100 * source.questions.length);
  });
});
