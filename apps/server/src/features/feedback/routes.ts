import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  feedbackRequestSchema,
  gameParamsSchema,
  problemReportRequestSchema,
  okStatusReplySchema,
} from '@streethunt/shared';
import { codeGate } from '../codes/service.ts';
import * as feedback from './service.ts';
import { errorReplies, perMinute } from '../../platform/route-helpers.ts';

/** A few ratings, a comment of at most 2,000 characters. */
const FEEDBACK_BODY_LIMIT = 16 * 1024;

/**
 * Per client IP, against floods (the plugin is registered with global:false in app.ts). Guessing codes
 * is held by the wrong-code limit the codes service applies (10 per 10 minutes, shared with every door).
 */
const ok = { data: { status: 'OK' as const } };

/** A player's feedback and problem reports (spec section 7). Both public: the code or the emailed token is the key. */
export const feedbackRoutes: FastifyPluginAsyncZod<{ onProblemReported: feedback.OnProblemReported }> = async (app, { onProblemReported }) => {
  const deps: feedback.FeedbackDeps = { db: app.services.db, codes: codeGate(app.services), onProblemReported };

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
        response: { 200: okStatusReplySchema, ...errorReplies(400, 403, 409, 413, 429) },
      },
    },
    async (request) => {
      await feedback.giveFeedback(deps, request.params.gameId, request.body, { client: request.ip });
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
        response: { 200: okStatusReplySchema, ...errorReplies(400, 403, 413, 429) },
      },
    },
    async (request) => {
      await feedback.reportProblem(deps, request.body, { client: request.ip });
      return ok;
    },
  );
};
