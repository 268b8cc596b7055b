import { describe, expect, it } from 'vitest';
import { emptyGame } from '../game/editable-game.ts';
import { gameMetadataSchema } from '../schemas/game.ts';
import { editableGameSchema } from '../schemas/studio.ts';
import { MAX_LINE_TEXT } from './limits.ts';
import { METADATA_TEXTS, gameTexts, translationCoverage, translationSchema, translationsSchema, type Translation } from './text-fields.ts';

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
