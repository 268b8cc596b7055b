import { describe, expect, it } from 'vitest';
import { suggestedQuestion } from './free-order.ts';

const square = (lat: number, lng: number) => [
  { lat, lng },
  { lat: lat + 0.001, lng },
  { lat: lat + 0.001, lng: lng + 0.001 },
];

describe('the question suggested in a game played in any order', () => {
  const questions = [{ location: { lat: 32.08, lng: 34.77 } }, { location: square(32.06, 34.77) }, { location: null }, { location: { lat: 32.1, lng: 34.8 } }];

  it('is the open one nearest to the player, by the distance to its area', () => {
    const open = questions.map(() => ({ status: null }));
    expect(suggestedQuestion(questions, open, { lat: 32.0605, lng: 34.7705 })).toBe(1);
    expect(suggestedQuestion(questions, open, { lat: 32.099, lng: 34.799 })).toBe(3);
    // The nearest is done: the next nearest open one.
    const firstDone = [{ status: null }, { status: 'DONE' as const }, { status: null }, { status: null }];
    expect(suggestedQuestion(questions, firstDone, { lat: 32.0605, lng: 34.7705 })).toBe(0);
  });

  it('is the first open one without a position, and none when every question is closed', () => {
    expect(suggestedQuestion(questions, [{ status: 'SKIPPED' }, { status: null }, { status: null }, { status: null }], null)).toBe(1);
    expect(suggestedQuestion(questions, questions.map(() => ({ status: 'DONE' as const })), { lat: 32, lng: 34 })).toBe(-1);
  });
});
