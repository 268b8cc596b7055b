import { z } from 'zod';
import { LANGUAGES } from '../constants.ts';
import { idSchema, lineText, multilineText } from './common.ts';
import { contentIdSchema } from '../content/ids.ts';
import { replyAnswerSchema, storedAnswerSchema } from '../content/answer-model.ts';
import { flowConditionSchema, flowRulesSchema } from '../content/flow-model.ts';
import { HINT_TEXTS, METADATA_TEXTS, PAGE_TEXTS, QUESTION_TEXTS, storedTexts, translationsSchema } from '../content/text-fields.ts';
import { QUESTION_ORDERS } from '../game/question-status.ts';
import { PRESENCE_PROOFS } from '../game/presence.ts';
import { MAX_COVER_IMAGE, MAX_POLYGON_POINTS, MAX_WRONG_ATTEMPT_PENALTY } from '../content/limits.ts';
import { STEP_FREE_VALUES } from '../content/accessibility.ts';

export const GAME_STATUSES = ['DRAFT', 'PENDING', 'APPROVED'] as const;

/** What a row of the studio's and the admin's game tables shows of a game's metadata. */
export const listedGameMetadataSchema = z.object({
  name: z.string(),
  locationCity: z.string(),
  price: z.union([z.string(), z.number()]),
  currencyCode: z.string(),
});
export type GameStatus = (typeof GAME_STATUSES)[number];

export const pointSchema = z.object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) });
export type Point = z.infer<typeof pointSchema>;
/** A point, or a polygon of 3 or more points (fewer are saved as a single point). */
const gameLocationSchema = z.union([pointSchema, z.array(pointSchema).min(3).max(MAX_POLYGON_POINTS)]);
export type GameLocation = z.infer<typeof gameLocationSchema>;

// The shapes below describe content as stored and as replies carry it; the limits are the save's
// business (studio.ts, content/limits.ts), so a game saved under older limits still reads. Their
// texts come from the content's field tables (content/text-fields.ts), as do the save's and a translation's.

/** A game's scoring settings (score.ts, ScoringRules); a game saved before them has the spec's rules. */
export const scoringSchema = z.object({
  wrongAttemptPenalty: z.number().int().min(0).max(MAX_WRONG_ATTEMPT_PENALTY),
  timePenalty: z.boolean(),
});

/**
 * How accessible the game is, as its creator states it (DESIGN.md section 16; content/accessibility.ts).
 * The notes stay in the original language: the translation tables hold a metadata's flat texts only.
 */
export const gameAccessibilitySchema = z.object({
  stepFree: z.enum(STEP_FREE_VALUES),
  lengthKm: z.number().optional(),
  durationMinutes: z.number().int().optional(),
  notes: multilineText().optional(),
});

/** Where a player who cannot reach a stop's spot (the top of stairs) may go instead, and how to find it. */
const alternativeSpotSchema = z.object({ location: pointSchema, note: multilineText().optional() });
export type AlternativeSpot = z.infer<typeof alternativeSpotSchema>;

export const gameMetadataSchema = z.object({
  ...storedTexts(METADATA_TEXTS),
  price: z.union([lineText().max(20), z.number()]).default(''),
  /** The price per team of an event (game/price.ts, eventTeamPrice); absent, null or '': the game's price. */
  groupPrice: z.union([lineText().max(20), z.number()]).nullable().optional(),
  currencyCode: lineText().max(3).default('ILS'),
  language: z.enum(LANGUAGES).default('he'),
  map: z.boolean().default(false),
  coverImage: lineText().max(MAX_COVER_IMAGE).default(''),
  /** The creator's recording of the intro (`/media/{key}`, mp3, m4a or ogg); the intro's text is its transcript. Absent: none. */
  audio: lineText().max(MAX_COVER_IMAGE).optional(),
  location: gameLocationSchema.nullable().optional(),
  /** Absent: the spec's rules (SPEC_SCORING). */
  scoring: scoringSchema.optional(),
  /** Absent: the spec's `linear` order. */
  order: z.enum(QUESTION_ORDERS).optional(),
  /** A paid game's questions a trial may play before buying (game/trial.ts, DESIGN.md section 15); absent: 0, no trial. */
  freeQuestions: z.number().int().min(0).optional(),
  /** Step-free, length, duration, notes; absent: not stated (the card and intro say nothing). */
  accessibility: gameAccessibilitySchema.optional(),
  /** Computed by the server on save: the original language and each complete translation (DESIGN.md section 13). Absent: the original only. */
  languages: z.array(z.enum(LANGUAGES)).optional(),
  /** In a reply in a translation's language (`?lang=`), the language the game was written in; `language` is then the reply's. */
  originalLanguage: z.enum(LANGUAGES).optional(),
});
export type GameMetadata = z.infer<typeof gameMetadataSchema>;

