import { describe, expect, it } from 'vitest';
import type { FlowQuestion } from '../content/flow.ts';
import type { QuestionStatus } from './question-status.ts';
import { freeQuestionsError, isTrialExpired, maxFreeQuestions, offersTrial, TRIAL_MS, trialMayChange, trialOpenQuestions } from './trial.ts';

const play = (statuses: Array<QuestionStatus | null>, chose: Array<string | null> = []) => ({
  startTime: new Date('2026-11-29T08:00:00Z'),
  endTime: null,
  questions: statuses.map((status, i) => ({ status, hints: [], chose: chose[i] ?? null })),
});
const line: FlowQuestion[] = ['a', 'b', 'c', 'd', 'e', 'f'].map((id) => ({ id }));
const open = (questions: FlowQuestion[], order: 'linear' | 'free', statuses: Array<QuestionStatus | null>, free: number, chose?: Array<string | null>) =>
  [...trialOpenQuestions(questions, order, play(statuses, chose), free)].sort();

describe('how many questions a game may offer free', () => {
  it('at most half, rounded down', () => {
    expect(maxFreeQuestions(6)).toBe(3);
    expect(maxFreeQuestions(5)).toBe(2);
    expect(maxFreeQuestions(1)).toBe(0);
    expect(maxFreeQuestions(0)).toBe(0);
  });

  it('names what does not fit: more than half, negative, not whole', () => {
    expect(freeQuestionsError(3, 6)).toBeNull();
    expect(freeQuestionsError(undefined, 6)).toBeNull();
    expect(freeQuestionsError(0, 0)).toBeNull();
    expect(freeQuestionsError(4, 6)).toMatch(/freeQuestions.*at most half.*3 of 6/);
    expect(freeQuestionsError(1, 1)).toMatch(/freeQuestions/);
    expect(freeQuestionsError(-1, 6)).toMatch(/freeQuestions/);
    expect(freeQuestionsError(1.5, 6)).toMatch(/freeQuestions/);
  });

  it('a game offers a trial only with some free questions', () => {
    expect(offersTrial(undefined)).toBe(false);
    expect(offersTrial(0)).toBe(false);
    expect(offersTrial(2)).toBe(true);
  });

  it('a trial stops 24 hours after it was issued', () => {
    const issued = new Date('2026-11-29T08:00:00Z');
    expect(isTrialExpired(issued, new Date(issued.getTime() + TRIAL_MS - 1))).toBe(false);
    expect(isTrialExpired(issued, new Date(issued.getTime() + TRIAL_MS))).toBe(true);
  });
});

describe('which questions a trial may touch', () => {
  it('in a line: the next one the flow opens, until the allowance is used', () => {
    expect(open(line, 'linear', [null, null, null, null, null, null], 2)).toEqual(['a']);
    expect(open(line, 'linear', ['STARTED', null, null, null, null, null], 2)).toEqual(['a']);
    expect(open(line, 'linear', ['DONE', null, null, null, null, null], 2)).toEqual(['a', 'b']);
    // Two begun: the third is paid, whatever the flow offers.
    expect(open(line, 'linear', ['DONE', 'DONE', null, null, null, null], 2)).toEqual(['a', 'b']);
    expect(trialMayChange(line, 'linear', play(['DONE', 'DONE', null, null, null, null]), 2, 2)).toBe(false);
    expect(trialMayChange(line, 'linear', play(['DONE', 'DONE', null, null, null, null]), 2, 1)).toBe(true);
  });

  it('in any order: the first ones in the game’s order, then only those begun', () => {
    expect(open(line, 'free', [null, null, null, null, null, null], 2)).toEqual(['a', 'b']);
    expect(open(line, 'free', [null, null, null, null, 'STARTED', null], 2)).toEqual(['a', 'e']);
    expect(open(line, 'free', ['DONE', null, null, 'SKIPPED', null, null], 2)).toEqual(['a', 'd']);
  });

  it('with branches: the first questions the play actually reaches', () => {
    // a: left or right? b only after left, c only after right, d after either.
    const branching: FlowQuestion[] = [
      { id: 'a', answer: { kind: 'choice', options: [{ id: 'left' }, { id: 'right' }] } },
      { id: 'b', when: { chose: { question: 'a', option: 'left' } } },
      { id: 'c', when: { chose: { question: 'a', option: 'right' } } },
      { id: 'd' },
    ];
    expect(open(branching, 'linear', ['DONE', null, null, null], 2, ['right'])).toEqual(['a', 'c']);
    expect(trialMayChange(branching, 'linear', play(['DONE', null, null, null], ['right']), 2, 1)).toBe(false);
    expect(open(branching, 'linear', ['DONE', null, 'DONE', null], 2, ['right'])).toEqual(['a', 'c']);
  });

  it('no free questions: nothing', () => {
    expect(open(line, 'linear', [null, null, null, null, null, null], 0)).toEqual([]);
    expect(trialMayChange(line, 'linear', play([null, null]), 1, 7)).toBe(false);
  });
});
