import { z } from 'zod';
import { QUESTION_STATUSES } from '../game/question-status.ts';
import { emailSchema, idSchema, nameSchema, phoneSchema } from './common.ts';
import { progressSchema } from './game.ts';

const secretCodeSchema = z.string().trim().min(1).max(64);
const index = z.number().int().min(0).max(199);

// POST /api/game-progress: one call, five actions (spec section 7).
const base = { gameId: idSchema, secretCode: secretCodeSchema };
export const gameProgressRequestSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('get-game-progress'), ...base }),
  // A free game may start without a code: the server issues the play's code (the reply's game_secret).
  z.object({ action: z.literal('set-start-time'), gameId: idSchema, secretCode: secretCodeSchema.optional() }),
  z.object({ action: z.literal('set-end-time'), ...base }),
  z.object({
    action: z.literal('set-question-status'),
    ...base,
    questionIndex: index,
    questionStatus: z.enum(QUESTION_STATUSES),
    /** What the player typed; required for ANSWERED. */
    answer: z.string().max(500).optional(),
  }),
  z.object({ action: z.literal('show-question-hint'), ...base, questionIndex: index, hintIndex: index }),
]);
export type GameProgressRequest = z.infer<typeof gameProgressRequestSchema>;
export type GameProgressAction = GameProgressRequest['action'];

/** set-start-time: status OK and the play (its game_id and game_secret, and the rest of the progress). */
export const startTimeReplySchema = z.object({ status: z.literal('OK'), gameProgress: progressSchema });
export type StartTimeReply = z.infer<typeof startTimeReplySchema>;

// POST /api/game/report
export const REPORT_MIN_LENGTH = 5;
export const problemReportRequestSchema = z.object({
  gameId: idSchema,
  gameSecret: secretCodeSchema,
  questionId: z.number().int().min(1).max(200),
  message: z.string().trim().min(REPORT_MIN_LENGTH).max(2000),
});
export type ProblemReportRequest = z.infer<typeof problemReportRequestSchema>;

// POST /api/feedback/game/{gameId}: from the game-over page (with the code) or the emailed link (with its token).
const rating = z.number().int().min(1).max(5);
export const feedbackRequestSchema = z
  .object({
    general: rating,
    questions: rating,
    path: rating,
    openAnswer: z.string().trim().max(2000).default(''),
    secretCode: secretCodeSchema.optional(),
    token: z.string().trim().min(16).max(256).optional(),
  })
  .refine((f) => Boolean(f.secretCode) !== Boolean(f.token), { message: 'send either secretCode or token', path: ['secretCode'] });
export type FeedbackRequest = z.infer<typeof feedbackRequestSchema>;

// POST /api/payment/get-url/{gameId}
export const paymentUrlRequestSchema = z.object({ fullName: nameSchema, email: emailSchema, phone: phoneSchema });
export type PaymentUrlRequest = z.infer<typeof paymentUrlRequestSchema>;
export const paymentUrlReplySchema = z.object({ data: z.object({ URL: z.string() }) });
export type PaymentUrlReply = z.infer<typeof paymentUrlReplySchema>;

// POST /api/payment/checkToken
export const checkTokenRequestSchema = z.object({ token: z.string().trim().min(8).max(256) });
export const checkTokenReplySchema = z.object({ data: z.object({ gameId: z.string(), secretCode: z.string() }) });
export type CheckTokenReply = z.infer<typeof checkTokenReplySchema>;

export const statusOkReplySchema = z.object({ data: z.object({ status: z.literal('OK') }) });
