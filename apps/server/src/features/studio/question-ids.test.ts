import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameContent, GameReply } from '@streethunt/shared';
import { testDatabaseKinds } from '../../db/test-database.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildCode, buildGame } from '../../test/factories.ts';
import { getGame } from '../../test/player-calls.ts';
import { call } from '../../test/requests.ts';
import { userWithToken } from '../../test/tokens.ts';
import { saveBody, storedGame, studioTables } from './test-support.ts';

const ids = (questions: GameContent['questions']) => questions.map((q) => [q.id, q.hints.map((h) => h.id)]);

describe.each(testDatabaseKinds())('question and hint ids through the editor’s save, on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ kind });
  });
  afterAll(() => t.close());

  const save = (gameId: string, body: unknown, token: string) => call(t, 'POST', `/api/games/${gameId}`, { token, body });

  it('the owner’s GET and the player’s GET name every question and hint by its id; a save keeps them', async () => {
    const owner = await userWithToken(t);
    const game = await buildGame(t.db, { userId: owner.user.id, status: 'DRAFT', approvedAt: null });
    const owned = (await getGame(t.app, game.id, { token: owner.token })).json() as GameReply;
    expect(owned.questions!.map((q) => [q.id, q.hints.map((h) => h.id)])).toEqual(ids(game.content.questions));
    const code = await buildCode(t.db, { gameId: game.id });
    const played = (await getGame(t.app, game.id, { secret: code.code })).json() as GameReply;
    expect(played.questions!.map((q) => [q.id, q.hints.map((h) => h.id)])).toEqual(ids(game.content.questions));

    // The last question moves to the front and its hints swap: each keeps its id.
    const [q1, q2, q3] = game.content.questions;
    const moved = [{ ...q3!, hints: [...q3!.hints].reverse() }, q1!, q2!];
    const res = await save(game.id, saveBody({ ...game.content, questions: moved }, 1), owner.token);
    expect(res.statusCode).toBe(200);
    expect(ids((await storedGame(t.db, game.id)).questions as GameContent['questions'])).toEqual([
      ['q3', ['q3h2', 'q3h1']],
      ['q1', ['q1h1', 'q1h2']],
      ['q2', ['q2h1', 'q2h2']],
    ]);
  });

  it('a save without ids (a client written to the spec) gives each new question and hint an id', async () => {
    const owner = await userWithToken(t);
    const game = await buildGame(t.db, { userId: owner.user.id, status: 'DRAFT', approvedAt: null });
    const withoutIds = game.content.questions.map(({ id: _id, hints, ...q }) => ({ ...q, hints: hints.map(({ id: _hintId, ...h }) => h) }));
    const res = await save(game.id, { ...saveBody(game.content, 1), questions: withoutIds }, owner.token);
    expect(res.statusCode).toBe(200);
    const stored = ids((await storedGame(t.db, game.id)).questions as GameContent['questions']).flat(2);
    expect(stored).toHaveLength(9);
    expect(stored.every((id) => /^[A-Za-z0-9]{12}$/.test(id))).toBe(true);
    expect(new Set(stored).size).toBe(9);
  });

  it('an id used twice or not an id is refused with 400 naming it, and nothing changes', async () => {
    const owner = await userWithToken(t);
    const game = await buildGame(t.db, { userId: owner.user.id, status: 'DRAFT', approvedAt: null });
    const before = await studioTables(t.db);
    const [q1, q2, q3] = game.content.questions;
    const bodies = [
      saveBody({ ...game.content, questions: [q1!, { ...q2!, id: 'q1' }, q3!] }, 1),
      saveBody({ ...game.content, questions: [q1!, { ...q2!, hints: [{ ...q2!.hints[0]!, id: 'q1h1' }] }, q3!] }, 1),
      saveBody({ ...game.content, questions: [{ ...q1!, id: 'not an id' }, q2!, q3!] }, 1),
      saveBody({ ...game.content, questions: [{ ...q1!, id: 'x'.repeat(41) }, q2!, q3!] }, 1),
    ];
    for (const body of bodies) {
      const res = await save(game.id, body, owner.token);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation', message: expect.stringMatching(/id/) });
    }
    expect((await studioTables(t.db)).text).toBe(before.text);
  });
});
