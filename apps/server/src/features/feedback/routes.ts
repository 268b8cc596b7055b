import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorReplySchema,
  feedbackRequestSchema,
  gameParamsSchema,
  problemReportRequestSchema,
  statusOkReplySchema,
} from '@streethunt/shared';
import * as feedback from './service.ts';

/** A few ratings, a comment of at most 2,000 characters. */
const FEEDBACK_BODY_LIMIT = 16 * 1024;

/** Per client IP; the plugin is registered with global:false in app.ts. */
const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });
const errorReplies = (...statuses: number[]) => Object.fromEntries(statuses.map((s) => [s, errorReplySchema]));
const ok = { data: { status: 'OK' as const } };

/** A player's feedback and problem reports (spec section 7). Both public: the code or the emailed token is the key. */
export const feedbackRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.services;

  app.post(
    '/feedback/game/:gameId',
    {
      bodyLimit: FEEDBACK_BODY_LIMIT,
      config: { access: 'public', ...perMinute(30) },
      schema: {
        tags: ['feedback'],
        summary: 'Rate a played game (general, questions, path: 1 to 5) with its code, or with the emailed single-use token',
        params: gameParamsSchema,
        body: feedbackRequestSchema,
        response: { 200: statusOkReplySchema, ...errorReplies(400, 403, 404, 409, 413, 429) },
      },
    },
    async (request) => {
      await feedback.giveFeedback(deps, request.params.gameId, request.body);
      return ok;
    },
  );

  app.post(
    '/game/report',
    {
      bodyLimit: FEEDBACK_BODY_LIMIT,
      config: { access: 'public', ...perMinute(20) },
      schema: {
        tags: ['feedback'],
        summary: 'Report a problem with a question (1-based questionId), with a valid code for the game',
        body: problemReportRequestSchema,
        response: { 200: statusOkReplySchema, ...errorReplies(400, 403, 404, 413, 429) },
      },
    },
    async (request) => {
      await feedback.reportProblem(deps, request.body);
      return ok;
    },
  );
};
