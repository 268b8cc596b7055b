import { z } from 'zod';
import { lineText, multilineText } from '../schemas/common.ts';
import { contentIdSchema } from './ids.ts';
import { MAX_CHOICE_OPTIONS, MAX_NUMBER_ANSWER, MIN_CHOICE_OPTIONS } from './limits.ts';
import { ANSWER_TEXTS, OPTION_TEXT, savedText } from './text-fields.ts';

/**
 * A question's answer, one of five kinds (docs/decisions/008-game-content-v2.md):
 * - `text`: `value`, the spec's comma list of accepted answers; `lenient` also takes one typo in an
 *   answer of 5 letters or more (judged by the server);
 * - `number`: `value` and a `tolerance` (120 ± 5);
 * - `choice`: 2 to 8 options, one or more correct; the player picks one;
 * - `none`: an information or navigation stop: arriving (or 'continue') completes it;
 * - `photo`: the team takes a picture; a person judges it (`judging`: accepted on upload, or later by
 *   the creator; in an event always by the organiser).
 * Each kind has `content` (before answering) and `contentAfterAnswer`. What each kind does is in one
 * registry per side, each a record keyed by kind (`ANSWER_KIND_REGISTRY` in answer-registry.ts; in the
 * web app the player's inputs and the editor's panels), so the type checker names every place a new
 * kind must be handled.
 */
export const ANSWER_KINDS = ['text', 'number', 'choice', 'none', 'photo'] as const;
export type AnswerKind = (typeof ANSWER_KINDS)[number];
export const isAnswerKind = (value: unknown): value is AnswerKind => (ANSWER_KINDS as readonly unknown[]).includes(value);
/** Outside events, who judges a photo: nobody (accepted as it arrives), or the creator later. */
export const PHOTO_JUDGINGS = ['on-upload', 'later'] as const;
export type PhotoJudging = (typeof PHOTO_JUDGINGS)[number];

/** The default of a `switch` on a kind: a kind no case handles is a type error here. */
export function unreachable(kind: never): never {
  throw new Error(`unhandled kind ${String(kind)}`);
}

/** Content written before the answer kinds has no `kind`: it is a text answer. */
export const textWhenUnnamed = (value: unknown) =>
  value !== null && typeof value === 'object' && !Array.isArray(value) && (value as { kind?: unknown }).kind === undefined ? { ...value, kind: 'text' } : value;

type TextSchemas = { richText: z.ZodType<string>; answerValue: z.ZodType<string>; strict: boolean };

/** A number as a number answer holds it: '' while the creator has not written one. */
const numberValue = z.union([z.literal(''), z.number().min(-MAX_NUMBER_ANSWER).max(MAX_NUMBER_ANSWER)]);
const tolerance = z.number().min(0, 'a tolerance must not be below 0').max(MAX_NUMBER_ANSWER);

/**
 * The answer's schema: `stored` reads what the database holds (no limits: a game saved under older
 * limits still reads); `saved` is the editor's save (strict, limited, options checked). One set of
 * fields, so the two cannot drift.
 */
