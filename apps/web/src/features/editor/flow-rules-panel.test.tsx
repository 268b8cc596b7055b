import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { emptyGame, type EditableGame } from '@streethunt/shared';
import { renderUi } from '../../test/render-ui.tsx';
import { setQuestion } from './editor-store.ts';
import { FlowRulesPanel } from './flow-rules-panel.tsx';

const text = { kind: 'text' as const, value: 'x', content: '', contentAfterAnswer: '' };
function forkGame(): EditableGame {
  return {
    ...emptyGame('en'),
    questions: [
      { id: 'fork', content: '<p>Left or right?</p>', location: null, hints: [], answer: { kind: 'choice', options: [{ id: 'l', text: 'The alley', correct: true }, { id: 'r', text: 'The square', correct: true }], content: '', contentAfterAnswer: '' } },
      { id: 'alley', content: '<p>The alley</p>', location: null, hints: [], answer: text },
      { id: 'square', content: '<p>The square</p>', location: null, hints: [], answer: text, when: { flag: 'wet' } },
    ],
  };
}

/** The panel over a working copy, as the editor holds it; `seen` gets the copy after each change. */
function Harness({ index, seen, start = forkGame() }: { index: number; seen: { game?: EditableGame }; start?: EditableGame }) {
  const [game, setGame] = useState(start);
  return (
    <FlowRulesPanel
      game={game}
      index={index}
      dir="ltr"
      onChange={(patch) => {
        const next = setQuestion(game, index, patch);
        Object.assign(seen, { game: next });
        setGame(next);
      }}
    />
  );
}

const select = (testId: string, value: string, nth = 0) => fireEvent.change(screen.getAllByTestId(testId)[nth]!, { target: { value } });

describe('editor: a question’s path (the condition builder)', () => {
  it.each(['en', 'he'] as const)('%s: builds “opens when the alley was picked, or not skipped”, a rule that says a line and sets a flag; the checker speaks at once', async (language) => {
    const seen: { game?: EditableGame } = {};
    const { t, missing } = await renderUi(<Harness index={1} seen={seen} />, language);
    expect(screen.getByTestId('flow-when-none').textContent).toBe(t('editor.flow.always'));

    // A new condition is the likeliest: an option of the fork just before.
    fireEvent.click(screen.getByTestId('flow-when-add'));
    expect(seen.game!.questions[1]!.when).toEqual({ chose: { question: 'fork', option: 'l' } });
    const kinds = within(screen.getAllByTestId('flow-when-kind')[0]!).getAllByRole('option').map((o) => o.getAttribute('value'));
    // No flag is set by any rule yet, so none is offered.
    expect(kinds).toEqual(['done', 'skipped', 'chose', 'scoreAtLeast', 'minutesAtLeast']);
    const options = within(screen.getByTestId('flow-when-option')).getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['The alley', 'The square']);

    fireEvent.click(screen.getByTestId('flow-when-add'));
    select('flow-when-kind', 'skipped', 1);
    fireEvent.click(screen.getAllByTestId('flow-when-not')[1]!);
    select('flow-when-join', 'any');
    expect(seen.game!.questions[1]!.when).toEqual({ any: [{ chose: { question: 'fork', option: 'l' } }, { not: { skipped: 'fork' } }] });

    // The square waits for a flag no rule sets: its panel says so; once the alley sets it, it does not.
    fireEvent.click(screen.getByTestId('flow-rule-add'));
    expect(seen.game!.questions[1]!.then).toEqual([{ on: 'right', do: [{ addPoints: 10 }] }]);
    select('flow-action-kind', 'say');
    fireEvent.change(screen.getByTestId('flow-action-say'), { target: { value: 'A cat sleeps here' } });
    fireEvent.click(screen.getByTestId('flow-action-add'));
    select('flow-action-kind', 'setFlag', 1);
    fireEvent.change(screen.getAllByTestId('flow-action-flag')[0]!, { target: { value: 'wet<b>' } });
    select('flow-rule-on', 'skipped');
    expect(seen.game!.questions[1]!.then).toEqual([{ on: 'skipped', do: [{ say: 'A cat sleeps here' }, { setFlag: 'wetb' }] }]);
    expect(missing).toEqual([]);
  });

  it('names the checker’s problems on the question, by question number, and removes what it asked', async () => {
    const seen: { game?: EditableGame } = {};
    const { t } = await renderUi(<Harness index={2} seen={seen} />, 'en');
    expect(screen.getByTestId('flow-problems').textContent).toContain(t('ge.validation.unset-flag.questionFlow', { question: 3, detail: 'wet' }));
    // The flag no rule sets is still shown, marked, rather than swapped for another.
    expect(within(screen.getByTestId('flow-when-flag')).getByRole('option', { selected: true }).textContent).toBe(t('editor.flow.missing', { value: 'wet' }));
    fireEvent.click(screen.getByTestId('flow-when-remove'));
    expect(seen.game!.questions[2]).not.toHaveProperty('when');
    expect(screen.queryByTestId('flow-problems')).toBeNull();
  });

  it('shows a condition deeper than it builds as it is, and replaces it only when asked', async () => {
    const seen: { game?: EditableGame } = {};
    const deep = setQuestion(forkGame(), 2, { when: { all: [{ any: [{ done: 'fork' }, { done: 'alley' }] }, { scoreAtLeast: 5 }] } });
    await renderUi(<Harness index={2} seen={seen} start={deep} />, 'he');
    expect(screen.getByTestId('flow-when-other').textContent).toContain('"any"');
    fireEvent.click(screen.getByTestId('flow-when-replace'));
    expect(seen.game!.questions[2]).not.toHaveProperty('when');
    expect(screen.getByTestId('flow-when-add')).toBeTruthy();
  });
});
