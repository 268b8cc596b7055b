import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../../test/render-ui.tsx';
import { QuestionView, type QuestionViewProps } from './question-view.tsx';

/** A question of an event answered right, its text after the answer sealed (the server sends it). */
function answered(kind: 'text' | 'photo'): QuestionViewProps {
  return {
    index: 0,
    question: { content: '<p>Which boulevard?</p>', answer: { kind, content: '', contentAfterAnswer: '', contentAfterAnswerSealed: true }, hints: [] },
    status: 'ANSWERED',
    hintStates: [],
    onOpenHint: () => undefined,
    judge: () => 'ask',
    onAnswered: () => undefined,
    onAsk: async () => 'right',
    onSkip: () => undefined,
    onContinue: () => undefined,
    photoStep: <div data-testid="photo-step" />,
  };
}

describe('QuestionView: an event’s text after the answer', () => {
  it('says it is on its way after a right answer', async () => {
    const { t } = await renderUi(<QuestionView {...answered('text')} />, 'en');
    expect(screen.getByTestId('after-answer-loading').textContent).toContain(t('player.question.afterLoading'));
  });

  it('waits for nothing under a photo: its text comes once the judge accepts it', async () => {
    await renderUi(<QuestionView {...answered('photo')} />, 'en');
    expect(screen.queryByTestId('after-answer-loading')).toBeNull();
    expect(screen.getByTestId('question-continue')).toBeTruthy();
  });
});
