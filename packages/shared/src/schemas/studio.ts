import { z } from 'zod';
import { LANGUAGES } from '../constants.ts';
import { VALIDATION_ERRORS, VALIDATION_FIELDS } from '../game/editor-validation.ts';
import { QUESTION_STATUSES } from '../game/question-status.ts';
import { idSchema, lineText, multilineText } from './common.ts';
import { GAME_STATUSES, pointSchema, type GameLocation } from './game.ts';

// The creator studio's calls (spec section 7, issue 8): my games, the editor's save and approval,
// codes for the creator, the creator's reports, media and places.

/** Most questions a game may have, and hints a question may have. */
export const MAX_QUESTIONS = 100;
export const MAX_HINTS = 20;
/** Most points a polygon area may have (a city block needs a few dozen at most). */
export const MAX_POLYGON_POINTS = 200;
/** Highest price a game may be sold for (ILS). */
export const MAX_PRICE = 10_000;
/** One rich-text field (HTML), in characters. */
export const MAX_RICH_TEXT = 100_000;

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

const richText = multilineText().max(MAX_RICH_TEXT);

/** A game's content as the editor saves it: every field named, no unknown field (strict). */
export const editableGameSchema = z.strictObject({
  metadata: z.strictObject({
    name: lineText().max(200),
    locationCity: lineText().max(200),
    locationText: multilineText().max(500),
    price: editorPriceSchema,
    currencyCode: z.literal('ILS'),
    language: z.enum(LANGUAGES),
    map: z.boolean(),
    coverImage: lineText().max(2000),
    location: editorLocationSchema.nullable().optional(),
  }),
  introPage: z.strictObject({ content: richText }),
  questions: z
    .array(
      z.strictObject({
        content: richText,
        location: editorLocationSchema.nullable().optional(),
        answer: z.strictObject({ value: lineText().max(2000), content: richText, contentAfterAnswer: richText }),
        hints: z.array(z.strictObject({ content: richText, title: lineText().max(200).optional() })).max(MAX_HINTS),
      }),
    )
    .max(MAX_QUESTIONS),
  gameoverPage: z.strictObject({ content: richText, hideGameSummary: z.boolean() }),
});
export type EditableGame = z.infer<typeof editableGameSchema>;
export type EditableGameInput = z.input<typeof editableGameSchema>;

/** An empty game: what POST /api/games/new stores and what 'add' appends from. */
export function emptyGame(language: (typeof LANGUAGES)[number] = 'he'): EditableGame {
  return {
    metadata: { name: '', locationCity: '', locationText: '', price: '', currencyCode: 'ILS', language, map: false, coverImage: '', location: null },
    introPage: { content: '' },
    questions: [],
    gameoverPage: { content: '', hideGameSummary: false },
  };
}
export const emptyQuestion = (): EditableGame['questions'][number] => ({
  content: '',
  location: null,
  answer: { value: '', content: '', contentAfterAnswer: '' },
  hints: [],
});
export const emptyHint = (): EditableGame['questions'][number]['hints'][number] => ({ content: '' });

// POST /api/games/{gameId}: the full game. `version` is the one the editor loaded; a save over a
// newer version gets 409 conflict (two tabs, two devices). _id, userId and status may ride along as
// the spec's client sends the whole game; they change nothing.
export const saveGameRequestSchema = editableGameSchema.extend({
  version: z.number().int().min(1),
  _id: idSchema.optional(),
  userId: idSchema.optional(),
  status: z.enum(GAME_STATUSES).optional(),
});
export type SaveGameRequest = z.infer<typeof saveGameRequestSchema>;

/** The game as its owner (or an admin) edits it: GET /api/games/{id} for them, and every studio reply that returns a game. */
export const editorGameSchema = editableGameSchema.extend({
  _id: z.string(),
  userId: z.string(),
  status: z.enum(GAME_STATUSES),
  version: z.number().int(),
  updatedAt: z.string(),
  metadata: editableGameSchema.shape.metadata.extend({ price: z.union([z.literal(''), z.number()]) }),
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
      message: z.string(),
    }),
  ),
});
export type GameValidationReply = z.infer<typeof gameValidationReplySchema>;

