import { z } from 'zod';
import { LANGUAGES } from '../constants.ts';
import { contentIdSchema, repeatedContentId } from '../content/ids.ts';
import { answerSchemaOf, answerUnion, inKindOrder, textWhenUnnamed } from '../content/answer-model.ts';
import { flowConditionSchema, flowRulesSchema, unknownRuleOptions, type FlowRule } from '../content/flow-model.ts';
import { HINT_TEXTS, METADATA_TEXTS, PAGE_TEXTS, QUESTION_TEXTS, savedTexts, translationsSchema } from '../content/text-fields.ts';
import {
  MAX_ACCESSIBILITY_NOTES,
  MAX_ANSWER_VALUE,
  MAX_COVER_IMAGE,
  MAX_HINTS,
  MAX_POLYGON_POINTS,
  MAX_PRICE,
  MAX_QUESTIONS,
  MAX_RICH_TEXT,
  MAX_WALK_KM,
  MAX_WALK_MINUTES,
} from '../content/limits.ts';
import { STEP_FREE_VALUES, roundKm } from '../content/accessibility.ts';
import { acceptedAnswersError } from '../game/answer.ts';
import { VALIDATION_ERRORS, VALIDATION_FIELDS } from '../game/editor-validation.ts';
import { QUESTION_ORDERS, QUESTION_STATUSES } from '../game/question-status.ts';
import { PRESENCE_PROOFS } from '../game/presence.ts';
import { RICH_TEXT_SHAPE_MESSAGES, richTextShapeError } from '../game/rich-text-shape.ts';
import { REVIEW_REASON_MAX } from './admin.ts';
import { idSchema, lineText, multilineText } from './common.ts';
import { GAME_STATUSES, listedGameMetadataSchema, pointSchema, scoringSchema, type GameLocation } from './game.ts';
import { SPEC_SCORING } from '../game/score.ts';
import { recordingKeyFromUrl } from '../media/recordings.ts';

// The creator studio's calls on games (spec section 7): my games, the editor's save and
// approval, codes for the creator. The reports, media and places have their own files, and so has the
// export file (game-export.ts).


/**
 * An area as the editor sends it: a point, or a polygon; a polygon of fewer than 3 points is kept as
 * its first point (spec section 5). Anything else (a point out of range, 10,000 points) is refused.
 */
export const editorLocationSchema = z
  .union([pointSchema.strict(), z.array(pointSchema.strict()).min(1).max(MAX_POLYGON_POINTS)])
  .transform((location): GameLocation => (Array.isArray(location) && location.length < 3 ? location[0]! : location));

/**
 * A price as the editor sends it: '' (not set yet), or a number of shekels with at most 2 decimals,
 * 0 to MAX_PRICE. A numeric string is taken as its number. Whether it is high enough (30) is the
 * approval validation's business, not the save's: a draft may be half done.
 */
export const editorPriceSchema = z
  .preprocess(
    (value) => {
      if (value === '') return undefined;
      if (typeof value !== 'string') return value;
      const text = value.trim();
      return /^\d{1,5}(\.\d{1,2})?$/.test(text) ? Number(text) : value;
    },
    z
      .number({ error: 'must be a number of shekels' })
      .min(0, 'must not be negative')
      .max(MAX_PRICE, `must be at most ${MAX_PRICE}`)
      .multipleOf(0.01, 'at most 2 decimals')
      .optional(),
  )
  .transform((price): number | '' => price ?? '');

/** Rich text as saved: its length, and a shape cheap enough to clean (checked before any cleaning). */
const richText = multilineText()
  .max(MAX_RICH_TEXT)
  .superRefine((html, context) => {
    const error = richTextShapeError(html);
    if (error) context.addIssue({ code: 'custom', message: RICH_TEXT_SHAPE_MESSAGES[error] });
  });

const answerValue = lineText()
  .max(MAX_ANSWER_VALUE)
  .superRefine((value, context) => {
    const error = acceptedAnswersError(value);
    if (error) context.addIssue({ code: 'custom', message: error });
  });

