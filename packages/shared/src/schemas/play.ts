import { z } from 'zod';
import { QUESTION_STATUSES } from '../game/question-status.ts';
import { emailSchema, idSchema, lineText, multilineText, nameSchema, phoneSchema } from './common.ts';
import { progressSchema } from './game.ts';

const secretCodeSchema = lineText().trim().min(1).max(64);
const index = z.number().int().min(0).max(199);

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
    questionStatus: z.enum(QUESTION_STATUSES),
    /** What the player typed; required for ANSWERED. */
    answer: lineText().max(500).optional(),
  }),
  z.object({ action: z.literal('show-question-hint'), ...base, questionIndex: index, hintIndex: index }),
]);
export type GameProgressRequest = z.infer<typeof gameProgressRequestSchema>;
export type GameProgressAction = GameProgressRequest['action'];

/** set-start-time: status OK and the play (its game_id and game_secret, and the rest of the progress), and its grant. */
export const startTimeReplySchema = z.object({ status: z.literal('OK'), gameProgress: progressSchema, grant: playGrantSchema.optional() });
export type StartTimeReply = z.infer<typeof startTimeReplySchema>;

// POST /api/game/report
export const REPORT_MIN_LENGTH = 5;
export const problemReportRequestSchema = z.object({
  gameId: idSchema,
  gameSecret: secretCodeSchema,
  questionId: z.number().int().min(1).max(200),
  grant: playGrantSchema.optional(),
  message: multilineText().trim().min(REPORT_MIN_LENGTH).max(2000),
});
export type ProblemReportRequest = z.infer<typeof problemReportRequestSchema>;

// POST /api/feedback/game/{gameId}: from the game-over page (with the code) or the emailed link (with its token).
const rating = z.number().int().min(1).max(5);
export const feedbackRequestSchema = z
  .object({
    general: rating,
    questions: rating,
    path: rating,
    openAnswer: multilineText().trim().max(2000).default(''),
    secretCode: secretCodeSchema.optional(),
    token: lineText().trim().min(16).max(256).optional(),
    /** With secretCode: the play's grant (see playGrantSchema). */
    grant: playGrantSchema.optional(),
  })
  .refine((f) => Boolean(f.secretCode) !== Boolean(f.token), { message: 'send either secretCode or token', path: ['secretCode'] });
export type FeedbackRequest = z.infer<typeof feedbackRequestSchema>;

// POST /api/payment/get-url/{gameId}
export const paymentUrlRequestSchema = z.object({ fullName: nameSchema, email: emailSchema, phone: phoneSchema });
export type PaymentUrlRequest = z.infer<typeof paymentUrlRequestSchema>;
export const paymentUrlReplySchema = z.object({ data: z.object({ URL: z.string() }) });
export type PaymentUrlReply = z.infer<typeof paymentUrlReplySchema>;

// POST /api/payment/checkToken
export const checkTokenRequestSchema = z.object({ token: lineText().trim().min(8).max(256) });
export const checkTokenReplySchema = z.object({ data: z.object({ gameId: z.string(), secretCode: z.string() }) });
export type CheckTokenReply = z.infer<typeof checkTokenReplySchema>;

export const statusOkReplySchema = z.object({ data: z.object({ status: z.literal('OK') }) });