// POST /api/games/new, POST /api/games/duplicate/{gameId}, POST /api/games/import: the new draft's id.
export const newGameReplySchema = z.object({ data: z.object({ _id: z.string() }) });
export type NewGameReply = z.infer<typeof newGameReplySchema>;

// GET /api/games/my-games: the caller's games, newest change first.
export const myGameSchema = z.object({
  _id: z.string(),
  status: z.enum(GAME_STATUSES),
  metadata: z.object({
    name: z.string(),
    locationCity: z.string(),
    price: z.union([z.string(), z.number()]),
    currencyCode: z.string(),
  }),
  questionCount: z.number().int(),
  updatedAt: z.string(),
});
export type MyGame = z.infer<typeof myGameSchema>;
export const myGamesReplySchema = z.object({ data: z.array(myGameSchema) });
export type MyGamesReply = z.infer<typeof myGamesReplySchema>;

// POST /api/game/secret-code: a new code of the creator's own game (source 'creator'), to play-test or give away.
export const secretCodeRequestSchema = z.strictObject({ gameId: idSchema });
export const secretCodeReplySchema = z.object({ data: z.object({ game_secret: z.string() }) });
export type SecretCodeReply = z.infer<typeof secretCodeReplySchema>;

// GET /api/games/my-games/feedbacks[?gameId=]: per game of the caller, its feedbacks newest first.
export const creatorFeedbackSchema = z.object({
  _id: z.string(),
  gameId: z.string(),
  general: z.number().int(),
  questions: z.number().int(),
  path: z.number().int(),
  openAnswer: z.string(),
  update: z.string(),
});
export type CreatorFeedback = z.infer<typeof creatorFeedbackSchema>;
export const myFeedbacksQuerySchema = z.object({ gameId: idSchema.optional() });
export const myFeedbacksReplySchema = z.object({
  data: z.array(z.object({ _id: z.string(), name: z.string(), feedbacks: z.array(creatorFeedbackSchema) })),
});
export type MyFeedbacksReply = z.infer<typeof myFeedbacksReplySchema>;