const answerKinds = answerSchemaOf({ richText, answerValue, strict: true });
const editedAnswer = answerUnion({ richText, answerValue, strict: true });
/** What a reply's answer carries that the server owns (the phone's part): taken back and dropped. */
const answerOwned = {
  salt: lineText().max(200).optional(),
  hashes: z.array(lineText().max(200)).max(200).optional(),
  askServer: z.boolean().optional(),
  decimals: z.number().int().min(0).max(20).optional(),
};
const savedAnswer = z.preprocess(
  textWhenUnnamed,
  z
    .discriminatedUnion(
      'kind',
      inKindOrder({
        text: answerKinds.text.extend(answerOwned),
        number: answerKinds.number.extend(answerOwned),
        choice: answerKinds.choice.extend(answerOwned),
        none: answerKinds.none.extend(answerOwned),
        photo: answerKinds.photo.extend(answerOwned),
      }),
    )
    .transform((answer) => {
      const kept: Record<string, unknown> = { ...answer };
      for (const key of Object.keys(answerOwned)) delete kept[key];
      return kept as z.output<typeof editedAnswer>;
    }),
);

/** metadata.accessibility as the editor saves it (DESIGN.md section 16): each figure within a walk's bounds. */
const editedAccessibility = z.strictObject({
  stepFree: z.enum(STEP_FREE_VALUES, { error: 'stepFree must be yes, no or unknown' }),
  // One decimal is enough: more is rounded, so 2.45 km is kept as 2.5.
  lengthKm: z
    .number({ error: 'lengthKm must be a number of km' })
    .gt(0, `lengthKm must be more than 0 and at most ${MAX_WALK_KM}`)
    .max(MAX_WALK_KM, `lengthKm must be more than 0 and at most ${MAX_WALK_KM}`)
    .transform((km) => Math.max(0.1, roundKm(km)))
    .optional(),
  durationMinutes: z
    .number({ error: 'durationMinutes must be a whole number of minutes' })
    .int('durationMinutes must be a whole number of minutes')
    .min(1, `durationMinutes must be 1 to ${MAX_WALK_MINUTES}`)
    .max(MAX_WALK_MINUTES, `durationMinutes must be 1 to ${MAX_WALK_MINUTES}`)
    .optional(),
  notes: multilineText().max(MAX_ACCESSIBILITY_NOTES, `notes must be at most ${MAX_ACCESSIBILITY_NOTES} characters`).refine((text) => !/<[a-zA-Z/!?]/.test(text), 'plain text: no markup').optional(),
});

/** A stop's alternative spot as saved: a point (an area's polygon would not say where to stand) and a short note. */
const editedAlternative = z.strictObject({
  location: pointSchema.strict(),
  note: multilineText().max(MAX_ACCESSIBILITY_NOTES, `note must be at most ${MAX_ACCESSIBILITY_NOTES} characters`).refine((text) => !/<[a-zA-Z/!?]/.test(text), 'plain text: no markup').optional(),
});

/**
 * A creator's recording (DESIGN.md section 16): one of our own recordings by its address, `/media/{key}`
 * with an mp3, m4a or ogg extension (absolute in an export file). That it is the owner's upload is the save's check.
 */
const recordingSchema = lineText()
  .max(MAX_COVER_IMAGE)
  .refine((url) => recordingKeyFromUrl(url) !== null, 'a recording is one of your own uploaded recordings (/media/…mp3, m4a or ogg)');

const editedHint = z.strictObject({ id: contentIdSchema, ...savedTexts(HINT_TEXTS, richText), audio: recordingSchema.optional() });
const editedQuestion = z.strictObject({
  id: contentIdSchema,
  ...savedTexts(QUESTION_TEXTS, richText),
  audio: recordingSchema.optional(),
  location: editorLocationSchema.nullable().optional(),
  presence: z.enum(PRESENCE_PROOFS).optional(),
  stepFree: z.boolean().optional(),
  alternative: editedAlternative.optional(),
  answer: editedAnswer,
  hints: z.array(editedHint).max(MAX_HINTS),
  when: flowConditionSchema.optional(),
  then: flowRulesSchema.optional(),
});

type SavedQuestionShape = {
  id?: string;
  hints: ReadonlyArray<{ id?: string }>;
  answer: { kind: string; options?: ReadonlyArray<{ id: string }> };
  then?: readonly FlowRule[];
};
/**
 * Questions and hints with unique ids (within the game): a play keeps its states by question id. A
 * rule may answer only to its own question's options; what names another question is the flow
 * checker's business (a draft may hold a flow that does not work yet).
 */
