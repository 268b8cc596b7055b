import { describe, expect, it } from 'vitest';
import { translatedText, withoutStaleTranslations, type EditableGame } from '@streethunt/shared';
import { editorReducer, setTranslation } from './editor-store.ts';
import { editableGame } from './test-game.ts';
import { nodeKeyOfPath, originalText, translationLanguageOf } from './translation-texts.ts';

/** Two questions, the first with a hint, a choice and a rule that says a line; in Hebrew. */
function hebrewGame(): EditableGame {
  const game = editableGame(2, 1);
  const [first, second] = game.questions;
  return {
    ...game,
    metadata: { ...game.metadata, language: 'he', name: 'ציד' },
    questions: [
      {
        ...first!,
        answer: { kind: 'choice', options: [{ id: 'left', text: 'שמאלה', correct: true }, { id: 'right', text: 'ימינה', correct: false }], content: '', contentAfterAnswer: '<p>כל הכבוד</p>' },
        then: [{ on: { chose: 'left' }, do: [{ say: 'רוח ים' }] }],
      },
      second!,
    ],
  };
}

const translate = (game: EditableGame, path: string, text: string) => setTranslation(game, 'en', path, text);

describe('translation texts', () => {
  it('reads the original at each path, and names the node that shows it', () => {
    const game = hebrewGame();
    expect(translationLanguageOf(game)).toBe('en');
    expect(originalText(game, 'metadata.name')).toBe('ציד');
    expect(originalText(game, 'questions.q1.options.right')).toBe('ימינה');
    expect(originalText(game, 'questions.q1.say.0')).toBe('רוח ים');
    expect(originalText(game, 'questions.q2.answers')).toBe('answer 2');
    expect(originalText(game, 'questions.q1.hints.q1h1.content')).toBe('<p>hint 1.1</p>');
    expect(originalText(game, 'questions.q9.content')).toBe('');
    expect(nodeKeyOfPath(game, 'metadata.locationText')).toBe('metadata');
    expect(nodeKeyOfPath(game, 'questions.q1.say.0')).toBe('q0');
    expect(nodeKeyOfPath(game, 'questions.q1.options.left')).toBe('q0/answer');
    expect(nodeKeyOfPath(game, 'questions.q2.answer.contentAfterAnswer')).toBe('q1/answerAfter');
    expect(nodeKeyOfPath(game, 'questions.q1.hints.q1h1.title')).toBe('q0/hint0');
    expect(nodeKeyOfPath(game, 'gameoverPage.content')).toBe('gameover');
  });

  it('sets a text at a path, keeps the say lines in their places, and an emptied translation goes altogether', () => {
    const game = hebrewGame();
    let next = editorReducer(game, { type: 'translation', language: 'en', path: 'questions.q1.options.left', text: 'Left' });
    next = translate(next, 'questions.q1.say.1', 'Second line');
    next = translate(next, 'metadata.name', 'The hunt');
    expect(next.translations).toEqual({ en: { metadata: { name: 'The hunt' }, questions: { q1: { options: { left: 'Left' }, say: ['', 'Second line'] } } } });
    expect(translatedText(next.translations?.en, 'questions.q1.say.1')).toBe('Second line');
    expect(game.translations).toBeUndefined();

    next = translate(next, 'questions.q1.say.1', '');
    next = translate(next, 'questions.q1.options.left', '');
    next = translate(next, 'metadata.name', '');
    expect(next).toEqual(game);
    // The original's own language is not a translation.
    expect(editorReducer(game, { type: 'translation', language: 'he', path: 'metadata.name', text: 'x' })).toBe(game);
  });

  it('what the save sends holds only the texts the game still has', () => {
    let game = translate(hebrewGame(), 'questions.q2.content', '<p>Question two</p>');
    game = translate(game, 'questions.q1.hints.q1h1.title', 'A hint');
    game = translate(game, 'questions.q1.answers', 'not a text answer');
    expect(withoutStaleTranslations(game).translations).toEqual({ en: { questions: { q2: { content: '<p>Question two</p>' }, q1: { hints: { q1h1: { title: 'A hint' } } } } } });
    const deleted = editorReducer(editorReducer(game, { type: 'deleteQuestion', question: 1 }), { type: 'deleteHint', question: 0, hint: 0 });
    expect(withoutStaleTranslations(deleted).translations).toBeUndefined();
    expect('translations' in withoutStaleTranslations(deleted)).toBe(false);
  });
});
