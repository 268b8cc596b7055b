import { unknownRuleOptions, type EditableGame, type FlowAction, type FlowCondition, type FlowRule } from '@streethunt/shared';
import { firstWords } from './first-words.ts';

/**
 * The condition builder's model of a question's `when` and `then`, and what it may offer: a flat list
 * of conditions joined by "all" or "any", each one possibly negated. That covers what a creator writes
 * by hand; a deeper condition (from a file or the API) is shown as it is and can only be replaced.
 */

type Question = EditableGame['questions'][number];

export type LeafKind = 'done' | 'skipped' | 'chose' | 'flag' | 'scoreAtLeast' | 'minutesAtLeast';
const LEAF_KINDS: readonly LeafKind[] = ['done', 'skipped', 'chose', 'flag', 'scoreAtLeast', 'minutesAtLeast'];

export type ConditionRow =
  | { kind: 'done' | 'skipped'; question: string; negated: boolean }
  | { kind: 'chose'; question: string; option: string; negated: boolean }
  | { kind: 'flag'; flag: string; negated: boolean }
  | { kind: 'scoreAtLeast' | 'minutesAtLeast'; n: number; negated: boolean };
export type ConditionForm = { join: 'all' | 'any'; rows: ConditionRow[] };

function leafRow(c: FlowCondition, negated: boolean): ConditionRow | null {
  if ('done' in c) return { kind: 'done', question: c.done, negated };
  if ('skipped' in c) return { kind: 'skipped', question: c.skipped, negated };
  if ('chose' in c) return { kind: 'chose', question: c.chose.question, option: c.chose.option, negated };
  if ('flag' in c) return { kind: 'flag', flag: c.flag, negated };
  if ('scoreAtLeast' in c) return { kind: 'scoreAtLeast', n: c.scoreAtLeast, negated };
  if ('minutesAtLeast' in c) return { kind: 'minutesAtLeast', n: c.minutesAtLeast, negated };
  return null;
}

const rowOf = (c: FlowCondition): ConditionRow | null => ('not' in c ? leafRow(c.not, true) : leafRow(c, false));

/** The builder's form of a condition; null when it nests deeper than the builder shows. */
export function conditionForm(when: FlowCondition | undefined): ConditionForm | null {
  if (!when) return { join: 'all', rows: [] };
  const list = 'all' in when ? when.all : 'any' in when ? when.any : [when];
  const rows = list.map(rowOf);
  if (rows.some((row) => row === null)) return null;
  return { join: 'any' in when ? 'any' : 'all', rows: rows as ConditionRow[] };
}

function leafOf(row: ConditionRow): FlowCondition {
  switch (row.kind) {
    case 'done':
      return { done: row.question };
    case 'skipped':
      return { skipped: row.question };
    case 'chose':
      return { chose: { question: row.question, option: row.option } };
    case 'flag':
      return { flag: row.flag };
    case 'scoreAtLeast':
      return { scoreAtLeast: row.n };
    case 'minutesAtLeast':
      return { minutesAtLeast: row.n };
  }
}

/** The `when` a form writes: none for no rows, the one condition for one row. */
export function conditionOf(form: ConditionForm): FlowCondition | undefined {
  const leaves = form.rows.map((row) => (row.negated ? { not: leafOf(row) } : leafOf(row)));
  if (leaves.length === 0) return undefined;
  if (leaves.length === 1) return leaves[0];
  return form.join === 'any' ? { any: leaves } : { all: leaves };
}

type QuestionChoice = { id: string; n: number; label: string };
type ChoiceQuestion = QuestionChoice & { options: Array<{ id: string; label: string }> };
/** What a condition on question `index` may name: only what exists and can be decided before it. */
export type ConditionChoices = { questions: QuestionChoice[]; choiceQuestions: ChoiceQuestion[]; flags: string[] };


/** An option's words, or its place in the list when it has none yet. */
export const optionLabel = (option: { text: string }, i: number) => option.text.trim() || `#${i + 1}`;

/** Every flag some rule of the game sets, sorted. */
function flagsSet(game: EditableGame): string[] {
  const flags = new Set(game.questions.flatMap((q) => (q.then ?? []).flatMap((rule) => rule.do.flatMap((a) => ('setFlag' in a && a.setFlag.trim() ? [a.setFlag] : [])))));
  return [...flags].sort();
}