const consistentQuestions = <T extends z.ZodType<ReadonlyArray<SavedQuestionShape>>>(questions: T) =>
  questions.superRefine((list, context) => {
    const repeated = repeatedContentId(list);
    if (repeated) context.addIssue({ code: 'custom', message: `the id ${repeated} is used twice: every question and hint needs its own` });
    list.forEach((question, index) => {
      const unknown = unknownRuleOptions(question);
      if (unknown.length > 0) {
        context.addIssue({ code: 'custom', path: [index, 'then'], message: `question ${question.id ?? index + 1}: a rule names an option it does not have (${unknown.join(', ')})` });
      }
    });
  });

/** A game's content as the editor saves it: every field named, no unknown field (strict). */
export const editableGameSchema = z.strictObject({
  metadata: z.strictObject({
    ...savedTexts(METADATA_TEXTS, richText),
    price: editorPriceSchema,
    /** The price per team of an event; '' or absent: the game's price. */
    groupPrice: editorPriceSchema.optional(),
    currencyCode: z.literal('ILS'),
    language: z.enum(LANGUAGES),
    map: z.boolean(),
    coverImage: lineText().max(MAX_COVER_IMAGE),
    /** The intro's recording. */
    audio: recordingSchema.optional(),
    location: editorLocationSchema.nullable().optional(),
    // Absent (the spec's client, a version 1 file): the spec's rules.
    scoring: scoringSchema.strict().default(SPEC_SCORING),
    order: z.enum(QUESTION_ORDERS).default('linear'),
    // At most half the questions: the save checks it against them (freeQuestionsError); absent: no trial.
    freeQuestions: z.number().int().min(0, 'freeQuestions must be 0 or more').max(MAX_QUESTIONS).optional(),
    accessibility: editedAccessibility.optional(),
    // The server computes these (the reply's): a client may send back what its GET returned; dropped.
    languages: z.array(z.enum(LANGUAGES)).max(LANGUAGES.length).optional(),
    originalLanguage: z.enum(LANGUAGES).optional(),
  }),
  introPage: z.strictObject(savedTexts(PAGE_TEXTS, richText)),
  questions: consistentQuestions(z.array(editedQuestion).max(MAX_QUESTIONS)),
  gameoverPage: z.strictObject({ ...savedTexts(PAGE_TEXTS, richText), hideGameSummary: z.boolean() }),
  /** The game in other languages (DESIGN.md section 13); that its keys are the game's ids is the save's check (translationErrors). */
  translations: translationsSchema.optional(),
});
export type EditableGame = z.infer<typeof editableGameSchema>;

/**
 * `schema`, also taking the keys in `owned` (what the server owns: the client may send back what its
 * GET returned) and dropping them. Still strict: any other key is refused.
 */
function ignoring<T extends z.ZodObject, K extends z.ZodRawShape>(schema: T, owned: K) {
  return schema.extend(owned).transform((value) => {
    const kept: Record<string, unknown> = { ...value };
    for (const key of Object.keys(owned)) delete kept[key];
    return kept as z.output<T>;
  });
}

/**
 * A question as a client may send it: its id and its hints' ids may be missing (a client written to the
 * spec knows none); the server gives each a new one (withContentIds).
 */
const sentQuestion = editedQuestion.extend({
  id: contentIdSchema.optional(),
  hints: z.array(editedHint.extend({ id: contentIdSchema.optional() })).max(MAX_HINTS),
});
/** The content as an import file or a kept draft may hold it: ids may be missing (files and drafts made before ids). */
export const sentGameSchema = editableGameSchema.extend({ questions: consistentQuestions(z.array(sentQuestion).max(MAX_QUESTIONS)) });

/** A question as the owner's GET returns it: the answer's salt and hashes, the spec's play status and hints' isOpen are dropped. */
const savedQuestion = ignoring(
  sentQuestion.extend({
    answer: savedAnswer,
    hints: z.array(ignoring(sentQuestion.shape.hints.element, { isOpen: z.boolean().optional() })).max(MAX_HINTS),
  }),
  // presenceHash: an editor loaded before phones stopped getting a spot code's hash may still send it.
  { status: z.enum(QUESTION_STATUSES).nullable().optional(), presenceHash: lineText().max(200).optional() },
);

