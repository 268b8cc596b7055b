import { describe, expect, it } from 'vitest';
import type { CreatorFeedback } from '@streethunt/shared';
import { feedbackAverages, flattenFeedbacks } from './feedback-stats.ts';

const feedback = (id: string, update: string, general: number, questions: number, path: number): CreatorFeedback => ({
  _id: id,
  gameId: 'g1',
  general,
  questions,
  path,
  openAnswer: '',
  language: null,
  update,
});

describe('feedback stats', () => {
  it('flattens the groups into one list, newest first', () => {
    const flat = flattenFeedbacks([
      { _id: 'g1', name: 'A', feedbacks: [feedback('old', '2025-01-01T00:00:00.000Z', 1, 1, 1), feedback('new', '2025-03-01T00:00:00.000Z', 1, 1, 1)] },
      { _id: 'g2', name: 'B', feedbacks: [feedback('mid', '2025-02-01T00:00:00.000Z', 1, 1, 1)] },
    ]);
    expect(flat.map((item) => item._id)).toEqual(['new', 'mid', 'old']);
  });

  it('averages each rating to one decimal, and has none without feedback', () => {
    const list = [feedback('a', '2025-01-01T00:00:00.000Z', 5, 4, 1), feedback('b', '2025-01-02T00:00:00.000Z', 4, 4, 2), feedback('c', '2025-01-03T00:00:00.000Z', 4, 5, 2)];
    expect(feedbackAverages(list)).toEqual({ count: 3, general: 4.3, questions: 4.3, path: 1.7 });
    expect(feedbackAverages([])).toEqual({ count: 0, general: null, questions: null, path: null });
  });
});
