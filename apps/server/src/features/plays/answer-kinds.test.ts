import { gameReplySchema, judgeOnPhone, progressSchema, type PlayerQuestion, type Progress } from '@streethunt/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../../db/test-database.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { anyOrder, buildCode, buildGame, buildUser, everyKindQuestions, gameContent } from '../../test/factories.ts';
import { getGame, progressCall } from '../../test/player-calls.ts';
import { playTables } from './test-support.ts';

// The factory's game: questions 1-3 text, 4 a lenient text, 5 a number (120 ± 5), 6 a choice (o1909
// right), 7 an information stop.
const LENIENT = 3;
const NUMBER = 4;
const CHOICE = 5;
const NONE = 6;

describe.each(testDatabaseKinds())('answers of every kind, judged by the server (POST /api/game-progress) on %s', (kind) => {
  let t: TestApp;
  let gameId: string;
  let questions: PlayerQuestion[];

  beforeAll(async () => {
    t = await buildTestApp({ kind });
    const owner = await buildUser(t.db);
    // Each question is played on its own here, so the game takes them in any order (play-flow.test.ts holds the order).
    gameId = (await buildGame(t.db, { userId: owner.id, content: { ...anyOrder(), questions: everyKindQuestions() } })).id;
    const code = (await buildCode(t.db, { gameId })).code;
    questions = gameReplySchema.parse((await getGame(t.app, gameId, { secret: code })).json()).questions!;
  });
  afterAll(() => t.close());

  const started = async () => {
    const code = (await buildCode(t.db, { gameId })).code;
    expect((await progressCall(t.app, { action: 'set-start-time', gameId, secretCode: code })).statusCode).toBe(200);
    return code;
  };
  const answer = (code: string, questionIndex: number, sent?: string) =>
    progressCall(t.app, { action: 'set-question-status', gameId, secretCode: code, questionIndex, questionStatus: 'ANSWERED', ...(sent !== undefined && { answer: sent }) });
  const statusOf = (progress: Progress, index: number) => progress.questions[index]?.status;

  it('the player’s reply carries each kind without an accepted answer in plain text', () => {
    expect(questions.map((q) => q.answer.kind)).toEqual(['text', 'text', 'text', 'text', 'number', 'choice', 'none']);
    const text = JSON.stringify(questions);
    for (const secret of ['Rothschild', '"value"', '"tolerance"', '"correct"', '"lenient"']) expect(text).not.toContain(secret);
    expect(questions[CHOICE]!.answer.options).toEqual([
      { id: 'o1909', text: '1909' },
      { id: 'o1948', text: '1948' },
      { id: 'o1878', text: '1878' },
    ]);
    expect(questions[LENIENT]!.answer).toMatchObject({ askServer: true });
    expect(questions[NUMBER]!.answer).toMatchObject({ decimals: 0 });
    expect(questions[NUMBER]!.answer.hashes).toHaveLength(11);
  });

  it('the phone and the server agree on what the phone judges itself', async () => {
    const code = await started();
    expect(judgeOnPhone(questions[NUMBER]!.answer, '117 m')).toBe('right');
    expect(statusOf(progressSchema.parse((await answer(code, NUMBER, '117 m')).json()), NUMBER)).toBe('ANSWERED');
    expect(judgeOnPhone(questions[CHOICE]!.answer, 'o1909')).toBe('right');
    expect(statusOf(progressSchema.parse((await answer(code, CHOICE, 'o1909')).json()), CHOICE)).toBe('ANSWERED');
    // An information stop: arriving is the answer.
    expect(statusOf(progressSchema.parse((await answer(code, NONE)).json()), NONE)).toBe('ANSWERED');
  });

  it('what only the server can judge: a lenient text’s typo, a number between the hashed steps', async () => {
    const code = await started();
    expect(judgeOnPhone(questions[LENIENT]!.answer, 'Rothshild')).toBe('ask');
    expect((await answer(code, LENIENT, 'Rodshild')).statusCode).toBe(422);
    expect(statusOf(progressSchema.parse((await answer(code, LENIENT, 'Rothshild')).json()), LENIENT)).toBe('ANSWERED');
    expect(judgeOnPhone(questions[NUMBER]!.answer, '124.5')).toBe('ask');
    expect((await answer(code, NUMBER, '125.5')).json()).toMatchObject({ code: 'wrong_answer' });
    expect(statusOf(progressSchema.parse((await answer(code, NUMBER, '124.5')).json()), NUMBER)).toBe('ANSWERED');
  });

  it('a skip reveals the number or the right options', async () => {
    const code = await started();
    const skip = (questionIndex: number) => progressCall(t.app, { action: 'set-question-status', gameId, secretCode: code, questionIndex, questionStatus: 'SOLUTION' });
    expect(progressSchema.parse((await skip(NUMBER)).json()).questions[NUMBER]).toMatchObject({ status: 'SOLUTION', solution: '120 ± 5' });
    expect(progressSchema.parse((await skip(CHOICE)).json()).questions[CHOICE]).toMatchObject({ status: 'SOLUTION', solution: '1909' });
  });

  it('an answer of a kind the question does not have (400 bad_answer), a question id not at its place (409): nothing changed', async () => {
    const code = await started();
    const before = await playTables(t.db);
    const cases: Array<[number, string | undefined, string]> = [
      [NUMBER, 'about a hundred', 'This question takes a number'],
      [CHOICE, 'o2000', 'This question has no such option'],
      [CHOICE, '1909', 'This question has no such option'],
    ];
    for (const [index, sent, message] of cases) {
      const res = await answer(code, index, sent);
      expect(res.statusCode, sent).toBe(400);
      expect(res.json()).toEqual({ code: 'bad_answer', message });
    }
    expect((await answer(code, NUMBER)).json()).toMatchObject({ code: 'validation' });
    expect((await answer(code, CHOICE, '1948')).statusCode).toBe(400);
    expect(await playTables(t.db)).toEqual(before);
    // A question named by the id of a question that is not at this place in the play's version.
    const elsewhere = await progressCall(t.app, { action: 'set-question-status', gameId, secretCode: code, questionIndex: NUMBER, questionId: 'q6', questionStatus: 'SOLUTION' });
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json()).toEqual({ code: 'conflict', message: 'Question 5 of the version this play is on is not the question q6' });
    const hint = await progressCall(t.app, { action: 'show-question-hint', gameId, secretCode: code, questionIndex: NUMBER, questionId: 'gone', hintIndex: 0 });
    expect(hint.statusCode).toBe(409);
    expect(await playTables(t.db)).toEqual(before);
    expect((await progressCall(t.app, { action: 'show-question-hint', gameId, secretCode: code, questionIndex: NUMBER, questionId: 'q5', hintIndex: 0 })).statusCode).toBe(200);
    const after = await playTables(t.db);
    // A wrong option is a wrong answer, not a bad one.
    expect((await answer(code, CHOICE, 'o1948')).json()).toMatchObject({ code: 'wrong_answer' });
    expect(await playTables(t.db)).toEqual(after);
  });

  it('a game’s scoring: points off per wrong attempt the answer or skip carries, and no minutes when time does not count', async () => {
    const owner = await buildUser(t.db);
    const scored = await buildGame(t.db, { userId: owner.id, content: { metadata: { ...gameContent().metadata, scoring: { wrongAttemptPenalty: 7, timePenalty: false } } } });
    const code = (await buildCode(t.db, { gameId: scored.id })).code;
    const call = (body: Record<string, unknown>) => progressCall(t.app, { gameId: scored.id, secretCode: code, ...body });
    expect((await call({ action: 'set-start-time' })).statusCode).toBe(200);
    const first = await call({ action: 'set-question-status', questionIndex: 0, questionStatus: 'ANSWERED', answer: 'Agam', wrongAttempts: 2 });
    expect(progressSchema.parse(first.json()).questions[0]).toMatchObject({ status: 'ANSWERED', wrongAttempts: 2 });
    // A replay of the same move keeps the first count.
    await call({ action: 'set-question-status', questionIndex: 0, questionStatus: 'ANSWERED', answer: 'Agam', wrongAttempts: 9 });
    await call({ action: 'set-question-status', questionIndex: 0, questionStatus: 'DONE' });
    await call({ action: 'set-question-status', questionIndex: 1, questionStatus: 'SOLUTION', wrongAttempts: 1 });
    const after = progressSchema.parse((await call({ action: 'set-question-status', questionIndex: 1, questionStatus: 'SKIPPED' })).json());
    // One question done (100), three wrong attempts at 7, no minutes.
    expect(after.score).toBe(100 - 3 * 7);
    expect(after.questions.map((q) => q.wrongAttempts)).toEqual([2, 1, undefined]);
    // Stored by question id, read back the same.
    expect(progressSchema.parse((await call({ action: 'get-game-progress' })).json())).toMatchObject({ score: 100 - 21, questions: after.questions });
  });
});

