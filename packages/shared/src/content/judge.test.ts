import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Answer, ReplyAnswer } from './answer-model.ts';
import { judgeAnswer, judgeOnPhone, phoneAnswerOf, solutionOf } from './judge.ts';
import { storedAnswerSchema } from './answer-model.ts';
import { replyAnswerOf } from './reply-answer.ts';
import { editableGameSchema, saveGameRequestSchema } from '../schemas/studio.ts';
import { emptyGame } from '../game/editable-game.ts';

const texts = { content: '<p>before</p>', contentAfterAnswer: '<p>after</p>' };
const text = (value: string, lenient = false): Answer => ({ kind: 'text', value, ...(lenient && { lenient }), ...texts });
const number = (value: number | '', tolerance = 0): Answer => ({ kind: 'number', value, tolerance, ...texts });
const choice: Answer = {
  kind: 'choice',
  options: [
    { id: 'red', text: 'Red', correct: false },
    { id: 'Blue', text: 'Blue', correct: true },
    { id: 'blue', text: 'Light blue', correct: false },
    { id: 'green', text: 'Green', correct: true },
  ],
  ...texts,
};
const none: Answer = { kind: 'none', ...texts };

/** The reply a phone gets for this answer: the hashes and nothing it could read the answer from. */
const onPhone = (answer: Answer): ReplyAnswer => replyAnswerOf(answer, 'salt-1', phoneAnswerOf(answer, 'salt-1'), false);

describe('judging every kind, on the server and on the phone', () => {
  it('text: the comma list with the Hebrew and English matching, the same on both sides', () => {
    const answer = text('Dizengoff, כיכר דיזנגוף');
    for (const sent of ['dizengoff', '  DIZENGOFF ', 'כִּיכַּר דִּיזֶנְגּוֹף', 'כיכר  דיזנגוף']) {
      expect(judgeAnswer(answer, sent)).toBe('right');
      expect(judgeOnPhone(onPhone(answer), sent)).toBe('right');
    }
    expect(judgeAnswer(answer, 'Dizengof')).toBe('wrong');
    expect(judgeOnPhone(onPhone(answer), 'Dizengof')).toBe('wrong');
    expect(judgeAnswer(answer, undefined)).toBe('not-this-kind');
  });

  it('text, lenient: one typo is right by the server; the phone knows only the exact answers and asks', () => {
    const answer = text('Dizengoff', true);
    expect(judgeAnswer(answer, 'Dizengof')).toBe('right');
    expect(judgeAnswer(answer, 'Dizzengof')).toBe('wrong');
    expect(judgeOnPhone(onPhone(answer), 'dizengoff')).toBe('right');
    expect(judgeOnPhone(onPhone(answer), 'Dizengof')).toBe('ask');
    expect(judgeOnPhone(onPhone(answer), '   ')).toBe('wrong');
  });

  it('number: exact, and a range hashed at the precision the creator wrote', () => {
    expect(judgeAnswer(number(1948), '1,948')).toBe('right');
    expect(judgeOnPhone(onPhone(number(1948)), '1948 שנה')).toBe('right');
    expect(judgeOnPhone(onPhone(number(1948)), '1949')).toBe('wrong');
    expect(judgeAnswer(number(1948), 'nineteen forty eight')).toBe('not-this-kind');
    expect(judgeOnPhone(onPhone(number(1948)), 'nineteen')).toBe('wrong');
    const range = onPhone(number(120, 5));
    expect(range.hashes).toHaveLength(11);
    expect(range.decimals).toBe(0);
    for (const sent of ['115', '120', '125 m', '١٢٣']) expect(judgeOnPhone(range, sent)).toBe('right');
    expect(judgeOnPhone(range, '126')).toBe('wrong');
    // Between the steps: only the server can say, and it does.
    expect(judgeOnPhone(range, '124.5')).toBe('ask');
    expect(judgeAnswer(number(120, 5), '124.5')).toBe('right');
    expect(judgeAnswer(number(120, 5), '125.5')).toBe('wrong');
    const decimals = onPhone(number(3.14, 0.01));
    expect(decimals.hashes).toHaveLength(3);
    expect(judgeOnPhone(decimals, '3,15')).toBe('right');
    expect(judgeOnPhone(decimals, '3.16')).toBe('wrong');
    // Too wide to hash: no hashes, the server judges.
    const wide = onPhone(number(1000, 100));
    expect(wide).toMatchObject({ hashes: [], askServer: true });
    expect(judgeOnPhone(wide, '950')).toBe('ask');
    expect(judgeAnswer(number(1000, 100), '950')).toBe('right');
    expect(judgeAnswer(number(''), '0')).toBe('wrong');
  });

  it('number: the phone and the server agree on every number within and around a small range', () => {
    fc.assert(
      fc.property(fc.integer({ min: -5000, max: 5000 }), fc.integer({ min: 0, max: 50 }), fc.integer({ min: -80, max: 80 }), (value, tolerance, offset) => {
        const answer = number(value, tolerance);
        const sent = String(value + offset);
        const phone = judgeOnPhone(onPhone(answer), sent);
        expect(phone).not.toBe('ask');
        expect(phone).toBe(judgeAnswer(answer, sent));
      }),
    );
  });

  it('choice: the picked option id; an id no option has is no answer of this question', () => {
    expect(judgeAnswer(choice, 'Blue')).toBe('right');
    expect(judgeAnswer(choice, 'green')).toBe('right');
    expect(judgeAnswer(choice, 'blue')).toBe('wrong');
    expect(judgeAnswer(choice, 'purple')).toBe('not-this-kind');
    const phone = onPhone(choice);
    expect(phone.hashes).toHaveLength(2);
    expect(JSON.stringify(phone)).not.toContain('correct');
    expect(judgeOnPhone(phone, 'Blue')).toBe('right');
    expect(judgeOnPhone(phone, 'blue')).toBe('wrong');
    expect(judgeOnPhone(phone, 'red')).toBe('wrong');
    // Sealed (an event's competition): no hashes, every pick is the server's to judge.
    expect(judgeOnPhone({ ...phone, hashes: [], askServer: true }, 'Blue')).toBe('ask');
  });

  it('none: arriving completes it', () => {
    expect(judgeAnswer(none, undefined)).toBe('right');
    expect(judgeOnPhone(onPhone(none), '')).toBe('right');
    expect(phoneAnswerOf(none, 's').hashes).toEqual([]);
  });

  it('the solution shown after a skip, by kind', () => {
    expect(solutionOf(text(' Dizengoff , Square'))).toBe('Dizengoff');
    expect(solutionOf(number(120, 5))).toBe('120 ± 5');
    expect(solutionOf(number(1948))).toBe('1948');
    expect(solutionOf(choice)).toBe('Blue, Green');
    expect(solutionOf(none)).toBe('');
  });
});

