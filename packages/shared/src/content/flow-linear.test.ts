import { describe, expect, it } from 'vitest';
import type { QuestionStatus } from '../game/question-status.ts';
import { flow } from './flow.ts';

// A game without rules plays as the orders always did: the flow is the only judge of what is playable.
const ids = ['a', 'b', 'c', 'd'];
const playable = (order: 'linear' | 'free', statuses: Array<QuestionStatus | null>, index: number) =>
  flow(ids.slice(0, statuses.length).map((id) => ({ id })), order, { questions: statuses.map((status) => ({ status })) }).playable.includes(ids[index]!);

describe('which question a team may play now, without rules', () => {
  it('in a linear game: only once every earlier question is answered or given up', () => {
    expect(playable('linear', [null, null, null, null], 0)).toBe(true);
    expect(playable('linear', ['DONE', null, null, null], 3)).toBe(false);
    expect(playable('linear', ['DONE', 'STARTED', null, null], 2)).toBe(false);
    expect(playable('linear', ['DONE', 'SKIPPED', 'SOLUTION', null], 3)).toBe(true);
    expect(playable('linear', ['DONE', 'ANSWERED', null], 2)).toBe(true);
  });

  it('in a linear game: a question already begun stays playable', () => {
    expect(playable('linear', [null, null, 'STARTED'], 2)).toBe(true);
  });

  it('in a free order: any question', () => {
    expect(playable('free', [null, null, null, null], 3)).toBe(true);
  });
});
