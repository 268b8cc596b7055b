import { describe, expect, it } from 'vitest';
import { emptyGame, type EditableGame, type FlowCondition } from '@streethunt/shared';
import { conditionChoices, conditionForm, conditionOf, newRow, offeredKinds, rulesForOptions, withCompleteRules } from './flow-rules.ts';
import { setAnswer, setQuestion } from './editor-store.ts';

const text = { kind: 'text' as const, value: 'x', content: '', contentAfterAnswer: '' };
function game(): EditableGame {
  return {
    ...emptyGame('en'),
    questions: [
      { id: 'q1', content: '<p>Left or right?</p>', location: null, hints: [], answer: { kind: 'choice', options: [{ id: 'l', text: 'Left', correct: true }, { id: 'r', text: '', correct: true }], content: '', contentAfterAnswer: '' } },
      { id: 'q2', content: '<p>The alley</p>', location: null, hints: [], answer: text, then: [{ on: 'right', do: [{ setFlag: 'key' }, { say: '' }] }] },
      { id: 'q3', content: '<p>The gate</p>', location: null, hints: [], answer: text },
    ],
  };
}

describe('the condition builder’s model', () => {
  it.each<[string, FlowCondition | undefined]>([
    ['no condition', undefined],
    ['one condition', { done: 'q1' }],
    ['one negated', { not: { flag: 'key' } }],
    ['all of several', { all: [{ chose: { question: 'q1', option: 'l' } }, { not: { skipped: 'q2' } }, { scoreAtLeast: 10 }] }],
    ['any of several', { any: [{ minutesAtLeast: 30 }, { done: 'q2' }] }],
  ])('reads and writes back %s unchanged', (_what, when) => {
    const form = conditionForm(when);
    expect(form).not.toBeNull();
    expect(conditionOf(form!)).toEqual(when);
  });

  it('leaves a deeper condition alone: the panel shows it and offers to replace it', () => {
    expect(conditionForm({ all: [{ any: [{ done: 'a' }, { done: 'b' }] }, { done: 'c' }] })).toBeNull();
    expect(conditionForm({ not: { all: [{ done: 'a' }] } })).toBeNull();
  });

  it('offers only what exists before the question: earlier questions, their options (by their words), flags a rule sets', () => {
    const first = conditionChoices(game(), 0);
    expect(first.questions).toEqual([]);
    expect(offeredKinds(first)).toEqual(['flag', 'scoreAtLeast', 'minutesAtLeast']);
    const third = conditionChoices(game(), 2);
    expect(third.questions.map((q) => [q.id, q.n, q.label])).toEqual([['q1', 1, 'Left or right?'], ['q2', 2, 'The alley']]);
    expect(third.choiceQuestions.map((q) => q.options)).toEqual([[{ id: 'l', label: 'Left' }, { id: 'r', label: '#2' }]]);
    expect(third.flags).toEqual(['key']);
    expect(offeredKinds(third)).toEqual(['done', 'skipped', 'chose', 'flag', 'scoreAtLeast', 'minutesAtLeast']);
    // A new row names the nearest: the question just before, the fork's first option.
    expect(newRow('done', third)).toEqual({ kind: 'done', question: 'q2', negated: false });
    expect(newRow('chose', third, true)).toEqual({ kind: 'chose', question: 'q1', option: 'l', negated: true });
    expect(newRow('chose', first)).toBeNull();
  });

  it('a save leaves out an action without its text or flag name, and a rule left with none', () => {
    const g = setQuestion(game(), 2, { then: [{ on: 'wrong', do: [{ setFlag: '  ' }] }] });
    const saved = withCompleteRules(g);
    expect(saved.questions[1]!.then).toEqual([{ on: 'right', do: [{ setFlag: 'key' }] }]);
    expect(saved.questions[2]).not.toHaveProperty('then');
    expect(withCompleteRules(saved)).toBe(saved);
  });

  it('a rule on an option goes with the option; a removed condition leaves no key', () => {
    let g = setQuestion(game(), 0, { then: [{ on: { chose: 'r' }, do: [{ addPoints: 5 }] }, { on: 'skipped', do: [{ addPoints: -5 }] }] });
    const answer = g.questions[0]!.answer;
    if (answer.kind !== 'choice') throw new Error('a choice');
    g = setAnswer(g, 0, { ...answer, options: answer.options.filter((o) => o.id !== 'r') });
    expect(g.questions[0]!.then).toEqual([{ on: 'skipped', do: [{ addPoints: -5 }] }]);
    expect(rulesForOptions(g.questions[0]!.then, text)).toEqual([{ on: 'skipped', do: [{ addPoints: -5 }] }]);
    expect(rulesForOptions([{ on: { chose: 'l' }, do: [{ end: true }] }], text)).toBeUndefined();
    g = setQuestion(g, 2, { when: { done: 'q1' } });
    expect(g.questions[2]!.when).toEqual({ done: 'q1' });
    g = setQuestion(g, 2, { when: undefined });
    expect(Object.keys(g.questions[2]!)).not.toContain('when');
  });
});