// GET /api/games/my-active-games?gameId=&progressType=: the plays of one of the caller's games,
// newest first, at most the 1,000 newest that match (the per-question counts are over those).
export const PROGRESS_TYPES = ['all', 'started', 'not_started', 'ended'] as const;
export type ProgressType = (typeof PROGRESS_TYPES)[number];
export const myActiveGamesQuerySchema = z.object({
  gameId: idSchema,
  progressType: z.enum(PROGRESS_TYPES).default('all'),
});
export const activePlaySchema = z.object({
  _id: z.string(),
  game_id: z.string(),
  game_name: z.string(),
  game_secret: z.string(),
  /** Where the code came from: a purchase, an admin, the creator, a free start. */
  source: z.enum(['purchase', 'admin', 'creator', 'free']),
  createdAt: z.string(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  lastUpdate: z.string(),
  questions: z.array(z.object({ status: z.enum(QUESTION_STATUSES).nullable(), hints: z.array(z.object({ isOpen: z.boolean() })) })),
  score: z.number().int(),
  /** The buyer, for a purchased code. */
  payment: z.object({ name: z.string(), email: z.string(), phone: z.string() }).nullable(),
});
export type ActivePlay = z.infer<typeof activePlaySchema>;
/** Per question of the game, over the plays in the reply: how many reached it, answered, skipped, opened a hint. */
export const questionStatsSchema = z.object({
  reached: z.number().int(),
  answered: z.number().int(),
  skipped: z.number().int(),
  hintsOpened: z.number().int(),
});
export type QuestionStats = z.infer<typeof questionStatsSchema>;
export const myActiveGamesReplySchema = z.object({ data: z.array(activePlaySchema), questions: z.array(questionStatsSchema) });
export type MyActiveGamesReply = z.infer<typeof myActiveGamesReplySchema>;

// GET /api/media/{image|video}, POST /api/media/upload/ (spec section 7: Media resource).
export const MEDIA_TYPES = ['image', 'video'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];
export const mediaTypeParamsSchema = z.object({ type: z.enum(MEDIA_TYPES) });
export const mediaResourceSchema = z.object({
  public_id: z.string(),
  resource_type: z.enum(MEDIA_TYPES),
  secure_url: z.string(),
});
export type MediaResource = z.infer<typeof mediaResourceSchema>;
export const mediaListReplySchema = z.object({ data: z.object({ resources: z.array(mediaResourceSchema) }) });
export type MediaListReply = z.infer<typeof mediaListReplySchema>;
export const mediaUploadReplySchema = z.object({ data: mediaResourceSchema });
export type MediaUploadReply = z.infer<typeof mediaUploadReplySchema>;
/** Upload caps (issue 8): refused before the whole body is read. */
export const MAX_IMAGE_UPLOAD_BYTES = 10 * 1024 * 1024;
export const MAX_VIDEO_UPLOAD_BYTES = 100 * 1024 * 1024;

// GET /api/places?q=: the editor's places search (offline gazetteer, `lat, lng`, optional upstream).
export const placesQuerySchema = z.object({ q: lineText().trim().min(2).max(200), lang: z.enum(LANGUAGES).optional() });
export const placeSchema = z.object({
  name: z.string(),
  /** Country or region, when known. */
  detail: z.string(),
  lat: z.number(),
  lng: z.number(),
  source: z.enum(['coordinates', 'gazetteer', 'upstream']),
});
export type Place = z.infer<typeof placeSchema>;
export const placesReplySchema = z.object({ data: z.array(placeSchema) });
export type PlacesReply = z.infer<typeof placesReplySchema>;

// Export and import: GET /api/games/export/{gameId} gives this file; POST /api/games/import takes it
// and stores a new draft. The format is ours, versioned; its JSON schema is docs/game-export.schema.json.
export const GAME_EXPORT_FORMAT = 'streethunt-game';
export const GAME_EXPORT_VERSION = 1;
export const gameExportSchema = z.strictObject({
  format: z.literal(GAME_EXPORT_FORMAT),
  version: z.literal(GAME_EXPORT_VERSION),
  exportedAt: z.string(),
  game: editableGameSchema,
});
export type GameExport = z.infer<typeof gameExportSchema>;

/** A game's content in any of the shapes the server stores or sends (a stored row, an owner's GET reply). */
export type GameContentLike = {
  metadata: {
    name: string;
    locationCity: string;
    locationText: string;
    price: string | number;
    language: (typeof LANGUAGES)[number];
    map: boolean;
    coverImage: string;
    location?: GameLocation | null;
  };
  introPage: { content: string };
  questions?: ReadonlyArray<{
    content: string;
    location?: GameLocation | null;
    /** An owner's reply carries `value` beside the hashes; a player's has none (read as ''). */
    answer: { value?: string; content: string; contentAfterAnswer: string };
    hints: ReadonlyArray<{ content: string; title?: string }>;
  }>;
  gameoverPage: { content: string; hideGameSummary: boolean };
};

/** A price as the editor holds it: '' (not set) or a number; older rows kept it as text ('45'). */
export function editorPrice(price: string | number): '' | number {
  if (typeof price === 'number') return Number.isFinite(price) ? price : '';
  const text = price.trim();
  return /^\d+(\.\d+)?$/.test(text) ? Number(text) : '';
}

/**
 * The editable part of a game, every field named and nothing else (salts and hashes dropped): what
 * the editor edits and saves, and what export and duplicate copy. One function for the server's
 * stored rows and the editor's GET reply.
 */
export function toEditableGame(game: GameContentLike): EditableGame {
  const m = game.metadata;
  return {
    metadata: {
      name: m.name,
      locationCity: m.locationCity,
      locationText: m.locationText,
      price: editorPrice(m.price),
      // Games are sold in shekels only (spec section 3).
      currencyCode: 'ILS',
      language: m.language,
      map: m.map,
      coverImage: m.coverImage,
      location: m.location ?? null,
    },
    introPage: { content: game.introPage.content },
    questions: (game.questions ?? []).map((q) => ({
      content: q.content,
      location: q.location ?? null,
      answer: { value: q.answer.value ?? '', content: q.answer.content, contentAfterAnswer: q.answer.contentAfterAnswer },
      hints: q.hints.map((h) => (h.title === undefined ? { content: h.content } : { content: h.content, title: h.title })),
    })),
    gameoverPage: { content: game.gameoverPage.content, hideGameSummary: game.gameoverPage.hideGameSummary },
  };
}
