import { z } from 'zod';
import { QUESTION_STATUSES } from '../game/question-status.ts';
import { idSchema, lineText } from './common.ts';
import { contentIdSchema } from '../content/ids.ts';

const flowSchema = z.object({ playable: z.array(contentIdSchema), next: contentIdSchema.nullable(), over: z.boolean() });

/** A game code as typed (normalized by the server). */
export const secretCodeSchema = lineText().trim().min(1).max(64);
const index = z.number().int().min(0).max(199);
/** More wrong attempts than this on one question are counted as this many. */
export const MAX_WRONG_ATTEMPTS = 999;
/**
 * The id of the question at `questionIndex`, when the client knows it: a change meant for a question
 * that is not there in the version the play is on is refused rather than applied to another.
 */
const questionIdSchema = contentIdSchema.optional();

export const PHOTO_STATUSES = ['pending', 'accepted', 'rejected'] as const;
/** The most points one photo may be given. */
export const MAX_PHOTO_POINTS = 1000;
/** A judge's comment back to the team. */
export const MAX_PHOTO_COMMENT = 200;
/** A photo as the play's progress carries it (the score counts an accepted one's points). */
const photoStateSchema = z.object({
  status: z.enum(PHOTO_STATUSES),
  points: z.number().int().min(0).max(MAX_PHOTO_POINTS).optional(),
  comment: z.string().optional(),
  /** When it was judged: each verdict is news for the team once (a photo taken again is judged anew). */
  judgedAt: z.string().optional(),
});
export type PhotoState = z.infer<typeof photoStateSchema>;

/** One play's progress: the reply of the game-progress actions and the `game-progress` socket event. */
export const progressSchema = z.object({
  game_id: z.string(),
  game_secret: z.string(),
  game_name: z.string(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  lastUpdate: z.string(),
  questions: z.array(
    z.object({
      status: z.enum(QUESTION_STATUSES).nullable(),
      hints: z.array(z.object({ isOpen: z.boolean() })),
      solution: z.string().optional(),
      /** Wrong attempts before the answer or the skip, when the player's phone counted any (a game may take points off for each). */
      wrongAttempts: z.number().int().min(0).optional(),
      /** A photo question's photo, once it reached the server: pending until judged, then its points and the judge's comment. */
      photo: photoStateSchema.optional(),
      /** A choice question answered right: the option the team chose (a branch follows it). */
      chose: contentIdSchema.optional(),
      /** What the question's flow rules gave the team (content/play-flow.ts); absent when nothing. */
      points: z.number().int().optional(),
    }),
  ),
  score: z.number().int(),
  /**
   * What is playable now, what to play next and whether the game is over (content/flow.ts). Every
   * reply of the server carries it; absent only in a copy a phone kept from before flows.
   */
  flow: flowSchema.optional(),
});
export type Progress = z.infer<typeof progressSchema>;

/**
 * The play grant set-start-time hands a device (the server's signature of its game and code): sent
 * back with later calls, it lets the play go on from an address blocked for wrong codes (DESIGN.md
 * section 4). Opaque to the phone; only base64url characters.
 */
export const playGrantSchema = lineText().min(1).max(128).regex(/^[A-Za-z0-9_-]+$/, 'not a play grant');

// POST /api/game-progress: one call, five actions (spec section 7).
const base = { gameId: idSchema, secretCode: secretCodeSchema, grant: playGrantSchema.optional() };
export const gameProgressRequestSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('get-game-progress'), ...base }),
  // A free game may start without a code: the server issues the play's code (the reply's game_secret).
  z.object({ action: z.literal('set-start-time'), gameId: idSchema, secretCode: secretCodeSchema.optional(), grant: playGrantSchema.optional() }),
  z.object({ action: z.literal('set-end-time'), ...base }),
  z.object({
    action: z.literal('set-question-status'),
    ...base,
    questionIndex: index,
    questionId: questionIdSchema,
    questionStatus: z.enum(QUESTION_STATUSES),
    /** What the player typed; required for ANSWERED. */
    answer: lineText().max(500).optional(),
    /** With ANSWERED or SOLUTION: the wrong attempts the phone judged before it (kept once, with the move). */
    wrongAttempts: z.number().int().min(0).max(MAX_WRONG_ATTEMPTS).optional(),
    /**
     * The spot code the player scanned or typed (game/presence.ts), with the move that begins a question
     * taking one: a wrong one is a 422 wrong_presence_code; a `qr` question does not begin without it.
     */
    presenceCode: lineText().max(64).optional(),
  }),
  z.object({ action: z.literal('show-question-hint'), ...base, questionIndex: index, questionId: questionIdSchema, hintIndex: index }),
]);
export type GameProgressRequest = z.infer<typeof gameProgressRequestSchema>;

/**
 * progress:watch (WATCH_EVENT in live-events.ts): the socket's request to follow a play live; the same
 * code check as game-progress, and the play grant lets it through from a blocked address.
 */
export const watchRequestSchema = z.object({ gameId: idSchema, secretCode: secretCodeSchema, grant: playGrantSchema.optional() });
export type WatchRequest = z.infer<typeof watchRequestSchema>;

/** set-start-time: status OK and the play (its game_id and game_secret, and the rest of the progress), and its grant. */
export const startTimeReplySchema = z.object({ status: z.literal('OK'), gameProgress: progressSchema, grant: playGrantSchema.optional() });
export type StartTimeReply = z.infer<typeof startTimeReplySchema>;

