import { describe, expect, it } from 'vitest';
import { judgeAnswer, judgeOnPhone, phoneAnswerOf, solutionOf } from '../content/judge.ts';
import { storedAnswerSchema } from '../content/answer-model.ts';
import { computeScore } from './score.ts';
import { validateGame } from './editor-validation.ts';

const rules = { wrongAttemptPenalty: 0, timePenalty: false };
const play = (questions: Parameters<typeof computeScore>[0]['questions']) => ({ startTime: null, endTime: null, questions });

describe('photo answers', () => {
  it('score an accepted photo’s points (the question’s 100 when none given), nothing while pending or rejected', () => {
    const done = { status: 'DONE' as const, hints: [] };
    expect(computeScore(play([done, { ...done, photo: { status: 'pending' } }]), new Date(), rules)).toBe(100);
    expect(computeScore(play([done, { ...done, photo: { status: 'accepted', points: 40 } }]), new Date(), rules)).toBe(140);
    // Accepted while the team is still on the question (ANSWERED): the points count already.
    expect(computeScore(play([{ status: 'ANSWERED', hints: [], photo: { status: 'accepted' } }]), new Date(), rules)).toBe(100);
    expect(computeScore(play([{ ...done, photo: { status: 'rejected' } }]), new Date(), rules)).toBe(0);
  });

  it('are no typed answer, have no hashes and no solution; the judging defaults to later', () => {
    const answer = storedAnswerSchema.parse({ kind: 'photo', content: '', contentAfterAnswer: '' });
    expect(answer).toMatchObject({ kind: 'photo', judging: 'later' });
    expect(judgeAnswer(answer, 'anything')).toBe('not-this-kind');
    expect(solutionOf(answer)).toBe('');
    expect(phoneAnswerOf(answer, 'salt')).toEqual({ hashes: [] });
    expect(judgeOnPhone({ kind: 'photo', salt: 's', hashes: [], content: '', contentAfterAnswer: '' }, 'x')).toBe('wrong');
    expect(storedAnswerSchema.safeParse({ kind: 'photo', judging: 'sometimes', content: '', contentAfterAnswer: '' }).success).toBe(false);
  });
});

describe('a photo question in the editor’s validation', () => {
  it('needs nothing filled in beyond the question itself', () => {
    const question = { content: '<p>Take a photo of the whole team at the fountain</p>', answer: { kind: 'photo', judging: 'later' }, hints: [] };
    const errors = validateGame({ metadata: {}, questions: [question] } as unknown as Parameters<typeof validateGame>[0]);
    expect(errors.filter((error) => error.path.startsWith('questions.0.answer'))).toEqual([]);
  });
});