describe('the answer model', () => {
  it('reads a stored answer written before the kinds as a text', () => {
    expect(storedAnswerSchema.parse({ value: 'a, b', content: '', contentAfterAnswer: '' })).toEqual({ kind: 'text', value: 'a, b', content: '', contentAfterAnswer: '' });
  });

  const save = (answer: unknown) => {
    const game = emptyGame('en');
    return editableGameSchema.safeParse({ ...game, questions: [{ id: 'q1', content: '<p>q</p>', location: null, answer, hints: [] }] });
  };
  const message = (answer: unknown) => save(answer).error?.issues[0]?.message;

  it('the save takes every kind, and a text without a kind (the spec’s client)', () => {
    for (const answer of [text('a'), text('abcde', true), number(120, 5), number(''), choice, none]) expect(save(answer).success).toBe(true);
    expect(save({ value: 'a', content: '', contentAfterAnswer: '' }).success).toBe(true);
  });

  it('the save refuses a choice of one option or none correct, a repeated option id, a tolerance below 0, a key of another kind', () => {
    const options = (list: Array<{ id: string; correct: boolean }>) => ({ kind: 'choice', options: list.map((o) => ({ ...o, text: o.id })), ...texts });
    expect(message(options([{ id: 'a', correct: true }]))).toMatch(/at least 2 options/);
    expect(message(options([]))).toMatch(/at least 2 options/);
    expect(message(options([{ id: 'a', correct: false }, { id: 'b', correct: false }]))).toMatch(/at least one correct/);
    expect(message(options([{ id: 'a', correct: true }, { id: 'a', correct: false }]))).toMatch(/its own id/);
    expect(message(options(Array.from({ length: 9 }, (_, i) => ({ id: `o${i}`, correct: true }))))).toMatch(/at most 8/);
    expect(message({ kind: 'number', value: 120, tolerance: -1, ...texts })).toMatch(/below 0/);
    expect(save({ kind: 'number', value: '120', tolerance: 0, ...texts }).success).toBe(false);
    expect(save({ kind: 'choice', value: 'a', options: choice.kind === 'choice' ? choice.options : [], ...texts }).success).toBe(false);
    expect(save({ kind: 'none', value: 'a', ...texts }).success).toBe(false);
    expect(save({ kind: 'map', ...texts }).success).toBe(false);
  });

  it('the owner’s reply answer round-trips through the save: the phone’s part is taken and dropped', () => {
    const game = emptyGame('en');
    for (const answer of [text('a', true), number(120, 5), choice, none]) {
      const reply = replyAnswerOf(answer, 'salt-1', phoneAnswerOf(answer, 'salt-1'), true);
      const parsed = saveGameRequestSchema.parse({ ...game, version: 1, questions: [{ id: 'q1', content: '', location: null, answer: reply, hints: [] }] });
      expect(parsed.questions[0]?.answer).toEqual(answer);
    }
  });
});
