import { describe, expect, it } from 'vitest';
import { MAX_HINTS, MAX_QUESTIONS, emptyHint, emptyQuestion } from '@streethunt/shared';
import {
  addHint,
  addQuestion,
  deleteHint,
  deleteQuestion,
  editorReducer,
  moveHint,
  moveQuestion,
  setAnswer,
  setGameover,
  setHint,
  setIntro,
  setMetadata,
  setQuestion,
} from './editor-store.ts';
import { editableGame } from './test-game.ts';

const contents = (game: ReturnType<typeof editableGame>) => game.questions.map((q) => q.content);
const hintContents = (game: ReturnType<typeof editableGame>, q: number) => game.questions[q]!.hints.map((h) => h.content);

describe('editor store: setting fields', () => {
  it('sets metadata, intro, game over, a question, its answer and a hint without touching the rest', () => {
    const game = editableGame(2, 2);
    const named = setMetadata(game, { name: 'New name', map: true });
    expect(named.metadata).toMatchObject({ name: 'New name', map: true, locationCity: '' });
    expect(named.questions).toBe(game.questions);
    expect(game.metadata.name).toBe('A game');

    expect(setIntro(game, '<p>Hi</p>').introPage.content).toBe('<p>Hi</p>');
    expect(setGameover(game, { hideGameSummary: true }).gameoverPage).toEqual({ content: '', hideGameSummary: true });

    const located = setQuestion(game, 1, { location: { lat: 32, lng: 34 } });
    expect(located.questions[1]!.location).toEqual({ lat: 32, lng: 34 });
    expect(located.questions[0]).toBe(game.questions[0]);

    const answered = setAnswer(game, 0, { kind: 'text', value: 'a, b', content: '', contentAfterAnswer: '' });
    expect(answered.questions[0]!.answer).toEqual({ kind: 'text', value: 'a, b', content: '', contentAfterAnswer: '' });

    const titled = setHint(game, 1, 0, { title: 'Look up' });
    expect(titled.questions[1]!.hints[0]).toEqual({ id: 'q2h1', content: '<p>hint 2.1</p>', title: 'Look up' });
    // An emptied title is dropped: the hint is 'Hint n' again.
    expect(setHint(titled, 1, 0, { title: '' }).questions[1]!.hints[0]).toEqual({ id: 'q2h1', content: '<p>hint 2.1</p>' });
  });

  it('returns the same game for a question or hint that does not exist', () => {
    const game = editableGame(1, 1);
    expect(setQuestion(game, 5, { content: 'x' })).toBe(game);
    expect(setAnswer(game, -1, { kind: 'none', content: '', contentAfterAnswer: '' })).toBe(game);
    expect(setHint(game, 0, 3, { content: 'x' })).toBe(game);
  });
});

describe('editor store: questions', () => {
  it('adds an empty question at the end, up to the limit', () => {
    const game = editableGame(1);
    const added = addQuestion(game);
    expect(added.questions).toHaveLength(2);
    // Empty, with an id of its own.
    expect(added.questions[1]).toEqual({ ...emptyQuestion(), id: expect.stringMatching(/^[A-Za-z0-9]{12}$/) });
    expect(added.questions[1]!.id).not.toBe(game.questions[0]!.id);
    const full = { ...game, questions: Array.from({ length: MAX_QUESTIONS }, emptyQuestion) };
    expect(addQuestion(full)).toBe(full);
  });

  it('deletes a question', () => {
    const game = editableGame(3);
    expect(contents(deleteQuestion(game, 1))).toEqual(['<p>question 1</p>', '<p>question 3</p>']);
    expect(deleteQuestion(game, 3)).toBe(game);
  });

  it('moves a question up and down, and not past the ends', () => {
    const game = editableGame(3);
    expect(contents(moveQuestion(game, 1, -1))).toEqual(['<p>question 2</p>', '<p>question 1</p>', '<p>question 3</p>']);
    expect(contents(moveQuestion(game, 1, 1))).toEqual(['<p>question 1</p>', '<p>question 3</p>', '<p>question 2</p>']);
    expect(moveQuestion(game, 0, -1)).toBe(game);
    expect(moveQuestion(game, 2, 1)).toBe(game);
  });
});