export const hintSchema = z.object({
  id: contentIdSchema,
  ...storedTexts(HINT_TEXTS),
  /** The creator's recording of the hint; its text is the transcript. */
  audio: lineText().max(MAX_COVER_IMAGE).optional(),
});
export type Hint = z.infer<typeof hintSchema>;

export const questionSchema = z.object({
  id: contentIdSchema,
  ...storedTexts(QUESTION_TEXTS),
  /** The creator's recording of the question; its text is the transcript. */
  audio: lineText().max(MAX_COVER_IMAGE).optional(),
  location: gameLocationSchema.nullable().optional(),
  /** How the player proves being at the spot (game/presence.ts); absent: `gps`, the spec's area step. */
  presence: z.enum(PRESENCE_PROOFS).optional(),
  /** The creator marks the stop's spot step-free; absent: not stated. */
  stepFree: z.boolean().optional(),
  /** Another spot for players who cannot reach this one; absent: none. */
  alternative: alternativeSpotSchema.optional(),
  answer: storedAnswerSchema,
  hints: z.array(hintSchema).default([]),
  /** Playable only once this holds (content/flow.ts); absent: always, in the game's order. */
  when: flowConditionSchema.optional(),
  /** What the question's outcome does (flags, points, texts, the end); absent: nothing beyond its score. */
  then: flowRulesSchema.optional(),
});
export type Question = z.infer<typeof questionSchema>;

export const gameContentSchema = z.object({
  metadata: gameMetadataSchema,
  introPage: z.object(storedTexts(PAGE_TEXTS)),
  questions: z.array(questionSchema),
  gameoverPage: z.object({ ...storedTexts(PAGE_TEXTS), hideGameSummary: z.boolean().default(false) }),
  /** The game in other languages, by the content's ids (DESIGN.md section 13); absent: none. */
  translations: translationsSchema.optional(),
});
export type GameContent = z.infer<typeof gameContentSchema>;

/** A game as the player gets it with a valid code: answers only as salted hashes (DESIGN.md section 10). */
const playerQuestionSchema = questionSchema.extend({
  answer: replyAnswerSchema,
  /** In an event a hint's text comes only once the team opened it: until then `sealed`, with no content. */
  hints: z.array(hintSchema.extend({ sealed: z.literal(true).optional() })).default([]),
  /**
   * Read with a trial code, a question the trial does not open (game/trial.ts): `locked`, with its id,
   * its `when` and its rules without their texts (so the phone's flow agrees with the server's), and
   * nothing else: empty content, no location, no hints, an answer with no kind, salt or hashes.
   */
  locked: z.literal(true).optional(),
});
export type PlayerQuestion = z.infer<typeof playerQuestionSchema>;

export const gameReplySchema = z.object({
  _id: z.string(),
  userId: z.string(),
  status: z.enum(GAME_STATUSES),
  metadata: gameMetadataSchema,
  introPage: z.object({ content: z.string() }),
  gameoverPage: z.object({ content: z.string(), hideGameSummary: z.boolean() }),
  questionCount: z.number().int(),
  /** Present only for a holder of a valid code, the owner or an admin. */
  questions: z.array(playerQuestionSchema).optional(),
  /** Only for the owner and admins: the version a save must name (409 when another save came first), and when it was saved. */
  version: z.number().int().optional(),
  updatedAt: z.string().optional(),
  /** Only for the owner and admins: why an admin sent the game back or took it off the list (null when none). */
  reviewNote: z.string().nullable().optional(),
  /** Only for the owner and admins: on the draft of an approved game's next version, that game's id (null otherwise). */
  nextVersionOf: z.string().nullable().optional(),
  /** Only for the owner and admins: the game's translations, as the editor edits them. */
  translations: translationsSchema.optional(),
});
export type GameReply = z.infer<typeof gameReplySchema>;

export const gameParamsSchema = z.object({ gameId: idSchema });
/** GET /api/games/{id}?lang=: the game in one of the languages it is offered in (DESIGN.md section 13); absent, its original. */
export const gameQuerySchema = z.object({ lang: z.enum(LANGUAGES).optional() });
