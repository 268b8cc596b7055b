import { sql } from 'drizzle-orm';
import { editorGameReplySchema, gameReplySchema, type GameContent } from '@streethunt/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../../db/test-database.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildCode, buildGame } from '../../test/factories.ts';
import { getGame } from '../../test/player-calls.ts';
import { call } from '../../test/requests.ts';
import { userWithToken } from '../../test/tokens.ts';
import { saveBody, studioTables } from './test-support.ts';

describe.each(testDatabaseKinds())('a game’s accessibility, saved and read (DESIGN.md section 16) on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ kind });
  });
  afterAll(() => t.close());

  const save = (gameId: string, body: unknown, token: string) => call(t, 'POST', `/api/games/${gameId}`, { token, body });
  async function draft() {
    const owner = await userWithToken(t);
    const game = await buildGame(t.db, { userId: owner.user.id, status: 'DRAFT', approvedAt: null });
    return { owner, game };
  }
  const withAccessibility = (content: GameContent, accessibility: unknown, question: Record<string, unknown> = {}) => ({
    ...content,
    metadata: { ...content.metadata, accessibility },
    questions: content.questions.map((q, i) => (i === 0 ? { ...q, ...question } : q)),
  });

  it('keeps the figures (length rounded to one decimal), the notes and a stop’s mark and alternative spot; the player reads them', async () => {
    const { owner, game } = await draft();
    const body = withAccessibility(
      game.content,
      { stepFree: 'yes', lengthKm: 2.44, durationMinutes: 90, notes: 'Ramps at every stop.\nOne steep street.' },
      { stepFree: true, alternative: { location: { lat: 32.05, lng: 34.75 }, note: 'The lift by the gate' } },
    );
    const res = await save(game.id, saveBody(body as GameContent, 1), owner.token);
    expect(res.statusCode, res.body).toBe(200);
    const saved = editorGameReplySchema.parse(res.json()).data;
    expect(saved.metadata.accessibility).toEqual({ stepFree: 'yes', lengthKm: 2.4, durationMinutes: 90, notes: 'Ramps at every stop.\nOne steep street.' });
    expect(saved.questions[0]).toMatchObject({ stepFree: true, alternative: { location: { lat: 32.05, lng: 34.75 }, note: 'The lift by the gate' } });

    // The owner's next load (what the editor saves back) has them, and so has a player with a code.
    const loaded = await getGame(t.app, game.id, { token: owner.token });
    expect(loaded.json().metadata.accessibility).toMatchObject({ stepFree: 'yes', lengthKm: 2.4 });
    await t.db.execute(sql`update games set status = 'APPROVED', approved_at = now() where id = ${game.id}`);
    const code = await buildCode(t.db, { gameId: game.id });
    const played = gameReplySchema.parse((await getGame(t.app, game.id, { secret: code.code })).json());
    expect(played.metadata.accessibility?.notes).toBe('Ramps at every stop.\nOne steep street.');
    expect(played.questions?.[0]).toMatchObject({ stepFree: true, alternative: { note: 'The lift by the gate' } });
  });

  const bad: Array<{ name: string; accessibility?: unknown; question?: Record<string, unknown>; path: string }> = [
    { name: 'a step-free value out of its set', accessibility: { stepFree: 'maybe' }, path: 'metadata.accessibility.stepFree' },
    { name: 'no step-free value', accessibility: { lengthKm: 2 }, path: 'metadata.accessibility.stepFree' },
    { name: 'a length of 0', accessibility: { stepFree: 'no', lengthKm: 0 }, path: 'metadata.accessibility.lengthKm' },
    { name: 'a length over 100 km', accessibility: { stepFree: 'no', lengthKm: 100.5 }, path: 'metadata.accessibility.lengthKm' },
    { name: 'a length as text', accessibility: { stepFree: 'no', lengthKm: '2' }, path: 'metadata.accessibility.lengthKm' },
    { name: 'a duration of 0', accessibility: { stepFree: 'yes', durationMinutes: 0 }, path: 'metadata.accessibility.durationMinutes' },
    { name: 'a fractional duration', accessibility: { stepFree: 'yes', durationMinutes: 1.5 }, path: 'metadata.accessibility.durationMinutes' },
    { name: 'a duration over a day', accessibility: { stepFree: 'yes', durationMinutes: 1441 }, path: 'metadata.accessibility.durationMinutes' },
    { name: 'notes over 500 characters', accessibility: { stepFree: 'yes', notes: 'a'.repeat(501) }, path: 'metadata.accessibility.notes' },
    { name: 'markup in the notes', accessibility: { stepFree: 'yes', notes: '<b>x</b>' }, path: 'metadata.accessibility.notes' },
    { name: 'an unknown key', accessibility: { stepFree: 'yes', wheelchair: true }, path: 'metadata.accessibility' },
    { name: 'a stop’s mark as text', question: { stepFree: 'yes' }, path: 'questions.0.stepFree' },
    { name: 'an alternative spot out of range', question: { alternative: { location: { lat: 91, lng: 34 } } }, path: 'questions.0.alternative.location.lat' },
    { name: 'an alternative spot as a polygon', question: { alternative: { location: [{ lat: 1, lng: 1 }] } }, path: 'questions.0.alternative.location' },
    { name: 'an alternative note with a control character', question: { alternative: { location: { lat: 1, lng: 1 }, note: 'a\u0000b' } }, path: 'questions.0.alternative.note' },
  ];
  it.each(bad)('$name: 400 naming $path, nothing changes', async ({ accessibility, question, path }) => {
    const { owner, game } = await draft();
    const before = await studioTables(t.db);
    const res = await save(game.id, saveBody(withAccessibility(game.content, accessibility ?? { stepFree: 'unknown' }, question) as GameContent, 1), owner.token);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toContain(path);
    expect((await studioTables(t.db)).text).toBe(before.text);
  });
});
