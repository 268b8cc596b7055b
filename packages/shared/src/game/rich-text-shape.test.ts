import { describe, expect, it } from 'vitest';
import { editableGameSchema } from '../schemas/studio.ts';
import { emptyGame } from './editable-game.ts';
import { MAX_ACCEPTED_ANSWERS, MAX_ANSWER_LENGTH, MAX_RICH_TEXT_DEPTH, MAX_RICH_TEXT_ELEMENTS } from '../content/limits.ts';
import { richTextShapeError } from './rich-text-shape.ts';

describe('richTextShapeError', () => {
  it('passes what the editor makes', () => {
    const page = '<p dir="rtl" style="text-align: right">שלום <strong>עולם</strong><br><a href="https://a.example">קישור</a></p>';
    expect(richTextShapeError(page.repeat(200))).toBeNull();
    expect(richTextShapeError('<ul><li><p>a</p><ul><li><p><em><strong>b</strong></em></p></li></ul></li></ul>')).toBeNull();
    expect(richTextShapeError('')).toBeNull();
    expect(richTextShapeError('a < b and 3<4')).toBeNull();
  });

  it('refuses nesting past the limit, closed or not', () => {
    expect(richTextShapeError('<b>'.repeat(33_000))).toBe('too_deep');
    expect(richTextShapeError('<i>'.repeat(MAX_RICH_TEXT_DEPTH + 1) + 'x' + '</i>'.repeat(MAX_RICH_TEXT_DEPTH + 1))).toBe('too_deep');
    expect(richTextShapeError('<i>'.repeat(MAX_RICH_TEXT_DEPTH) + 'x' + '</i>'.repeat(MAX_RICH_TEXT_DEPTH))).toBeNull();
    // Upper case and attributes are elements too.
    expect(richTextShapeError('<DIV class=x>'.repeat(MAX_RICH_TEXT_DEPTH + 1))).toBe('too_deep');
  });

  it('counts void elements as elements but not as nesting', () => {
    expect(richTextShapeError('<br>'.repeat(MAX_RICH_TEXT_ELEMENTS))).toBeNull();
    expect(richTextShapeError('<br>'.repeat(MAX_RICH_TEXT_ELEMENTS + 1))).toBe('too_many_elements');
    expect(richTextShapeError('<b>x</b>'.repeat(MAX_RICH_TEXT_ELEMENTS + 1))).toBe('too_many_elements');
  });

  it('skips comments, whose tags a parser never builds', () => {
    expect(richTextShapeError(`<!-- ${'<b>'.repeat(1000)} --><p>a</p>`)).toBeNull();
  });
});

describe('the editor save schema', () => {
  const game = (change: (draft: ReturnType<typeof emptyGame>) => void) => {
    const draft = emptyGame('en');
    draft.questions.push({ id: 'q1', content: '<p>q</p>', answer: { kind: 'text', value: 'a', content: '', contentAfterAnswer: '' }, hints: [] });
    change(draft);
    return editableGameSchema.safeParse(draft);
  };

  it('refuses rich text too deep or too busy in any field, naming where', () => {
    const deep = game((draft) => {
      draft.questions[0].hints.push({ id: 'h1', content: '<b>'.repeat(5_000) });
    });
    expect(deep.success).toBe(false);
    expect(deep.error?.issues[0]).toMatchObject({ path: ['questions', 0, 'hints', 0, 'content'], message: expect.stringContaining('nested') });
    expect(game((draft) => (draft.introPage.content = '<i>x</i>'.repeat(MAX_RICH_TEXT_ELEMENTS + 1))).success).toBe(false);
    expect(game(() => undefined).success).toBe(true);
  });

  it('caps the accepted answers and their length', () => {
    const many = Array.from({ length: MAX_ACCEPTED_ANSWERS + 1 }, (_, i) => `a${i}`).join(',');
    expect(game((draft) => (draft.questions[0].answer = { ...draft.questions[0].answer, kind: 'text', value: many })).error?.issues[0].message).toMatch(/at most 30 accepted answers/);
    const enough = Array.from({ length: MAX_ACCEPTED_ANSWERS }, (_, i) => `a${i}`).join(', ');
    expect(game((draft) => (draft.questions[0].answer = { ...draft.questions[0].answer, kind: 'text', value: enough })).success).toBe(true);
    expect(game((draft) => (draft.questions[0].answer = { ...draft.questions[0].answer, kind: 'text', value: 'x'.repeat(MAX_ANSWER_LENGTH + 1) })).success).toBe(false);
    expect(game((draft) => (draft.questions[0].answer = { ...draft.questions[0].answer, kind: 'text', value: 'x'.repeat(MAX_ANSWER_LENGTH) })).success).toBe(true);
  });
});
