import { z } from 'zod';
import { QUESTION_STATUSES } from '../game/question-status.ts';
import { idSchema } from './common.ts';
import { LANGUAGES } from '../constants.ts';

// The creator's reports on their games (spec section 2, 'Creator screens'): feedbacks and plays.

// GET /api/games/my-games/feedbacks[?gameId=]: per game of the caller, its feedbacks newest first.
const creatorFeedbackSchema = z.object({
  _id: z.string(),
  gameId: z.string(),
  general: z.number().int(),
  questions: z.number().int(),
  path: z.number().int(),
  openAnswer: z.string(),
  /** The language the team played in; null for feedback given before it was kept. */
  language: z.enum(LANGUAGES).nullable(),
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
const activePlaySchema = z.object({
  _id: z.string(),
  game_id: z.string(),
  game_name: z.string(),
  game_secret: z.string(),
  /** Where the code came from: a purchase, an admin, the creator, a free start. */
  source: z.enum(['purchase', 'admin', 'creator', 'free', 'event', 'trial']),
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
const questionStatsSchema = z.object({
  /** The plays that could reach it: those that began it or may still, not those a branch or the line took past it. */
  couldReach: z.number().int(),
  reached: z.number().int(),
  answered: z.number().int(),
  skipped: z.number().int(),
  hintsOpened: z.number().int(),
  /** A question whose options lead different ways (a condition or rule names one): how many plays took each. */
  branches: z.array(z.object({ option: z.string(), text: z.string(), plays: z.number().int() })).optional(),
});
export type QuestionStats = z.infer<typeof questionStatsSchema>;
export const myActiveGamesReplySchema = z.object({ data: z.array(activePlaySchema), questions: z.array(questionStatsSchema) });
export type MyActiveGamesReply = z.infer<typeof myActiveGamesReplySchema>;