function answerSchemaOf({ richText, answerValue, strict }: TextSchemas) {
  const object = strict ? z.strictObject : z.object;
  // Every kind's texts around the answer are the field table's (all rich text).
  const texts = Object.fromEntries(Object.keys(ANSWER_TEXTS).map((key) => [key, richText])) as Record<keyof typeof ANSWER_TEXTS, typeof richText>;
  const option = object({ id: contentIdSchema, text: savedText(OPTION_TEXT), correct: z.boolean() });
  const options = z
    .array(option)
    .min(MIN_CHOICE_OPTIONS, `a choice needs at least ${MIN_CHOICE_OPTIONS} options`)
    .max(MAX_CHOICE_OPTIONS, `a choice has at most ${MAX_CHOICE_OPTIONS} options`)
    .superRefine((list, context) => {
      if (!list.some((o) => o.correct)) context.addIssue({ code: 'custom', message: 'a choice needs at least one correct option' });
      const ids = new Set(list.map((o) => o.id));
      if (ids.size < list.length) context.addIssue({ code: 'custom', message: 'each option needs its own id' });
    });
  // Keyed by kind, every kind named: the answer's type, and the kinds' registry (answer-registry.ts), follow from these.
  return {
    text: object({ kind: z.literal('text'), value: answerValue, lenient: z.boolean().optional(), ...texts }),
    number: object({ kind: z.literal('number'), value: numberValue, tolerance: tolerance.default(0), ...texts }),
    choice: object({ kind: z.literal('choice'), options, ...texts }),
    none: object({ kind: z.literal('none'), ...texts }),
    photo: object({ kind: z.literal('photo'), judging: z.enum(PHOTO_JUDGINGS).default('later'), ...texts }),
  } satisfies Record<AnswerKind, z.ZodObject>;
}

/** Each kind's schema in the order of ANSWER_KINDS, as a discriminated union takes them (so none can be left out of the union). */
export function inKindOrder<Schemas extends Record<AnswerKind, unknown>>(kinds: Schemas): [Schemas[AnswerKind], ...Schemas[AnswerKind][]] {
  const [first, ...rest] = ANSWER_KINDS.map((kind) => kinds[kind]);
  return [first as Schemas[AnswerKind], ...rest];
}

export function answerUnion(schemas: TextSchemas) {
  return z.preprocess(textWhenUnnamed, z.discriminatedUnion('kind', inKindOrder(answerSchemaOf(schemas))));
}
export { answerSchemaOf };

/** Each kind's answer as stored (the registry's `schema`). */
export const storedAnswerKinds = answerSchemaOf({ richText: multilineText().default(''), answerValue: lineText().default(''), strict: false });
/** An answer as stored and as the owner edits it. */
export const storedAnswerSchema = z.preprocess(textWhenUnnamed, z.discriminatedUnion('kind', inKindOrder(storedAnswerKinds)));
export type Answer = z.infer<typeof storedAnswerSchema>;
export type TextAnswer = Extract<Answer, { kind: 'text' }>;
export type NumberAnswerContent = Extract<Answer, { kind: 'number' }>;
export type ChoiceAnswer = Extract<Answer, { kind: 'choice' }>;

/**
 * The answer in a game reply. The player gets no accepted answer in plain text, of any kind: `hashes`
 * of the accepted ones salted with `salt`, a choice's options without which are correct, and
 * `askServer` when a miss of the hashes may still be right (a lenient text, a number range too wide
 * to hash) and only the server can say. The owner and admins also get what they edit: `value`,
 * `lenient`, `tolerance` and each option's `correct`. `kind` is absent in replies made before the kinds
 * (a phone's cached game): a text.
 */
export const replyAnswerSchema = z.object({
  kind: z.enum(ANSWER_KINDS).optional(),
  salt: z.string(),
  hashes: z.array(z.string()),
  content: z.string(),
  contentAfterAnswer: z.string(),
  /** In an event the text after the answer comes only once the team's answer is accepted (or the question closed): until then empty and this. */
  contentAfterAnswerSealed: z.literal(true).optional(),
  options: z.array(z.object({ id: z.string(), text: z.string(), correct: z.boolean().optional() })).optional(),
  askServer: z.boolean().optional(),
  /** A number range's precision: the phone writes a typed number with this many decimals before hashing it. */
  decimals: z.number().int().min(0).optional(),
  /** Only for the owner and admins. */
  value: z.union([z.string(), z.number()]).optional(),
  lenient: z.boolean().optional(),
  tolerance: z.number().optional(),
  /** A photo's: who judges it outside events (the phone says whom it waits for). */
  judging: z.enum(PHOTO_JUDGINGS).optional(),
});
export type ReplyAnswer = z.infer<typeof replyAnswerSchema>;
