import { describe, expect, it } from 'vitest';
import { judgeAnswer, judgeOnPhone, phoneAnswerOf, solutionOf } from '../content/judge.ts';
import { storedAnswerSchema } from '../content/answer-model.ts';
import { afterTextOpen, computeScore, photoPoints, SCORE_PER_DONE_QUESTION } from './score.ts';
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

  it('photoPoints is what the score counts for the photo: the judge’s points once accepted, the question’s when none, else nothing', () => {
    const photos = [{ status: 'accepted', points: 40 }, { status: 'accepted', points: 0 }, { status: 'accepted' }, { status: 'accepted', points: null }, { status: 'pending' }, { status: 'rejected', points: 70 }];
    expect(photos.map(photoPoints)).toEqual([40, 0, SCORE_PER_DONE_QUESTION, SCORE_PER_DONE_QUESTION, 0, 0]);
    for (const photo of photos) {
      const { points, ...rest } = photo;
      const state = { ...rest, ...(typeof points === 'number' && { points }) };
      expect(computeScore(play([{ status: 'ANSWERED', hints: [], photo: state }]), new Date(), rules)).toBe(photoPoints(photo));
    }
  });

  it('open the text after the answer once accepted (a photo: by its judge), or once the question was given up', () => {
    expect(afterTextOpen(undefined)).toBe(false);
    expect(afterTextOpen({ status: 'STARTED' })).toBe(false);
    expect(afterTextOpen({ status: 'ANSWERED' })).toBe(true);
    expect(afterTextOpen({ status: 'DONE' })).toBe(true);
    expect(afterTextOpen({ status: 'SOLUTION' })).toBe(true);
    expect(afterTextOpen({ status: 'SKIPPED' })).toBe(true);
    expect(afterTextOpen({ status: 'ANSWERED', photo: { status: 'pending' } })).toBe(false);
    expect(afterTextOpen({ status: 'DONE', photo: { status: 'rejected' } })).toBe(false);
    expect(afterTextOpen({ status: 'ANSWERED', photo: { status: 'accepted' } })).toBe(true);
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
