import { gameReplySchema, progressSchema, type Progress } from '@streethunt/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../../db/test-database.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { branchingQuestions, buildCode, buildGame, buildUser, gameContent } from '../../test/factories.ts';
import { getGame, progressCall } from '../../test/player-calls.ts';
import { playTables } from './test-support.ts';

// The server owns the order (DESIGN.md section 12): every progress reply carries the flow, and a change
// to a question the flow does not open is a 409 not_playable that changes nothing.
describe.each(testDatabaseKinds())('the game flow, judged by the server, on %s', (kind) => {
  let t: TestApp;
  let linear: string;
  let branching: string;

  beforeAll(async () => {
    t = await buildTestApp({ kind });
    const owner = await buildUser(t.db);
    linear = (await buildGame(t.db, { userId: owner.id })).id;
    branching = (await buildGame(t.db, { userId: owner.id, content: { questions: branchingQuestions() } })).id;
  });
  afterAll(() => t.close());

  const call = (gameId: string, secretCode: string, action: string, extra: Record<string, unknown> = {}) =>
    progressCall(t.app, { action, gameId, secretCode, ...extra });
  const ok = async (gameId: string, secretCode: string, action: string, extra: Record<string, unknown> = {}): Promise<Progress> => {
    const res = await call(gameId, secretCode, action, extra);
    expect(res.statusCode, res.body).toBe(200);
    return progressSchema.parse(res.json());
  };
  const started = async (gameId: string, source: 'admin' | 'event' = 'admin') => {
    const { code } = await buildCode(t.db, { gameId, source });
    const res = await call(gameId, code, 'set-start-time');
    expect(res.statusCode, res.body).toBe(200);
    return code;
  };
  const answer = (gameId: string, code: string, questionIndex: number, value: string) =>
    call(gameId, code, 'set-question-status', { questionIndex, questionStatus: 'ANSWERED', answer: value });
  const move = (gameId: string, code: string, questionIndex: number, questionStatus: string) =>
    call(gameId, code, 'set-question-status', { questionIndex, questionStatus });

  it('a code holder’s game carries each question’s flow, so the phone judges what opens offline as the server does', async () => {
    const { code } = await buildCode(t.db, { gameId: branching });
    const questions = gameReplySchema.parse((await getGame(t.app, branching, { secret: code })).json()).questions!;
    const written = branchingQuestions()!;
    expect(questions.map((q) => [q.id, q.when, q.then])).toEqual(written.map((q) => [q.id, q.when, q.then]));
  });

  it('a linear game without rules: the next question only, in every reply; a later one is 409 not_playable and changes nothing', async () => {
    const { code } = await buildCode(t.db, { gameId: linear });
    expect((await ok(linear, code, 'get-game-progress')).flow).toEqual({ playable: ['q1'], next: 'q1', over: false });
    expect((await call(linear, code, 'set-start-time')).statusCode).toBe(200);
    const before = await playTables(t.db);
    for (const refused of [move(linear, code, 2, 'STARTED'), answer(linear, code, 1, 'twenty two'), call(linear, code, 'show-question-hint', { questionIndex: 2, hintIndex: 0 })]) {
      const res = await refused;
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'not_playable', message: expect.stringMatching(/Question (2|3) cannot be played now/) });
    }
    expect(await playTables(t.db)).toEqual(before);

    expect((await ok(linear, code, 'set-question-status', { questionIndex: 0, questionStatus: 'STARTED' })).flow).toEqual({ playable: ['q1'], next: 'q1', over: false });
    // Answered, not yet moved on: the next question may begin (the phone may not have sent 'continue').
    const answered = progressSchema.parse((await answer(linear, code, 0, 'agam')).json());
    expect(answered.flow).toEqual({ playable: ['q1', 'q2'], next: 'q1', over: false });
    await ok(linear, code, 'set-question-status', { questionIndex: 0, questionStatus: 'DONE' });
    const skipped = await ok(linear, code, 'set-question-status', { questionIndex: 1, questionStatus: 'SOLUTION' });
    expect(skipped.flow).toEqual({ playable: ['q1', 'q2', 'q3'], next: 'q2', over: false });
  });

  it('a free game opens every question, and suggests the one under way', async () => {
    const owner = await buildUser(t.db);
    const free = (await buildGame(t.db, { userId: owner.id, content: { metadata: { ...gameContent().metadata, order: 'free' } } })).id;
    const code = await started(free);
    expect((await ok(free, code, 'get-game-progress')).flow).toEqual({ playable: ['q1', 'q2', 'q3'], next: 'q1', over: false });
    expect((await ok(free, code, 'set-question-status', { questionIndex: 2, questionStatus: 'STARTED' })).flow).toEqual({ playable: ['q1', 'q2', 'q3'], next: 'q3', over: false });
  });

  it('a branch follows the option taken: its side opens, the other is passed over (status null), and the end comes without it', async () => {
    const code = await started(branching);
    const fresh = await ok(branching, code, 'get-game-progress');
    expect(fresh.flow).toEqual({ playable: ['fork'], next: 'fork', over: false });

    const left = progressSchema.parse((await answer(branching, code, 0, 'left')).json());
    expect(left.questions[0]).toMatchObject({ status: 'ANSWERED', chose: 'left' });
    expect(left.flow).toEqual({ playable: ['fork', 'alley'], next: 'fork', over: false });
    await ok(branching, code, 'set-question-status', { questionIndex: 0, questionStatus: 'DONE' });

    // The square is passed over: never shown as skipped, and not playable through the API either.
    const square = await move(branching, code, 2, 'STARTED');
    expect(square.statusCode).toBe(409);
    expect(square.json()).toMatchObject({ code: 'not_playable' });
    const alley = await ok(branching, code, 'show-question-hint', { questionIndex: 1, hintIndex: 0 });
    expect(alley.questions[1]!.hints[0]!.isOpen).toBe(true);
    await answer(branching, code, 1, 'cat');
    const afterAlley = await ok(branching, code, 'set-question-status', { questionIndex: 1, questionStatus: 'DONE' });
    expect(afterAlley.questions[2]!.status).toBeNull();
    expect(afterAlley.flow).toEqual({ playable: ['fork', 'alley', 'gate'], next: 'gate', over: false });

    // While the gate is open the game may not end; its `end` action ends it, the epilogue unplayed.
    expect((await call(branching, code, 'set-end-time')).json()).toMatchObject({ code: 'conflict', message: expect.stringMatching(/Question 4 is still open/) });
    await answer(branching, code, 3, 'gate');
    const gate = await ok(branching, code, 'set-question-status', { questionIndex: 3, questionStatus: 'DONE' });
    expect(gate.flow).toEqual({ playable: ['fork', 'alley', 'gate'], next: null, over: true });
    expect((await move(branching, code, 4, 'STARTED')).json()).toMatchObject({ code: 'not_playable' });
    const ended = await ok(branching, code, 'set-end-time');
    expect(ended.endTime).not.toBeNull();
    expect(ended.questions.map((q) => q.status)).toEqual(['DONE', 'DONE', null, 'DONE', null]);
    // Three questions, one hint, no points from the alley's side; less than a minute.
    expect(ended.score).toBe(300 - 10);
  });

  it('the other side: its points count in the score, and its question opens', async () => {
    const code = await started(branching);
    const right = progressSchema.parse((await answer(branching, code, 0, 'right')).json());
    expect(right.questions[0]).toMatchObject({ status: 'ANSWERED', chose: 'right', points: 50 });
    // The 50 points count now; the question's own 100 once the team moves on (DONE).
    expect(right.score).toBe(50);
    const done = await ok(branching, code, 'set-question-status', { questionIndex: 0, questionStatus: 'DONE' });
    expect(done.score).toBe(150);
    expect(done.flow).toEqual({ playable: ['fork', 'square'], next: 'square', over: false });
    expect((await move(branching, code, 1, 'STARTED')).json()).toMatchObject({ code: 'not_playable' });
  });

  it('two phones of one team pick different options at once: the answer taken first decides, and both follow it', async () => {
    const code = await started(branching);
    const [a, b] = await Promise.all([answer(branching, code, 0, 'left'), answer(branching, code, 0, 'right')]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const after = await ok(branching, code, 'get-game-progress');
    const chosen = after.questions[0]!.chose;
    expect(['left', 'right']).toContain(chosen);
    // Both replies are of the one play: the second answer changed nothing.
    for (const reply of [a, b]) expect(progressSchema.parse(reply.json()).questions[0]!.chose).toBe(chosen);
    expect(after.flow!.playable).toEqual(['fork', chosen === 'left' ? 'alley' : 'square']);
  });

  it('an event’s team is held to the flow too', async () => {
    const code = await started(branching, 'event');
    expect((await move(branching, code, 3, 'STARTED')).json()).toMatchObject({ code: 'not_playable' });
    expect((await answer(branching, code, 0, 'left')).statusCode).toBe(200);
    expect((await move(branching, code, 2, 'STARTED')).json()).toMatchObject({ code: 'not_playable' });
  });
});