/** The questions before `index` (with their options, for a choice) and the flags the game's rules set. */
export function conditionChoices(game: EditableGame, index: number): ConditionChoices {
  const questions = game.questions.slice(0, index).map((q, i) => ({ id: q.id, n: i + 1, label: firstWords(q.content, 40) }));
  const choiceQuestions = questions.flatMap((q, i) => {
    const answer = game.questions[i]!.answer;
    return answer.kind === 'choice' && answer.options.length > 0 ? [{ ...q, options: answer.options.map((o, j) => ({ id: o.id, label: optionLabel(o, j) })) }] : [];
  });
  return { questions, choiceQuestions, flags: flagsSet(game) };
}

/** The kinds a new row may take: a question kind needs an earlier question, a flag needs a rule that sets one. */
export function offeredKinds(choices: ConditionChoices): LeafKind[] {
  return LEAF_KINDS.filter((kind) => {
    if (kind === 'done' || kind === 'skipped') return choices.questions.length > 0;
    if (kind === 'chose') return choices.choiceQuestions.length > 0;
    if (kind === 'flag') return choices.flags.length > 0;
    return true;
  });
}

/** A complete row of a kind, with the nearest sensible target: the question just before, its first option, the first flag. */
export function newRow(kind: LeafKind, choices: ConditionChoices, negated = false): ConditionRow | null {
  switch (kind) {
    case 'done':
    case 'skipped': {
      const question = choices.questions.at(-1);
      return question ? { kind, question: question.id, negated } : null;
    }
    case 'chose': {
      const question = choices.choiceQuestions.at(-1);
      return question ? { kind, question: question.id, option: question.options[0]!.id, negated } : null;
    }
    case 'flag': {
      const flag = choices.flags[0];
      return flag ? { kind, flag, negated } : null;
    }
    case 'scoreAtLeast':
      return { kind, n: 10, negated };
    case 'minutesAtLeast':
      return { kind, n: 30, negated };
  }
}

export type RuleOn = FlowRule['on'];
export type ActionKind = 'setFlag' | 'addPoints' | 'say' | 'end';
export const ACTION_KINDS: readonly ActionKind[] = ['setFlag', 'addPoints', 'say', 'end'];

export const actionKind = (action: FlowAction): ActionKind => ('setFlag' in action ? 'setFlag' : 'addPoints' in action ? 'addPoints' : 'say' in action ? 'say' : 'end');

/** A new action of a kind: points start at 10; a flag's name and a text are written next. */
export function newAction(kind: ActionKind): FlowAction {
  switch (kind) {
    case 'setFlag':
      return { setFlag: '' };
    case 'addPoints':
      return { addPoints: 10 };
    case 'say':
      return { say: '' };
    case 'end':
      return { end: true };
  }
}

/** What a rule may answer to on this question: right, wrong, skipped, and each of a choice's options. */
export function ruleTriggers(question: Question): Array<{ key: string; on: RuleOn; option?: { id: string; label: string } }> {
  const plain = (['right', 'wrong', 'skipped'] as const).map((on) => ({ key: on, on }));
  if (question.answer.kind !== 'choice') return plain;
  return [...plain, ...question.answer.options.map((o, i) => ({ key: `chose:${o.id}`, on: { chose: o.id } as RuleOn, option: { id: o.id, label: optionLabel(o, i) } }))];
}

export const triggerKey = (on: RuleOn) => (typeof on === 'string' ? on : `chose:${on.chose}`);

/** A question's rules without those that answer to an option it no longer has (the save would refuse them). */
export function rulesForOptions(then: Question['then'], answer: Question['answer']): Question['then'] {
  if (!then) return then;
  const unknown = new Set(unknownRuleOptions({ answer, then }));
  const kept = then.filter((rule) => typeof rule.on === 'string' || !unknown.has(rule.on.chose));
  return kept.length === then.length ? then : kept.length > 0 ? kept : undefined;
}

const complete = (action: FlowAction) => !('say' in action && !action.say.trim()) && !('setFlag' in action && !action.setFlag.trim());

/**
 * The game as a save sends it: an action still without its text or flag name says nothing yet, so it
 * is left out, and a rule left with no action with it.
 */
export function withCompleteRules(game: EditableGame): EditableGame {
  if (!game.questions.some((q) => q.then?.some((rule) => !rule.do.every(complete)))) return game;
  return {
    ...game,
    questions: game.questions.map((q) => {
      if (!q.then) return q;
      const then = q.then.map((rule) => ({ ...rule, do: rule.do.filter(complete) })).filter((rule) => rule.do.length > 0);
      const { then: _dropped, ...rest } = q;
      return then.length > 0 ? { ...rest, then } : rest;
    }),
  };
}
