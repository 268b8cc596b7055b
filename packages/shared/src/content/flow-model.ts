import { z } from 'zod';
import { lineText, multilineText } from '../schemas/common.ts';
import { contentIdSchema } from './ids.ts';
import {
  MAX_ADD_POINTS,
  MAX_CONDITION_DEPTH,
  MAX_CONDITION_MINUTES,
  MAX_CONDITION_SCORE,
  MAX_CONDITIONS,
  MAX_FLAG_NAME,
  MAX_FLOW_ACTIONS,
  MAX_FLOW_RULES,
  MAX_SAY_TEXT,
} from './limits.ts';

/**
 * A question's flow rules (DESIGN.md section 12): `when`, the condition that makes it playable, and
 * `then`, what its outcome does. The JSON names are the wire contract; flow.ts gives them meaning.
 */
export type FlowCondition =
  | { done: string }
  | { skipped: string }
  | { chose: { question: string; option: string } }
  | { flag: string }
  | { scoreAtLeast: number }
  | { minutesAtLeast: number }
  | { all: FlowCondition[] }
  | { any: FlowCondition[] }
  | { not: FlowCondition };
export type FlowAction = { setFlag: string } | { addPoints: number } | { say: string } | { end: true };
/** `on`: what the rule answers to: the question answered right, a wrong attempt, a skip, or a right answer with that option. */
export type FlowRule = { on: 'right' | 'wrong' | 'skipped' | { chose: string }; do: FlowAction[] };

/** Letters, digits, spaces and _ . : - only: a flag name is shown in the editor, so it carries no markup. */
const FLAG_NAME = /^[\p{L}\p{N}_.:\- ]+$/u;
const flagNameSchema = lineText().min(1).max(MAX_FLAG_NAME).regex(FLAG_NAME, 'a flag name is letters, digits, spaces, _ . : or -');

/** Nodes in a condition and its depth, counting no further than just past the limits (so a hostile nesting costs nothing). */
function conditionSize(value: unknown, depth: number, budget: { nodes: number }): number {
  if (depth > MAX_CONDITION_DEPTH || budget.nodes > MAX_CONDITIONS) return depth;
  budget.nodes++;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return depth;
  const record = value as Record<string, unknown>;
  const children = Array.isArray(record.all) ? record.all : Array.isArray(record.any) ? record.any : 'not' in record ? [record.not] : [];
  let deepest = depth;
  for (const child of children) deepest = Math.max(deepest, conditionSize(child, depth + 1, budget));
  return deepest;
}

const conditionKinds = {
  done: z.strictObject({ done: contentIdSchema }),
  skipped: z.strictObject({ skipped: contentIdSchema }),
  chose: z.strictObject({ chose: z.strictObject({ question: contentIdSchema, option: contentIdSchema }) }),
  flag: z.strictObject({ flag: flagNameSchema }),
  scoreAtLeast: z.strictObject({ scoreAtLeast: z.number().int().min(-MAX_CONDITION_SCORE).max(MAX_CONDITION_SCORE) }),
  minutesAtLeast: z.strictObject({ minutesAtLeast: z.number().int().min(0).max(MAX_CONDITION_MINUTES) }),
  all: z.strictObject({ all: z.array(z.lazy(() => conditionNode)).min(1) }),
  any: z.strictObject({ any: z.array(z.lazy(() => conditionNode)).min(1) }),
  not: z.strictObject({ not: z.lazy(() => conditionNode) }),
};
const CONDITION_KINDS = Object.keys(conditionKinds) as Array<keyof typeof conditionKinds>;
const conditionNode: z.ZodType<FlowCondition> = z.union(Object.values(conditionKinds)) as unknown as z.ZodType<FlowCondition>;
/**
 * A condition's shape alone, recursive, without the size and depth limits that flowConditionSchema
 * checks first: for a JSON Schema document that can hold a recursive `$ref` (the export file's).
 */
export const flowConditionShapeSchema = conditionNode;

/**
 * Why a condition does not read, where: the kind its one key names is checked on its own, so a file
 * or a save hears `when.any.1.done: expected string` rather than the union's bare "Invalid input".
 */
