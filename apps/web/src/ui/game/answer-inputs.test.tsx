import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ANSWER_KINDS, type AnswerKind } from '@streethunt/shared';
import { renderUi } from '../../test/render-ui.tsx';
import { ANSWER_INPUTS } from './answer-inputs.tsx';
import { QuestionView } from './question-view.tsx';

/** A started question of this kind, as the player's phone shows it. */
function started(kind: AnswerKind) {
  const options = [
    { id: 'a', text: 'Bialik' },
    { id: 'b', text: 'Herzl' },
  ];
  return (
    <QuestionView
      index={2}
      question={{ content: '<p>Where?</p>', answer: { kind, content: '', contentAfterAnswer: '', ...(kind === 'choice' && { options }) }, hints: [] }}
      status="STARTED"
      hintStates={[]}
      onOpenHint={() => undefined}
      judge={() => 'wrong'}
      onAnswered={() => undefined}
      onAsk={async () => 'wrong'}
      onSkip={() => undefined}
      onContinue={() => undefined}
      photoStep={<div data-testid="photo-step" />}
    />
  );
}

/** What each kind shows to answer with: the control, how a typed answer is typed, whether it can be skipped. */
const EXPECTED: Record<AnswerKind, { control: string; inputMode?: string; skip: boolean; title: string }> = {
  text: { control: 'answer-input', inputMode: 'text', skip: true, title: 'player.question.title' },
  number: { control: 'answer-input', inputMode: 'decimal', skip: true, title: 'player.question.title' },
  choice: { control: 'answer-options', skip: true, title: 'player.question.title' },
  none: { control: 'question-arrived', skip: false, title: 'player.question.infoStop' },
  photo: { control: 'photo-step', skip: true, title: 'player.question.title' },
};

describe('the player’s answer inputs', () => {
  it('have one entry per answer kind, and none besides', () => {
    expect(Object.keys(ANSWER_INPUTS).sort()).toEqual([...ANSWER_KINDS].sort());
  });

  it.each(ANSWER_KINDS)('a %s question shows its own input, and only that one', async (kind) => {
    const { t } = await renderUi(started(kind), 'en');
    const expected = EXPECTED[kind];
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(t(expected.title, { n: 3 }));
    const controls = ['answer-input', 'answer-options', 'question-arrived', 'photo-step'].filter((id) => screen.queryByTestId(id));
    expect(controls).toEqual([expected.control]);
    if (expected.inputMode) expect(screen.getByTestId('answer-input').getAttribute('inputmode')).toBe(expected.inputMode);
    if (kind === 'choice') expect(screen.getAllByRole('radio').map((option) => option.getAttribute('value'))).toEqual(['a', 'b']);
    expect(screen.queryByRole('button', { name: t('player.skip.button') }) !== null).toBe(expected.skip);
  });
});
