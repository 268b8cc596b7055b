import { describe, expect, it } from 'vitest';
import { agorotOf } from '../money/format.ts';
import { editorPrice } from './editable-game.ts';
import { formatPrice, isFreePrice, readPrice, type PriceReading } from './price.ts';
import { currentQuestionIndex, questionTransition, type QuestionStatus } from './question-status.ts';
import { computeScore, elapsedMinutes, playSummary, questionResult } from './score.ts';

describe('question state machine', () => {
  it.each<[QuestionStatus | null, QuestionStatus, string]>([
    [null, 'STARTED', 'advance'],
    [null, 'ANSWERED', 'advance'],
    [null, 'SOLUTION', 'advance'],
    [null, 'DONE', 'invalid'],
    [null, 'SKIPPED', 'invalid'],
    ['STARTED', 'STARTED', 'keep'],
    ['STARTED', 'ANSWERED', 'advance'],
    ['STARTED', 'SOLUTION', 'advance'],
    ['STARTED', 'DONE', 'invalid'],
    ['ANSWERED', 'DONE', 'advance'],
    ['ANSWERED', 'STARTED', 'keep'],
    ['ANSWERED', 'ANSWERED', 'keep'],
    ['ANSWERED', 'SOLUTION', 'keep'],
    ['ANSWERED', 'SKIPPED', 'invalid'],
    ['SOLUTION', 'SKIPPED', 'advance'],
    ['SOLUTION', 'ANSWERED', 'keep'],
    ['SOLUTION', 'DONE', 'invalid'],
    ['DONE', 'STARTED', 'keep'],
    ['DONE', 'SKIPPED', 'keep'],
    ['SKIPPED', 'DONE', 'keep'],
  ])('%s -> %s: %s', (from, to, expected) => {
    expect(questionTransition(from, to)).toBe(expected);
  });

  it('the current question is the first not DONE or SKIPPED', () => {
    expect(currentQuestionIndex([{ status: 'DONE' }, { status: 'SKIPPED' }, { status: 'STARTED' }, {}])).toBe(2);
    expect(currentQuestionIndex([{ status: 'DONE' }, { status: null }])).toBe(1);
    expect(currentQuestionIndex([{ status: 'DONE' }, { status: 'SKIPPED' }])).toBe(-1);
  });
});

describe('score', () => {
  const start = '2026-05-01T10:00:00.000Z';
  const play = {
    startTime: start,
    endTime: '2026-05-01T10:37:59.000Z',
    questions: [
      { status: 'DONE' as const, hints: [{ isOpen: true }, { isOpen: false }] },
      { status: 'SKIPPED' as const, hints: [] },
      { status: 'DONE' as const, hints: [{ isOpen: true }] },
      { status: 'DONE' as const, hints: [] },
    ],
  };

  it('is 100 per DONE question, minus 10 per hint, minus whole elapsed minutes', () => {
    expect(elapsedMinutes(play)).toBe(37);
    expect(playSummary(play)).toEqual({ answered: 3, skipped: 1, hints: 2, wrongAttempts: 0 });
    expect(computeScore(play)).toBe(300 - 20 - 37);
  });

  it('never goes below zero and counts to now while playing', () => {
    expect(computeScore({ ...play, endTime: '2026-05-02T10:00:00.000Z' })).toBe(0);
    expect(computeScore({ ...play, endTime: null }, new Date('2026-05-01T10:10:30.000Z'))).toBe(300 - 20 - 10);
    expect(computeScore({ startTime: null, endTime: null, questions: [] })).toBe(0);
  });

  it('with a game’s own rules: points off per wrong attempt, and time counts only when it is on', () => {
    const tried = { ...play, questions: [{ ...play.questions[0]!, wrongAttempts: 2 }, play.questions[1]!, { ...play.questions[2]!, wrongAttempts: 1 }, play.questions[3]!] };
    expect(playSummary(tried).wrongAttempts).toBe(3);
    // The spec's rules ignore wrong attempts.
    expect(computeScore(tried)).toBe(300 - 20 - 37);
    expect(computeScore(tried, new Date(), { wrongAttemptPenalty: 5, timePenalty: true })).toBe(300 - 20 - 15 - 37);
    expect(computeScore(tried, new Date(), { wrongAttemptPenalty: 5, timePenalty: false })).toBe(300 - 20 - 15);
    expect(computeScore(tried, new Date(), { wrongAttemptPenalty: 100, timePenalty: false })).toBe(0);
  });
});

