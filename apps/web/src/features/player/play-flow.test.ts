import { describe, expect, it } from 'vitest';
import type { FlowQuestion, Progress } from '@streethunt/shared';
import { areaMarks, flowEngine, flowOfPlay, type FlowRules } from './play-flow.ts';
import { applyChange, changes } from './progress-rules.ts';
import { buildProgress } from './test-fixtures.ts';

const at = new Date('2026-05-01T10:20:00.000Z');

/** A fork: left sets a flag and says a line, right gives 50 points; each side opens its own question; `gate` ends the game. */
const FORK: FlowQuestion[] = [
  {
    id: 'fork',
    answer: { kind: 'choice', options: [{ id: 'left' }, { id: 'right' }] },
    then: [
      { on: { chose: 'left' }, do: [{ setFlag: 'alley' }, { say: 'Into the alley' }] },
      { on: { chose: 'right' }, do: [{ addPoints: 50 }] },
    ],
  },
  { id: 'alley', when: { flag: 'alley' } },
  { id: 'square', when: { chose: { question: 'fork', option: 'right' } } },
  { id: 'gate', then: [{ on: 'right', do: [{ end: true }] }] },
  { id: 'epilogue' },
];
const rules: FlowRules = { questions: FORK, order: 'linear' };
const engine = flowEngine(rules);
const fresh = (): Progress => buildProgress({ questions: FORK.map(() => ({ status: null, hints: [] })) });
const move = (progress: Progress, questionIndex: number, questionStatus: 'STARTED' | 'ANSWERED' | 'DONE', answer?: string) =>
  applyChange(progress, { action: 'set-question-status', questionIndex, questionStatus, ...(answer !== undefined && { answer }) }, at, engine);

describe('the flow on the phone (offline too)', () => {
  it('keeps the option taken, counts what its rules give, and follows the branch', () => {
    const right = move(fresh(), 0, 'ANSWERED', 'right');
    expect(right.questions[0]).toMatchObject({ status: 'ANSWERED', chose: 'right', points: 50 });
    const done = move(right, 0, 'DONE');
    // 100 for the question, 50 from its rule, less 20 minutes since the start.
    expect(done.score).toBe(100 + 50 - 20);
    expect(flowOfPlay(rules, done, at)).toEqual({ playable: ['fork', 'square'], next: 'square', over: false });
    expect(areaMarks(rules, done, flowOfPlay(rules, done, at))).toEqual(['done', null, 'area', null, null]);

    const left = move(move(fresh(), 0, 'ANSWERED', 'left'), 0, 'DONE');
    expect(left.questions[0]).toMatchObject({ chose: 'left' });
    expect(left.questions[0]!.points).toBeUndefined();
    expect(flowOfPlay(rules, left, at).next).toBe('alley');
  });

  it('ends when an end rule ran, with questions never played; not before', () => {
    let play = move(move(fresh(), 0, 'ANSWERED', 'left'), 0, 'DONE');
    play = move(move(play, 1, 'ANSWERED', 'cat'), 1, 'DONE');
    expect(changes(play, { action: 'set-end-time' }, engine)).toBe(false);
    play = move(move(play, 3, 'ANSWERED', 'gate'), 3, 'DONE');
    expect(flowOfPlay(rules, play, at)).toEqual({ playable: ['fork', 'alley', 'gate'], next: null, over: true });
    expect(changes(play, { action: 'set-end-time' }, engine)).toBe(true);
    expect(applyChange(play, { action: 'set-end-time' }, at, engine).endTime).toBe(at.toISOString());
  });
});
