import { describe, expect, it } from 'vitest';
import { FLOW_VALIDATION_ERRORS, VALIDATION_FIELDS, validateGame, type GameValidationError } from '@streethunt/shared';
import { createTestI18n, studioTexts } from '../../test/i18n.ts';
import { invalidKeys, issueMessage, issuesOfReply, targetOfPath } from './validation.ts';

describe('editor validation', () => {
  it('takes every error path to its tree node', () => {
    expect(targetOfPath('metadata.name')).toEqual({ kind: 'metadata' });
    expect(targetOfPath('metadata.location')).toEqual({ kind: 'metadataLocation' });
    expect(targetOfPath('introPage.content')).toEqual({ kind: 'intro' });
    expect(targetOfPath('questions')).toEqual({ kind: 'addQuestion' });
    expect(targetOfPath('questions.2.content')).toEqual({ kind: 'question', question: 2 });
    expect(targetOfPath('questions.2.location')).toEqual({ kind: 'questionLocation', question: 2 });
    expect(targetOfPath('questions.0.answer.value')).toEqual({ kind: 'answer', question: 0 });
    expect(targetOfPath('questions.1.hints.3.content')).toEqual({ kind: 'hint', question: 1, hint: 3 });
    expect(targetOfPath('gameoverPage.content')).toEqual({ kind: 'gameover' });
  });

  it('marks the nodes of every error', () => {
    const errors = validateGame({ metadata: { map: true }, questions: [{ content: '', hints: [{ content: '' }] }] });
    expect([...invalidKeys(errors)].sort()).toEqual(['gameover', 'intro', 'metadata', 'metadataLocation', 'q0', 'q0/answer', 'q0/hint0', 'q0/questionLocation'].sort());
  });

  it('has a message in both languages for every error, with 1-based numbers', async () => {
    for (const language of ['he', 'en'] as const) {
      const { i18n, missing } = await createTestI18n(language);
      const t = i18n.getFixedT(language, 'studio');
      const required = (studioTexts(language).ge as { validation: { required: Record<string, string> } }).validation.required;
      // Every field but the flow's, whose errors are the flow checker's.
      expect(Object.keys(required).sort()).toEqual(VALIDATION_FIELDS.filter((field) => field !== 'questionFlow').sort());
      for (const error of FLOW_VALIDATION_ERRORS) {
        const text = issueMessage(t, { error, field: 'questionFlow', path: 'questions.2.when', question: 3, detail: 'alley', message: '' });
        expect(text, error).toContain('3');
        expect(text, error).not.toContain('{{');
        expect(text, error).not.toContain('ge.validation');
      }
      const hint: GameValidationError = { error: 'required', field: 'hintContent', path: 'questions.1.hints.0.content', question: 2, hint: 1, message: '' };
      const text = issueMessage(t, hint);
      expect(text).toContain('2');
      expect(text).toContain('1');
      expect(text).not.toContain('{{');
      expect(issueMessage(t, { error: 'minimun', field: 'price', path: 'metadata.price', message: '' })).toContain('30');
      expect(issueMessage(t, { error: 'minimun', field: 'groupPrice', path: 'metadata.groupPrice', message: '' })).toContain('30');
      expect(missing).toEqual([]);
    }
  });

  it("reads the server's 422 issues, keeping the message of one it cannot name", async () => {
    const { i18n } = await createTestI18n('en');
    const t = i18n.getFixedT('en', 'studio');
    const issues = issuesOfReply({
      message: 'invalid',
      code: 'validation',
      issues: [
        { error: 'required', field: 'answerValue', path: 'questions.0.answer.value', question: 1, message: 'Question 1 needs an answer' },
        { path: 'metadata.name', message: 'Too long' },
        { message: 'no path' },
      ],
    });
    expect(issues).toHaveLength(2);
    expect(issueMessage(t, issues[0]!)).toBe('Question 1 needs an answer');
    expect(issueMessage(t, issues[1]!)).toBe('Too long');
    expect(issuesOfReply({ message: 'x' })).toEqual([]);
  });
});
