import { describe, expect, it } from 'vitest';
import { applyProgressChange, type ProgressQuestionState, type ProgressState } from './progress-change.ts';
import { QUESTION_STAGE, QUESTION_STATUSES, questionStage, type QuestionStatus } from './question-status.ts';

const NOW = '2026-05-01T10:20:00.000Z';

type Question = ProgressQuestionState & { solution?: string };

/** A play of three questions: the first with two hints, the third with one. */
function play(statuses: Array<QuestionStatus | null> = [null, null, null], endTime: string | null = null): ProgressState<Question, string> {
  const hintCounts = [2, 0, 1];
  return { endTime, questions: statuses.map((status, i) => ({ status, hints: Array.from({ length: hintCounts[i] }, () => ({ isOpen: false })) })) };
}

const setStatus = (questionIndex: number, questionStatus: QuestionStatus) => ({ action: 'set-question-status', questionIndex, questionStatus }) as const;

describe('applyProgressChange: status moves', () => {
  it.each<[QuestionStatus | null, QuestionStatus, 'next' | 'same' | 'refused']>([
    [null, 'STARTED', 'next'],
    [null, 'ANSWERED', 'next'],
    [null, 'SOLUTION', 'next'],
    [null, 'DONE', 'refused'],
    [null, 'SKIPPED', 'refused'],
    ['STARTED', 'STARTED', 'same'],
    ['STARTED', 'ANSWERED', 'next'],
    ['STARTED', 'SOLUTION', 'next'],
    ['STARTED', 'DONE', 'refused'],
    ['STARTED', 'SKIPPED', 'refused'],
    ['ANSWERED', 'STARTED', 'same'],
    ['ANSWERED', 'SOLUTION', 'same'],
    ['ANSWERED', 'DONE', 'next'],
    ['ANSWERED', 'SKIPPED', 'refused'],
    ['SOLUTION', 'ANSWERED', 'same'],
    ['SOLUTION', 'SKIPPED', 'next'],
    ['SOLUTION', 'DONE', 'refused'],
    ['DONE', 'STARTED', 'same'],
    ['DONE', 'SKIPPED', 'same'],
    ['SKIPPED', 'DONE', 'same'],
    ['SKIPPED', 'SOLUTION', 'same'],
  ])('%s -> %s: %s', (from, to, kind) => {
    const state = play([null, from, null]);
    const step = applyProgressChange(state, setStatus(1, to), NOW);
    expect(step.kind).toBe(kind);
    if (step.kind === 'next') {
      expect(step.state.questions.map((q) => q.status)).toEqual([null, to, null]);
      // Only the question moved changes; the others are the same objects, and the end time stays.
      expect(step.state.questions[0]).toBe(state.questions[0]);
      expect(step.state.endTime).toBeNull();
    }
    if (step.kind === 'refused') expect(step.refusal).toEqual({ reason: 'bad-move', questionIndex: 1, from, to });
  });

  it('keeps what else the question holds (a revealed solution) and leaves the input alone', () => {
    const state: ProgressState<Question, string> = { endTime: null, questions: [{ status: 'SOLUTION', hints: [{ isOpen: true }], solution: '1909' }] };
    const step = applyProgressChange(state, setStatus(0, 'SKIPPED'), NOW);
    expect(step).toEqual({ kind: 'next', state: { endTime: null, questions: [{ status: 'SKIPPED', hints: [{ isOpen: true }], solution: '1909' }] } });
    expect(state.questions[0].status).toBe('SOLUTION');
  });

  it('refuses a question the play does not have', () => {
    expect(applyProgressChange(play(), setStatus(3, 'STARTED'), NOW)).toEqual({
      kind: 'refused',
      refusal: { reason: 'no-question', questionIndex: 3, questionCount: 3 },
    });
  });
});

