import { z } from 'zod';
import { idSchema, lineText, multilineText } from './common.ts';
import { playGrantSchema, secretCodeSchema } from './play.ts';
import { LANGUAGES } from '../constants.ts';

/** Not in the spec: the language the team plays the game in (DESIGN.md section 13), kept with what it sends. */
const playedLanguage = z.enum(LANGUAGES).optional();

// The feedback feature's calls (spec section 7): problem reports during a game, ratings after it.

// POST /api/game/report
export const REPORT_MIN_LENGTH = 5;
export const problemReportRequestSchema = z.object({
  gameId: idSchema,
  gameSecret: secretCodeSchema,
  questionId: z.number().int().min(1).max(200),
  grant: playGrantSchema.optional(),
  message: multilineText().trim().min(REPORT_MIN_LENGTH).max(2000),
  language: playedLanguage,
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
    language: playedLanguage,
  })
  .refine((f) => Boolean(f.secretCode) !== Boolean(f.token), { message: 'send either secretCode or token', path: ['secretCode'] });
export type FeedbackRequest = z.infer<typeof feedbackRequestSchema>;
