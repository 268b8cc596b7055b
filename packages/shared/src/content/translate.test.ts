import { describe, expect, it } from 'vitest';
import { gameContentSchema, type GameContent } from '../schemas/game.ts';
import { judgeAnswer, judgeOnPhone, phoneAnswerOf } from './judge.ts';
import type { Translation } from './text-fields.ts';
import { acceptingEveryLanguage, gameLanguages, translatedContent, translationErrors } from './translate.ts';

/** A Hebrew game of a choice (with a rule's line) and a text answer, and its whole English translation. */
function bilingualGame(english: Translation = wholeEnglish()): GameContent {
  return gameContentSchema.parse({
    metadata: { name: 'סיור', locationCity: 'תל אביב', language: 'he' },
    introPage: { content: '<p>ברוכים הבאים</p>' },
    gameoverPage: { content: '' },
    questions: [
      {
        id: 'q1',
        content: '<p>לאן?</p>',
        hints: [{ id: 'h1', content: '<p>למעלה</p>' }],
        answer: { kind: 'choice', options: [{ id: 'a', text: 'שמאל', correct: true }, { id: 'b', text: 'ימין', correct: false }], content: '', contentAfterAnswer: '<p>יופי</p>' },
        then: [{ on: { chose: 'a' }, do: [{ say: 'רוח' }, { addPoints: 5 }] }],
      },
      { id: 'q2', content: '<p>מה?</p>', answer: { kind: 'text', value: 'חתול', content: '', contentAfterAnswer: '' } },
    ],
    translations: { en: english },
  });
}

function wholeEnglish(): Translation {
  return {
    metadata: { name: 'A walk', locationCity: 'Tel Aviv' },
    introPage: { content: '<p>Welcome</p>' },
    questions: {
      q1: { content: '<p>Where?</p>', answer: { contentAfterAnswer: '<p>Nice</p>' }, options: { a: 'Left', b: 'Right' }, hints: { h1: { content: '<p>Up</p>' } }, say: ['Wind'] },
      q2: { content: '<p>What?</p>', answers: 'cat, kitten' },
    },
  };
}

describe('a game in two languages', () => {
  it('offers the original and each complete translation only', () => {
    expect(gameLanguages(bilingualGame())).toEqual(['he', 'en']);
    const partial = wholeEnglish();
    delete partial.questions!.q2!.answers;
    expect(gameLanguages(bilingualGame(partial))).toEqual(['he']);
  });

  it('reads the game in a translation’s language with the same ids, and names the original', () => {
    const game = bilingualGame();
    const english = translatedContent(game, 'en');
    expect(english.metadata).toMatchObject({ name: 'A walk', locationCity: 'Tel Aviv', language: 'en', originalLanguage: 'he' });
    expect(english.introPage.content).toBe('<p>Welcome</p>');
    const [q1, q2] = english.questions;
    expect(q1!.id).toBe('q1');
    expect(q1!.content).toBe('<p>Where?</p>');
    expect(q1!.answer).toMatchObject({ contentAfterAnswer: '<p>Nice</p>', options: [{ id: 'a', text: 'Left', correct: true }, { id: 'b', text: 'Right', correct: false }] });
    expect(q1!.hints).toEqual([{ id: 'h1', content: '<p>Up</p>' }]);
    expect(q1!.then).toEqual([{ on: { chose: 'a' }, do: [{ say: 'Wind' }, { addPoints: 5 }] }]);
    expect(q2!.content).toBe('<p>What?</p>');
    // The original is untouched; its own language gives it as it is.
    expect(game.questions[0]!.content).toBe('<p>לאן?</p>');
    expect(translatedContent(game, 'he')).toBe(game);
  });

  it('keeps the creator’s recordings in the original only: a translation’s text is no transcript of them', () => {
    const original = bilingualGame();
    const recorded = (n: number) => `/media/uploads/u1/${String(n).repeat(16)}.mp3`;
    const game: GameContent = {
      ...original,
      metadata: { ...original.metadata, audio: recorded(1) },
      questions: original.questions.map((q) => ({ ...q, audio: recorded(2), hints: q.hints.map((h) => ({ ...h, audio: recorded(3) })) })),
    };
    const english = translatedContent(game, 'en');
    expect(english.metadata.audio).toBeUndefined();
    // q1 has translated texts, q2 only an answer list: neither keeps a recording.
    expect(english.questions.map((q) => q.audio)).toEqual([undefined, undefined]);
    expect(english.questions[0]!.hints.map((h) => h.audio)).toEqual([undefined]);
    expect(translatedContent(game, 'he').questions[0]!.audio).toBe(recorded(2));
  });

  it('takes an answer in either language, on the server and on the phone', () => {
    const game = acceptingEveryLanguage(bilingualGame());
    const answer = game.questions[1]!.answer;
    for (const typed of ['חתול', 'cat', 'Kitten']) expect(judgeAnswer(answer, typed)).toBe('right');
    expect(judgeAnswer(answer, 'dog')).toBe('wrong');
    const phone = { ...answer, ...phoneAnswerOf(answer, 'salt:1'), salt: 'salt:1' };
    expect(judgeOnPhone(phone, 'cat')).toBe('right');
    expect(judgeOnPhone(phone, 'חתול')).toBe('right');
  });

  it('refuses a key that is not the game’s, a translation into the original’s language, accepted answers the save refuses', () => {
    expect(translationErrors(bilingualGame())).toEqual([]);
    const stray = wholeEnglish();
    stray.questions!.q9 = { content: 'x' };
    stray.questions!.q1!.options!.z = 'Up';
    stray.questions!.q1!.answers = 'left';
    stray.questions!.q1!.say = ['Wind', 'Rain'];
    expect(translationErrors(bilingualGame(stray)).map((error) => error.path).sort()).toEqual([
      'translations.en.questions.q1.answers',
      'translations.en.questions.q1.options.z',
      'translations.en.questions.q1.say.1',
      'translations.en.questions.q9.content',
    ]);
    const hebrew = { ...bilingualGame(), translations: { he: { metadata: { name: 'x' } } } };
    expect(translationErrors(hebrew)).toEqual([expect.objectContaining({ path: 'translations.he' })]);
    const many = wholeEnglish();
    many.questions!.q2!.answers = Array.from({ length: 300 }, (_, i) => `a${i}`).join(',');
    expect(translationErrors(bilingualGame(many))).toEqual([expect.objectContaining({ path: 'translations.en.questions.q2.answers' })]);
  });
});