describe('applyProgressChange: hints', () => {
  const showHint = (questionIndex: number, hintIndex: number) => ({ action: 'show-question-hint', questionIndex, hintIndex }) as const;

  it('opens a hint once, whatever the question status', () => {
    const step = applyProgressChange(play(['DONE', null, null]), showHint(0, 1), NOW);
    if (step.kind !== 'next') throw new Error(`expected the hint to open, got ${step.kind}`);
    expect(step.state.questions[0]).toEqual({ status: 'DONE', hints: [{ isOpen: false }, { isOpen: true }] });
    expect(applyProgressChange(step.state, showHint(0, 1), NOW)).toEqual({ kind: 'same' });
  });

  it.each([
    [3, 0, { reason: 'no-question', questionIndex: 3, questionCount: 3 }],
    [1, 0, { reason: 'no-hint', questionIndex: 1, hintIndex: 0, hintCount: 0 }],
    [0, 2, { reason: 'no-hint', questionIndex: 0, hintIndex: 2, hintCount: 2 }],
  ])('refuses question %i hint %i', (questionIndex, hintIndex, refusal) => {
    expect(applyProgressChange(play(), showHint(questionIndex, hintIndex), NOW)).toEqual({ kind: 'refused', refusal });
  });
});

describe('applyProgressChange: end time', () => {
  const end = { action: 'set-end-time' } as const;

  it('sets it to now once every question is done or skipped', () => {
    const state = play(['DONE', 'SKIPPED', 'DONE']);
    expect(applyProgressChange(state, end, NOW)).toEqual({ kind: 'next', state: { questions: state.questions, endTime: NOW } });
  });

  it('sets it once: a second one keeps the first time', () => {
    expect(applyProgressChange(play(['DONE', 'SKIPPED', 'DONE'], '2026-05-01T10:05:00.000Z'), end, NOW)).toEqual({ kind: 'same' });
  });

  it('refuses while a question is open, naming the first', () => {
    expect(applyProgressChange(play(['DONE', 'SOLUTION', null]), end, NOW)).toEqual({ kind: 'refused', refusal: { reason: 'question-open', questionIndex: 1 } });
  });

  it('works on any time type (the server passes Dates)', () => {
    const now = new Date(NOW);
    const step = applyProgressChange({ endTime: null as Date | null, questions: [{ status: 'DONE', hints: [] }] }, end, now);
    expect(step).toEqual({ kind: 'next', state: { endTime: now, questions: [{ status: 'DONE', hints: [] }] } });
  });
});

describe('question stages', () => {
  it('orders every status, not started first', () => {
    expect(questionStage(null)).toBe(0);
    expect(questionStage(undefined)).toBe(0);
    expect(QUESTION_STATUSES.map(questionStage)).toEqual([1, 2, 2, 3, 3]);
    expect(Object.keys(QUESTION_STAGE).sort()).toEqual([...QUESTION_STATUSES].sort());
  });
});

describe('applyProgressChange: wrong attempts', () => {
  const open: ProgressState<ProgressQuestionState, string> = { questions: [{ status: null, hints: [] }], endTime: null };
  const step = (state: ProgressState<ProgressQuestionState, string>, change: Parameters<typeof applyProgressChange>[1]) => applyProgressChange(state, change, 'now');

  it('keeps the count once, with the answer or the skip it came with; a replay changes nothing', () => {
    const answered = step(open, { action: 'set-question-status', questionIndex: 0, questionStatus: 'ANSWERED', wrongAttempts: 2 });
    expect(answered).toEqual({ kind: 'next', state: { questions: [{ status: 'ANSWERED', hints: [], wrongAttempts: 2 }], endTime: null } });
    if (answered.kind !== 'next') return;
    expect(step(answered.state, { action: 'set-question-status', questionIndex: 0, questionStatus: 'ANSWERED', wrongAttempts: 5 })).toEqual({ kind: 'same' });
    const done = step(answered.state, { action: 'set-question-status', questionIndex: 0, questionStatus: 'DONE', wrongAttempts: 9 });
    expect(done.kind === 'next' && done.state.questions[0]).toEqual({ status: 'DONE', hints: [], wrongAttempts: 2 });
    const skipped = step(open, { action: 'set-question-status', questionIndex: 0, questionStatus: 'SOLUTION', wrongAttempts: 1 });
    expect(skipped.kind === 'next' && skipped.state.questions[0]).toEqual({ status: 'SOLUTION', hints: [], wrongAttempts: 1 });
    // A count sent with another move (STARTED) is not one.
    const started = step(open, { action: 'set-question-status', questionIndex: 0, questionStatus: 'STARTED', wrongAttempts: 3 });
    expect(started.kind === 'next' && started.state.questions[0]).toEqual({ status: 'STARTED', hints: [] });
  });
});
