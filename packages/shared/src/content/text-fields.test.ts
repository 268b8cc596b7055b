import { describe, expect, it } from 'vitest';
import { emptyGame } from '../game/editable-game.ts';
import { gameContentSchema, gameMetadataSchema, hintSchema, questionSchema } from '../schemas/game.ts';
import { storedAnswerKinds } from './answer-model.ts';
import { editableGameSchema } from '../schemas/studio.ts';
import { MAX_LINE_TEXT } from './limits.ts';
import { ANSWER_TEXTS, HINT_TEXTS, METADATA_TEXTS, OPTION_TEXT, PAGE_TEXTS, QUESTION_TEXTS, gameTexts, translationCoverage, translationSchema, translationsSchema, type Translation } from './text-fields.ts';

/** A small game with a text to translate of every kind: a choice, a text answer with its accepted answers, a hint, a rule's line. */
function sampleGame() {
  const game = emptyGame('he');
  return {
    ...game,
    metadata: { ...game.metadata, name: 'סיור', locationCity: 'תל אביב', locationText: '' },
    introPage: { content: '<p>ברוכים הבאים</p>' },
    gameoverPage: { content: '<p></p>', hideGameSummary: false },
    questions: [
      {
        id: 'q1',
        content: '<p>לאן?</p>',
        location: null,
        hints: [{ id: 'h1', content: '<p>למעלה</p>' }],
        answer: { kind: 'choice' as const, options: [{ id: 'a', text: 'שמאל', correct: true }, { id: 'b', text: 'ימין', correct: true }], content: '', contentAfterAnswer: '<p>יופי</p>' },
        then: [{ on: { chose: 'a' }, do: [{ say: 'רוח' }, { addPoints: 5 }] }],
      },
      { id: 'q2', content: '<p>מה?</p>', location: null, hints: [{ id: 'h2', title: 'רמז גדול', content: '' }], answer: { kind: 'text' as const, value: 'חתול, cat', content: '', contentAfterAnswer: '' } },
    ],
  };
}

