import { describe, expect, it } from 'vitest';
import { isQuestionPlayable, type QuestionStatus } from './question-status.ts';

const play = (...statuses: Array<QuestionStatus | null>) => statuses.map((status) => ({ status }));

describe('which question a team may play now', () => {
  it('in a linear game: only once every earlier question is answered or given up', () => {
    expect(isQuestionPlayable('linear', play(null, null, null, null), 0)).toBe(true);
    expect(isQuestionPlayable('linear', play('DONE', null, null, null), 3)).toBe(false);
    expect(isQuestionPlayable('linear', play('DONE', 'STARTED', null, null), 2)).toBe(false);
    expect(isQuestionPlayable('linear', play('DONE', 'SKIPPED', 'SOLUTION', null), 3)).toBe(true);
    expect(isQuestionPlayable('linear', play('DONE', 'ANSWERED', null), 2)).toBe(true);
  });

  it('in a linear game: a question already begun stays playable', () => {
    expect(isQuestionPlayable('linear', play(null, null, 'STARTED'), 2)).toBe(true);
  });

  it('in a free order: any question', () => {
    expect(isQuestionPlayable('free', play(null, null, null, null), 3)).toBe(true);
  });
});
