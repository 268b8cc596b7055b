import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { isUpdateSafe } from '../../app/update-gate.ts';
import { renderUi } from '../../test/render-ui.tsx';
import type { ServerVerdict } from './answer-box.tsx';
import { QuestionView } from './question-view.tsx';

/** A started text question; `onAsk` decides what the server says. */
function question(options: { answered?: boolean; judge?: 'right' | 'wrong' | 'ask'; onAsk?: () => Promise<ServerVerdict> } = {}) {
  return (
    <QuestionView
      index={0}
      question={{ content: '<p>Where?</p>', answer: { kind: 'text', content: '', contentAfterAnswer: '' }, hints: [] }}
      status={options.answered ? 'ANSWERED' : 'STARTED'}
      hintStates={[]}
      onOpenHint={() => undefined}
      judge={() => options.judge ?? 'wrong'}
      onAnswered={() => undefined}
      onAsk={options.onAsk ?? (async () => 'wrong')}
      onSkip={() => undefined}
      onContinue={() => undefined}
      photoStep={<div />}
    />
  );
}

describe('the answer box and app updates', () => {
  it('holds updates while an answer is typed, and lets them go when the box is emptied', async () => {
    const { unmount } = await renderUi(question(), 'en');
    expect(isUpdateSafe()).toBe(true);
    fireEvent.change(screen.getByTestId('answer-input'), { target: { value: 'Bialik' } });
    expect(isUpdateSafe()).toBe(false);
    fireEvent.change(screen.getByTestId('answer-input'), { target: { value: '' } });
    expect(isUpdateSafe()).toBe(true);
    unmount();
  });

  it('holds while the server checks an answer, and lets go once the question is answered', async () => {
    let verdict!: (value: ServerVerdict) => void;
    const view = await renderUi(question({ judge: 'ask', onAsk: () => new Promise((resolve) => (verdict = resolve)) }), 'en');
    fireEvent.change(screen.getByTestId('answer-input'), { target: { value: 'Bialik' } });
    fireEvent.submit(screen.getByTestId('answer-form'));
    expect(isUpdateSafe()).toBe(false);
    await act(async () => verdict('right'));
    view.rerender(question({ judge: 'ask', answered: true }));
    expect(isUpdateSafe()).toBe(true);
    view.unmount();
  });

  it('lets go when the question leaves the screen with an answer still typed', async () => {
    const { unmount } = await renderUi(question(), 'en');
    fireEvent.change(screen.getByTestId('answer-input'), { target: { value: 'Bialik' } });
    expect(isUpdateSafe()).toBe(false);
    unmount();
    expect(isUpdateSafe()).toBe(true);
  });
});