function conditionIssues(value: unknown, path: PropertyKey[]): Array<{ message: string; path: PropertyKey[] }> {
  const keys = value !== null && typeof value === 'object' && !Array.isArray(value) ? Object.keys(value) : [];
  const kind = keys.length === 1 ? CONDITION_KINDS.find((k) => k === keys[0]) : undefined;
  if (!kind) {
    const found = keys.length > 0 ? `it has ${keys.slice(0, 3).map((k) => JSON.stringify(k)).join(', ')}` : 'it has none';
    return [{ message: `a condition is an object with one of ${CONDITION_KINDS.join(', ')}; ${found}`, path }];
  }
  const record = value as Record<string, unknown>;
  if ((kind === 'all' || kind === 'any') && Array.isArray(record[kind]) && (record[kind] as unknown[]).length > 0) {
    return (record[kind] as unknown[]).flatMap((child, i) => conditionIssues(child, [...path, kind, i]));
  }
  if (kind === 'not') return conditionIssues(record.not, [...path, 'not']);
  const parsed = conditionKinds[kind].safeParse(value);
  return (parsed.error?.issues ?? []).map((issue) => ({ message: issue.message, path: [...path, ...issue.path] }));
}

/**
 * A question's `when`. The size is checked before the shape, so a condition nested thousands deep is
 * refused at once instead of being walked. Its JSON Schema (the API document, the export file's) is
 * left open: a recursive one would need a `$ref` that the API document cannot resolve.
 */
// The cast: the refinement accepts exactly what conditionNode does, so the value is a FlowCondition.
export const flowConditionSchema = z
  .unknown()
  .superRefine((value, context) => {
    const budget = { nodes: 0 };
    const depth = conditionSize(value, 1, budget);
    if (budget.nodes > MAX_CONDITIONS) context.addIssue({ code: 'custom', message: `a condition has at most ${MAX_CONDITIONS} parts` });
    else if (depth > MAX_CONDITION_DEPTH) context.addIssue({ code: 'custom', message: `a condition nests at most ${MAX_CONDITION_DEPTH} deep` });
    else {
      const parsed = conditionNode.safeParse(value);
      if (!parsed.success) for (const issue of conditionIssues(value, [])) context.addIssue({ code: 'custom', ...issue });
    }
  }) as unknown as z.ZodType<FlowCondition>;

const flowAction: z.ZodType<FlowAction> = z.union([
  z.strictObject({ setFlag: flagNameSchema }),
  z.strictObject({ addPoints: z.number().int().min(-MAX_ADD_POINTS).max(MAX_ADD_POINTS) }),
  z.strictObject({ say: multilineText().min(1).max(MAX_SAY_TEXT) }),
  z.strictObject({ end: z.literal(true) }),
]);

/** A question's `then`. */
export const flowRulesSchema: z.ZodType<FlowRule[]> = z
  .array(
    z.strictObject({
      on: z.union([z.enum(['right', 'wrong', 'skipped']), z.strictObject({ chose: contentIdSchema })]),
      do: z.array(flowAction).min(1).max(MAX_FLOW_ACTIONS),
    }),
  )
  .max(MAX_FLOW_RULES);

/** The option ids a question's `then` names (`on: { chose }`) that its own answer does not have, or [] (a draft may not name another question's). */
export function unknownRuleOptions(question: { answer: { kind: string; options?: ReadonlyArray<{ id: string }> }; then?: readonly FlowRule[] }): string[] {
  const options = new Set(question.answer.kind === 'choice' ? (question.answer.options ?? []).map((o) => o.id) : []);
  const unknown: string[] = [];
  for (const rule of question.then ?? []) if (typeof rule.on === 'object' && !options.has(rule.on.chose)) unknown.push(rule.on.chose);
  return unknown;
}

/**
 * The condition with the question ids it names changed by `renamed` (an id not in it stays): a
 * duplicated game's questions get new ids, and its conditions must follow them.
 */
export function renameConditionQuestions(condition: FlowCondition, renamed: ReadonlyMap<string, string>): FlowCondition {
  const to = (id: string) => renamed.get(id) ?? id;
  if ('done' in condition) return { done: to(condition.done) };
  if ('skipped' in condition) return { skipped: to(condition.skipped) };
  if ('chose' in condition) return { chose: { question: to(condition.chose.question), option: condition.chose.option } };
  if ('all' in condition) return { all: condition.all.map((c) => renameConditionQuestions(c, renamed)) };
  if ('any' in condition) return { any: condition.any.map((c) => renameConditionQuestions(c, renamed)) };
  if ('not' in condition) return { not: renameConditionQuestions(condition.not, renamed) };
  return condition;
}