describe('price display', () => {
  it.each([
    ['50', 'ILS', { kind: 'amount', text: '₪50' }],
    [45, 'ILS', { kind: 'amount', text: '₪45' }],
    ['20', 'USD', { kind: 'amount', text: '20$' }],
    ['', 'ILS', { kind: 'free' }],
    ['0', 'ILS', { kind: 'free' }],
    [null, 'ILS', { kind: 'free' }],
  ])('%j %s', (price, currency, expected) => {
    expect(formatPrice(price, currency)).toEqual(expected);
  });

  it.each([
    ['', true],
    [' 0 ', true],
    [0, true],
    ['0.00', true],
    [undefined, true],
    ['45', false],
    [30, false],
  ])('free: %j is %s', (price, free) => {
    expect(isFreePrice(price)).toBe(free);
  });

  it.each<[unknown, PriceReading]>([
    ['', { kind: 'free' }],
    [0, { kind: 'free' }],
    ['0.00', { kind: 'free' }],
    [null, { kind: 'free' }],
    ['45', { kind: 'amount', agorot: 4500 }],
    [' 45.5 ', { kind: 'amount', agorot: 4550 }],
    [118, { kind: 'amount', agorot: 11800 }],
    [188.8, { kind: 'amount', agorot: 18880 }],
    ['-5', { kind: 'invalid' }],
    ['abc', { kind: 'invalid' }],
    ['0.001', { kind: 'invalid' }],
    ['1e300', { kind: 'invalid' }],
    [true, { kind: 'invalid' }],
    [{ amount: 45 }, { kind: 'invalid' }],
  ])('one reader of a price: %j reads as %j, and every other reading follows it', (price, reading) => {
    expect(readPrice(price)).toEqual(reading);
    if (typeof price === 'string' || typeof price === 'number') {
      expect(isFreePrice(price)).toBe(reading.kind === 'free');
      if (reading.kind === 'invalid') expect(() => agorotOf(price)).toThrow(RangeError);
      else expect(agorotOf(price)).toBe(reading.kind === 'free' ? 0 : reading.agorot);
      expect(editorPrice(price)).toBe(reading.kind === 'amount' ? reading.agorot / 100 : reading.kind === 'free' && String(price).trim() !== '' ? 0 : '');
    }
  });
});

describe('what became of a question: one reading for the phone, the control room and the results file', () => {
  it('a photo is answered only once accepted; a pending or rejected one is not, and scores nothing', () => {
    const photo = (status: 'pending' | 'accepted' | 'rejected', points?: number) => ({ status: 'DONE' as const, hints: [], photo: { status, ...(points !== undefined && { points }) } });
    expect(questionResult(photo('accepted', 80))).toBe('answered');
    expect(questionResult(photo('pending'))).toBe('photoPending');
    expect(questionResult(photo('rejected'))).toBe('photoRejected');
    // As the score counts it: a right answer scores once the team moves on (DONE).
    expect(questionResult({ status: 'ANSWERED', hints: [] })).toBe('begun');
    expect(questionResult({ status: 'SOLUTION', hints: [] })).toBe('skipped');
    expect(questionResult({ status: 'STARTED', hints: [] })).toBe('begun');
    expect(questionResult({ status: null, hints: [] })).toBe('none');
    const play = { startTime: null, endTime: null, questions: [{ status: 'DONE' as const, hints: [] }, photo('accepted', 80), photo('rejected'), photo('pending')] };
    expect(playSummary(play)).toMatchObject({ answered: 2, skipped: 0 });
    expect(computeScore(play)).toBe(100 + 80);
  });
});