describe('editor store: hints', () => {
  it('adds an empty hint to one question, up to the limit', () => {
    const game = editableGame(2, 1);
    const added = addHint(game, 1);
    expect(added.questions[1]!.hints).toEqual([{ id: 'q2h1', content: '<p>hint 2.1</p>' }, { ...emptyHint(), id: expect.stringMatching(/^[A-Za-z0-9]{12}$/) }]);
    expect(added.questions[0]).toBe(game.questions[0]);
    const full = { ...game, questions: [{ ...game.questions[0]!, hints: Array.from({ length: MAX_HINTS }, emptyHint) }] };
    expect(addHint(full, 0)).toBe(full);
    expect(addHint(game, 9)).toBe(game);
  });

  it('deletes a hint', () => {
    const game = editableGame(1, 3);
    expect(hintContents(deleteHint(game, 0, 0), 0)).toEqual(['<p>hint 1.2</p>', '<p>hint 1.3</p>']);
    expect(deleteHint(game, 0, 3)).toBe(game);
  });

  it('moves a hint up and down within its question, and not past the ends', () => {
    const game = editableGame(1, 3);
    expect(hintContents(moveHint(game, 0, 2, -1), 0)).toEqual(['<p>hint 1.1</p>', '<p>hint 1.3</p>', '<p>hint 1.2</p>']);
    expect(hintContents(moveHint(game, 0, 0, 1), 0)).toEqual(['<p>hint 1.2</p>', '<p>hint 1.1</p>', '<p>hint 1.3</p>']);
    expect(moveHint(game, 0, 0, -1)).toBe(game);
    expect(moveHint(game, 0, 2, 1)).toBe(game);
  });
});

describe('editor reducer', () => {
  it('applies each action with its pure function', () => {
    const game = editableGame(2, 2);
    expect(editorReducer(game, { type: 'metadata', patch: { price: 45 } }).metadata.price).toBe(45);
    expect(editorReducer(game, { type: 'intro', content: 'x' }).introPage.content).toBe('x');
    expect(editorReducer(game, { type: 'gameover', patch: { content: 'bye' } }).gameoverPage.content).toBe('bye');
    expect(editorReducer(game, { type: 'question', question: 0, patch: { content: 'q' } }).questions[0]!.content).toBe('q');
    const after = { ...game.questions[1]!.answer, contentAfterAnswer: 'yes' };
    expect(editorReducer(game, { type: 'answer', question: 1, answer: after }).questions[1]!.answer.contentAfterAnswer).toBe('yes');
    expect(editorReducer(game, { type: 'hint', question: 0, hint: 1, patch: { content: 'h' } }).questions[0]!.hints[1]!.content).toBe('h');
    expect(editorReducer(game, { type: 'addQuestion' }).questions).toHaveLength(3);
    expect(editorReducer(game, { type: 'deleteQuestion', question: 0 }).questions).toHaveLength(1);
    expect(contents(editorReducer(game, { type: 'moveQuestion', question: 0, by: 1 }))).toEqual(['<p>question 2</p>', '<p>question 1</p>']);
    expect(editorReducer(game, { type: 'addHint', question: 0 }).questions[0]!.hints).toHaveLength(3);
    expect(editorReducer(game, { type: 'deleteHint', question: 0, hint: 0 }).questions[0]!.hints).toHaveLength(1);
    expect(hintContents(editorReducer(game, { type: 'moveHint', question: 1, hint: 1, by: -1 }), 1)).toEqual(['<p>hint 2.2</p>', '<p>hint 2.1</p>']);
    const other = editableGame(0);
    expect(editorReducer(game, { type: 'replace', game: other })).toBe(other);
  });
});