describe('a game’s texts, declared once', () => {
  it('a metadata text in the table is in the stored shape, the editor’s save and a translation, with the table’s limit', () => {
    const translationMetadata = translationSchema.shape.metadata.unwrap().shape;
    for (const key of Object.keys(METADATA_TEXTS)) {
      expect(gameMetadataSchema.shape).toHaveProperty(key);
      expect(editableGameSchema.shape.metadata.shape).toHaveProperty(key);
      expect(translationMetadata).toHaveProperty(key);
    }
    // Stored content without a text reads it as ''; the save refuses one over its limit.
    expect(gameMetadataSchema.parse({}).name).toBe('');
    const game = emptyGame('he');
    expect(editableGameSchema.safeParse({ ...game, metadata: { ...game.metadata, name: 'x'.repeat(MAX_LINE_TEXT) } }).success).toBe(true);
    expect(editableGameSchema.safeParse({ ...game, metadata: { ...game.metadata, name: 'x'.repeat(MAX_LINE_TEXT + 1) } }).success).toBe(false);
  });

  it('each table’s texts are in the stored shape, the editor’s save and a translation', () => {
    const saved = editableGameSchema.shape;
    const question = saved.questions.element.shape;
    const translated = translationSchema.shape.questions.unwrap().valueType.shape;
    for (const key of Object.keys(PAGE_TEXTS)) {
      expect(gameContentSchema.shape.introPage.shape).toHaveProperty(key);
      expect(gameContentSchema.shape.gameoverPage.shape).toHaveProperty(key);
      expect(saved.introPage.shape).toHaveProperty(key);
      expect(saved.gameoverPage.shape).toHaveProperty(key);
      expect(translationSchema.shape.introPage.unwrap().shape).toHaveProperty(key);
    }
    for (const key of Object.keys(QUESTION_TEXTS)) {
      expect(questionSchema.shape).toHaveProperty(key);
      expect(question).toHaveProperty(key);
      expect(translated).toHaveProperty(key);
    }
    for (const key of Object.keys(HINT_TEXTS)) {
      expect(hintSchema.shape).toHaveProperty(key);
      expect(question.hints.element.shape).toHaveProperty(key);
      expect(translated.hints.unwrap().valueType.shape).toHaveProperty(key);
    }
    for (const kind of Object.values(storedAnswerKinds)) for (const key of Object.keys(ANSWER_TEXTS)) expect(kind.shape).toHaveProperty(key);
    for (const key of Object.keys(ANSWER_TEXTS)) expect(translated.answer.unwrap().shape).toHaveProperty(key);
    // A hint's title may be left out; an option's text has the table's limit, in the save and in a translation.
    expect(hintSchema.parse({ id: 'h1' })).toEqual({ id: 'h1', content: '' });
    const choice = storedAnswerKinds.choice.shape.options.element.shape.text;
    expect(choice.safeParse('x'.repeat(OPTION_TEXT.max)).success).toBe(true);
    expect(choice.safeParse('x'.repeat(OPTION_TEXT.max + 1)).success).toBe(false);
    expect(translationSchema.safeParse({ questions: { q1: { options: { a: 'x'.repeat(OPTION_TEXT.max + 1) } } } }).success).toBe(false);
  });

  it('lists every text the original has, by ids; an empty one needs no translation', () => {
    expect(gameTexts(sampleGame()).map((text) => text.path)).toEqual([
      'metadata.name',
      'metadata.locationCity',
      'introPage.content',
      'questions.q1.content',
      'questions.q1.answer.contentAfterAnswer',
      'questions.q1.options.a',
      'questions.q1.options.b',
      'questions.q1.hints.h1.content',
      'questions.q1.say.0',
      'questions.q2.content',
      'questions.q2.answers',
      'questions.q2.hints.h2.title',
    ]);
  });

  it('counts how far a translation is, and names what it lacks', () => {
    const english: Translation = {
      metadata: { name: 'A walk', locationCity: 'Tel Aviv' },
      introPage: { content: '<p>Welcome</p>' },
      questions: {
        q1: { content: '<p>Where?</p>', answer: { contentAfterAnswer: '<p>Nice</p>' }, options: { a: 'Left', b: 'Right' }, hints: { h1: { content: '<p>Up</p>' } }, say: ['Wind'] },
        q2: { content: '<p>What?</p>', answers: 'cat, kitten' },
      },
    };
    expect(translationCoverage(sampleGame(), english)).toEqual({ total: 12, done: 11, missing: ['questions.q2.hints.h2.title'] });
    expect(translationCoverage(sampleGame(), undefined)).toMatchObject({ total: 12, done: 0 });
    // Rich text with nothing in it is not a translation.
    expect(translationCoverage(sampleGame(), { ...english, introPage: { content: '<p> </p>' } }).missing).toContain('introPage.content');
  });

  it('refuses a language the platform does not offer, a key it does not know, markup in a plain text, a text over its limit', () => {
    expect(translationsSchema.safeParse({ en: { metadata: { name: 'A walk' } } }).success).toBe(true);
    expect(translationsSchema.safeParse({ fr: { metadata: { name: 'Une promenade' } } }).success).toBe(false);
    expect(translationSchema.safeParse({ metadata: { title: 'A walk' } }).success).toBe(false);
    expect(translationSchema.safeParse({ metadata: { name: '<b>A walk</b>' } }).success).toBe(false);
    expect(translationSchema.safeParse({ questions: { q1: { options: { a: '<img src=x>' } } } }).success).toBe(false);
    expect(translationSchema.safeParse({ metadata: { name: 'x'.repeat(MAX_LINE_TEXT + 1) } }).success).toBe(false);
    // Rich text keeps its markup (it is cleaned as the original's is); a plain text may still say "a < b".
    expect(translationSchema.safeParse({ introPage: { content: '<p>Welcome</p>' }, metadata: { locationText: 'a < b' } }).success).toBe(true);
  });
});
