import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { trialReplySchema, trialRequestSchema } from '@streethunt/shared';
import { errorReplies, perMinute } from '../../platform/route-helpers.ts';
import { trialLimiter } from '../codes/service.ts';
import { startTrial } from './service.ts';

/** A trial request is two short fields. */
const TRIAL_BODY_LIMIT = 2 * 1024;

/** Try before you buy (DESIGN.md section 15): POST /api/trials. */
export const trialsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.services.db, trialLimiter: trialLimiter(app.services) };

  app.post(
    '/trials',
    {
      bodyLimit: TRIAL_BODY_LIMIT,
      // Beside the issued-trials limit per client (10 an hour) the service applies.
      config: { access: 'public', ...perMinute(30) },
      schema: {
        tags: ['plays'],
        summary:
          'A trial code of an approved paid game that offers free questions (metadata.freeQuestions), anonymous or signed in: it plays through /api/game-progress like any code, only the first freeQuestions questions the game’s flow opens (any other: 402 payment_required), for 24 hours from now (then 410 trial_expired)',
        description:
          'One trial per game per deviceId and per signed-in account (409 trial_used); a free game or one without free questions is 409 no_trial; an unknown or unlisted game 404; 10 trials an hour per client address (an IPv6 client by its /64), then 429. POST /api/payment/get-url/{gameId} with trialCode buys the game on this play.',
        body: trialRequestSchema,
        response: { 200: trialReplySchema, ...errorReplies(400, 404, 409, 413, 429) },
      },
    },
    async (request) => ({
      data: await startTrial(deps, { ...request.body, userId: request.auth?.userId ?? null, client: request.ip }),
    }),
  );
};
