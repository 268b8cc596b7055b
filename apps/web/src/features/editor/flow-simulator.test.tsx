import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { emptyGame, type EditableGame } from '@streethunt/shared';
import { renderUi } from '../../test/render-ui.tsx';
import { FlowSimulator } from './flow-simulator.tsx';

/** A fork: the alley says a line and sets a flag, the square gives 50; each side opens its own question; the gate ends the game. */
function forkGame(): EditableGame {
  const text = (value: string) => ({ kind: 'text' as const, value, content: '', contentAfterAnswer: '' });
  return {
    ...emptyGame('en'),
    questions: [
      {
        id: 'fork',
        content: '<p>Left or right?</p>',
        location: null,
        hints: [],
        answer: { kind: 'choice', options: [{ id: 'left', text: 'The alley', correct: true }, { id: 'right', text: 'The square', correct: true }], content: '', contentAfterAnswer: '' },
        then: [
          { on: { chose: 'left' }, do: [{ setFlag: 'alley' }, { say: 'Into the alley' }] },
          { on: { chose: 'right' }, do: [{ addPoints: 50 }] },
        ],
      },
      { id: 'alley', content: '<p>What sleeps on the step?</p>', location: null, hints: [], answer: text('cat'), when: { flag: 'alley' } },
      { id: 'square', content: '<p>What splashes?</p>', location: null, hints: [], answer: text('fountain'), when: { chose: { question: 'fork', option: 'right' } } },
      { id: 'gate', content: '<p>The gate</p>', location: null, hints: [], answer: text('gate'), then: [{ on: 'right', do: [{ end: true }] }] },
      { id: 'epilogue', content: '<p>One more</p>', location: null, hints: [], answer: text('more') },
    ],
  };
}

const states = () => screen.getAllByTestId('flow-sim-question').map((row) => row.getAttribute('data-state'));

describe('editor: the path simulator', () => {
  it.each(['en', 'he'] as const)('%s: a branch opens its side, passes over the other, says its line; an end ends; start again', async (language) => {
    const { t, missing } = await renderUi(<FlowSimulator game={forkGame()} />, language);
    expect(states()).toEqual(['open', 'waiting', 'waiting', 'waiting', 'waiting']);
    expect(screen.getByTestId('flow-sim-score').textContent).toBe(t('editor.flowSim.score', { score: 0 }));

    fireEvent.click(screen.getByRole('button', { name: t('editor.flowSim.choose', { option: 'The alley' }) }));
    expect(states()).toEqual(['done', 'open', 'passed', 'waiting', 'waiting']);
    expect(screen.getByTestId('flow-sim-said').textContent).toContain('Into the alley');
    expect(screen.getByTestId('flow-sim-flags').textContent).toContain('alley');

    const alley = screen.getAllByTestId('flow-sim-question')[1]!;
    fireEvent.click(within(alley).getByTestId('flow-sim-wrong'));
    expect(states()[1]).toBe('tried');
    fireEvent.click(within(alley).getByTestId('flow-sim-right'));
    const gate = screen.getAllByTestId('flow-sim-question')[3]!;
    fireEvent.click(within(gate).getByTestId('flow-sim-right'));
    expect(states()).toEqual(['done', 'done', 'passed', 'done', 'passed']);
    expect(screen.getByTestId('flow-sim-over').textContent).toBe(t('editor.flowSim.over'));
    expect(screen.getByTestId('flow-sim-score').textContent).toBe(t('editor.flowSim.score', { score: 300 }));

    fireEvent.click(screen.getByTestId('flow-sim-reset'));
    expect(states()).toEqual(['open', 'waiting', 'waiting', 'waiting', 'waiting']);
    fireEvent.click(screen.getByRole('button', { name: t('editor.flowSim.choose', { option: 'The square' }) }));
    expect(states()).toEqual(['done', 'passed', 'open', 'waiting', 'waiting']);
    expect(screen.getByTestId('flow-sim-score').textContent).toBe(t('editor.flowSim.score', { score: 150 }));
    expect(missing).toEqual([]);
  });
});
