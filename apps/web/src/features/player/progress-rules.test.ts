import { describe, expect, it } from 'vitest';
import { computeScore } from '@streethunt/shared';
import { applyChange, applyChanges, changes, mergeProgress } from './progress-rules.ts';
import { buildProgress } from './test-fixtures.ts';

const at = new Date('2026-05-01T10:20:00.000Z');

describe('applying a change on the phone', () => {
  it('follows the state machine the server uses', () => {
    const started = applyChange(buildProgress(), { action: 'set-question-status', questionIndex: 0, questionStatus: 'STARTED' }, at);
    expect(started.questions[0].status).toBe('STARTED');
    const answered = applyChange(started, { action: 'set-question-status', questionIndex: 0, questionStatus: 'ANSWERED', answer: 'Bialik' }, at);
    expect(answered.questions[0].status).toBe('ANSWERED');
    // ANSWERED excludes SOLUTION and SKIPPED; DONE is the way on.
    expect(applyChange(answered, { action: 'set-question-status', questionIndex: 0, questionStatus: 'SOLUTION' }, at)).toBe(answered);
    expect(applyChange(answered, { action: 'set-question-status', questionIndex: 0, questionStatus: 'SKIPPED' }, at)).toBe(answered);
    const done = applyChange(answered, { action: 'set-question-status', questionIndex: 0, questionStatus: 'DONE' }, at);
    expect(done.questions[0].status).toBe('DONE');
    expect(done.lastUpdate).toBe(at.toISOString());
    expect(done.score).toBe(computeScore(done, at));
  });

  it('never moves a question backwards and ignores unknown indexes', () => {
    const done = buildProgress({ questions: [{ status: 'DONE', hints: [] }] });
    expect(changes(done, { action: 'set-question-status', questionIndex: 0, questionStatus: 'STARTED' })).toBe(false);
    expect(changes(done, { action: 'set-question-status', questionIndex: 5, questionStatus: 'STARTED' })).toBe(false);
    expect(changes(done, { action: 'show-question-hint', questionIndex: 0, hintIndex: 0 })).toBe(false);
  });

  it('opens a hint once and sets the end time once', () => {
    const opened = applyChange(buildProgress(), { action: 'show-question-hint', questionIndex: 0, hintIndex: 1 }, at);
    expect(opened.questions[0].hints).toEqual([{ isOpen: false }, { isOpen: true }]);
    expect(changes(opened, { action: 'show-question-hint', questionIndex: 0, hintIndex: 1 })).toBe(false);
    // As on the server, the game ends only once no question is open.
    expect(changes(opened, { action: 'set-end-time' })).toBe(false);
    const finished = applyChanges(opened, [
      { action: 'set-question-status', questionIndex: 0, questionStatus: 'SOLUTION' },
      { action: 'set-question-status', questionIndex: 0, questionStatus: 'SKIPPED' },
      { action: 'set-question-status', questionIndex: 1, questionStatus: 'SOLUTION' },
      { action: 'set-question-status', questionIndex: 1, questionStatus: 'SKIPPED' },
      { action: 'set-question-status', questionIndex: 2, questionStatus: 'SOLUTION' },
      { action: 'set-question-status', questionIndex: 2, questionStatus: 'SKIPPED' },
    ], at);
    const ended = applyChange(finished, { action: 'set-end-time' }, at);
    expect(ended.endTime).toBe(at.toISOString());
    expect(applyChange(ended, { action: 'set-end-time' }, new Date('2026-05-01T11:00:00.000Z')).endTime).toBe(at.toISOString());
  });

  it('applies a list in order, each at its own time', () => {
    const result = applyChanges(buildProgress(), [
      { action: 'set-question-status', questionIndex: 0, questionStatus: 'SOLUTION', at: '2026-05-01T10:01:00.000Z' },
      { action: 'set-question-status', questionIndex: 0, questionStatus: 'SKIPPED', at: '2026-05-01T10:02:00.000Z' },
    ]);
    expect(result.questions[0].status).toBe('SKIPPED');
    expect(result.lastUpdate).toBe('2026-05-01T10:02:00.000Z');
  });
});

describe('folding the server progress in', () => {
  it('takes the server progress when nothing is kept, or another play is', () => {
    const server = buildProgress({ questions: [{ status: 'STARTED', hints: [] }] });
    expect(mergeProgress(null, server)).toBe(server);
    expect(mergeProgress(buildProgress({ game_secret: 'OTHER' }), server)).toBe(server);
  });

  it('never moves a question backwards nor closes a hint on a late message', () => {
    const local = buildProgress({
      lastUpdate: '2026-05-01T10:05:00.000Z',
      questions: [
        { status: 'DONE', hints: [{ isOpen: true }, { isOpen: false }] },
        { status: 'SOLUTION', hints: [], solution: '1909' },
        { status: null, hints: [{ isOpen: false }] },
      ],
    });
    const late = buildProgress({
      lastUpdate: '2026-05-01T10:01:00.000Z',
      questions: [
        { status: 'STARTED', hints: [{ isOpen: false }, { isOpen: false }] },
        { status: null, hints: [] },
        { status: null, hints: [{ isOpen: true }] },
      ],
    });
    const merged = mergeProgress(local, late);
    expect(merged.questions.map((q) => q.status)).toEqual(['DONE', 'SOLUTION', null]);
    expect(merged.questions[0].hints).toEqual([{ isOpen: true }, { isOpen: false }]);
    expect(merged.questions[1].solution).toBe('1909');
    // What the late message adds (another device's hint) is kept.
    expect(merged.questions[2].hints).toEqual([{ isOpen: true }]);
    expect(merged.lastUpdate).toBe('2026-05-01T10:05:00.000Z');
  });

  it('takes what is further along and the end time from the server', () => {
    const local = buildProgress({ questions: [{ status: 'STARTED', hints: [] }] });
    const server = buildProgress({
      lastUpdate: '2026-05-01T10:09:00.000Z',
      endTime: '2026-05-01T10:09:00.000Z',
      questions: [{ status: 'SKIPPED', hints: [], solution: 'Bialik' }],
      score: 42,
    });
    expect(mergeProgress(local, server)).toEqual(server);
  });
});