// POST /api/games/{gameId}: the full game. `version` is the one the editor loaded; a save over a
// newer version gets 409 conflict (two tabs, two devices). The spec's client sends back the whole
// game its GET returned: what the server owns (ids, status, counts, save time, the review note, the
// answers' hashes) is taken and dropped, it changes nothing. A question or hint without an id gets a
// new one.
export const saveGameRequestSchema = ignoring(
  editableGameSchema.extend({ version: z.number().int().min(1), questions: consistentQuestions(z.array(savedQuestion).max(MAX_QUESTIONS)) }),
  {
    _id: idSchema.optional(),
    userId: idSchema.optional(),
    status: z.enum(GAME_STATUSES).optional(),
    questionCount: z.number().int().min(0).optional(),
    updatedAt: lineText().max(64).optional(),
    reviewNote: multilineText().max(REVIEW_REASON_MAX).nullable().optional(),
    nextVersionOf: idSchema.nullable().optional(),
  },
);
export type SaveGameRequest = z.infer<typeof saveGameRequestSchema>;

/** The game as its owner (or an admin) edits it: GET /api/games/{id} for them, and every studio reply that returns a game. */
const editorGameSchema = editableGameSchema.extend({
  _id: z.string(),
  userId: z.string(),
  status: z.enum(GAME_STATUSES),
  version: z.number().int(),
  updatedAt: z.string(),
  /** Why an admin sent the game back or took it off the list; null once approved or never set. */
  reviewNote: z.string().nullable(),
  /** On the draft of an approved game's next version: that game's id (it stays listed as it is until this is approved). */
  nextVersionOf: z.string().nullable().optional(),
  metadata: editableGameSchema.shape.metadata.extend({ price: z.union([z.literal(''), z.number()]), groupPrice: z.union([z.literal(''), z.number()]).optional() }),
});
export type EditorGame = z.infer<typeof editorGameSchema>;
/** POST /api/games/{gameId}, POST /api/games/status/{gameId}: the game as stored afterwards. */
export const editorGameReplySchema = z.object({ data: editorGameSchema });
export type EditorGameReply = z.infer<typeof editorGameReplySchema>;

// POST /api/games/status/{gameId}: PENDING sends to approval (the shared validation must pass);
// DRAFT takes a pending game back to edit it. APPROVED is the admin's call (approve).
export const gameStatusRequestSchema = z.strictObject({
  status: z.enum(['PENDING', 'DRAFT']),
  notifyAdmin: z.boolean().optional(),
});
export type GameStatusRequest = z.infer<typeof gameStatusRequestSchema>;
/** Its 422: every error of the shared validation (validateGame), so the editor shows the server's as its own. */
export const gameValidationReplySchema = z.object({
  message: z.string(),
  code: z.literal('validation'),
  issues: z.array(
    z.object({
      error: z.enum(VALIDATION_ERRORS),
      field: z.enum(VALIDATION_FIELDS),
      path: z.string(),
      question: z.number().int().optional(),
      hint: z.number().int().optional(),
      option: z.number().int().optional(),
      detail: z.string().optional(),
      message: z.string(),
    }),
  ),
});

// POST /api/games/new, POST /api/games/duplicate/{gameId}, POST /api/games/import, POST /api/games/next-version/{gameId}: the draft's id.
export const newGameReplySchema = z.object({ data: z.object({ _id: z.string() }) });
export type NewGameReply = z.infer<typeof newGameReplySchema>;

// GET /api/games/my-games: the caller's games, newest change first.
const myGameSchema = z.object({
  _id: z.string(),
  status: z.enum(GAME_STATUSES),
  metadata: listedGameMetadataSchema,
  questionCount: z.number().int(),
  updatedAt: z.string(),
  /** On the draft of an approved game's next version: that game's id. */
  nextVersionOf: z.string().nullable().optional(),
});
export type MyGame = z.infer<typeof myGameSchema>;
export const myGamesReplySchema = z.object({ data: z.array(myGameSchema) });
export type MyGamesReply = z.infer<typeof myGamesReplySchema>;

// POST /api/game/secret-code: a new code of the creator's own game (source 'creator'), to play-test or give away.
export const secretCodeRequestSchema = z.strictObject({ gameId: idSchema });
export const secretCodeReplySchema = z.object({ data: z.object({ game_secret: z.string() }) });
export type SecretCodeReply = z.infer<typeof secretCodeReplySchema>;
