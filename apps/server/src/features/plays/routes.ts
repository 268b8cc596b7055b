import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { gameProgressRequestSchema, progressSchema, startTimeReplySchema } from '@streethunt/shared';
import { codeGate, freePlayLimiter } from '../codes/service.ts';
import { readProgressJson, runGameProgressAction, type OnPlayChanged, type OnPlayFinished, type PlayGate, type PlaysDeps, type ScoreEnd } from './service.ts';
import { registerProgressWatch, type OnWatched } from './watch.ts';
import { presenceCodes } from '../games/presence-codes.ts';
import { guessLimiter } from './guess-limit.ts';
import { sendSharedJson } from '../../platform/compression.ts';
import { errorReplies } from '../../platform/route-helpers.ts';

/** A progress call is a few short fields. */
const PROGRESS_BODY_LIMIT = 8 * 1024;

/** The plays feature: POST /api/game-progress and the progress:watch socket event. */
/** What the plays service is wired to: the feedback invitation, the events' control room and their gate. */
export type PlayPorts = { onPlayFinished: OnPlayFinished; onPlayChanged: OnPlayChanged; playGate: PlayGate; scoreEnd: ScoreEnd; onWatched?: OnWatched };

/** The plays service's dependencies, the same wherever a play changes (the game-progress route, the control room's pushed hint). */
export function playsDeps(app: FastifyInstance, ports: PlayPorts): PlaysDeps {
  const { services } = app;
  return { ...services, codes: codeGate(services), freePlayLimiter: freePlayLimiter(services), presence: presenceCodes(services), guesses: guessLimiter(services), log: app.log, ...ports };
}

export const playsRoutes: FastifyPluginAsyncZod<PlayPorts> = async (app, ports) => {
  const { services } = app;
  const deps = playsDeps(app, ports);
  const { codes } = deps;

  registerProgressWatch(services.realtime.io, { db: services.db, codes, trustProxy: services.config.trustProxy, log: app.log, onWatched: ports.onWatched });

  app.post(
    '/game-progress',
    {
      bodyLimit: PROGRESS_BODY_LIMIT,
      // A progress is well under the 1 KB from which replies are compressed: skip the compression hooks
      // on the busiest call (get-game-progress, sent as prepared text, compresses a long one itself).
      compress: false,
      // Per client IP, beside the wrong-code limit (10 per 10 minutes) the service applies.
      config: { access: 'public', rateLimit: { max: 300, timeWindow: '1 minute' } },
      schema: {
        tags: ['plays'],
        summary:
          'A play’s progress: get-game-progress, set-start-time, set-question-status, show-question-hint, set-end-time (needs a valid code for the game; set-start-time of a free game needs none: the server issues the play’s code)',
        description:
          'set-start-time on a free game (price empty or 0) may leave out secretCode: the server issues the play’s code and returns it as gameProgress.game_secret, for every later call and for the team to share (rate limited per client). Without secretCode, a game that is not free is a 400 and an unknown or unlisted one a 404. A trial code (POST /api/trials) changes only the game’s free questions, the first metadata.freeQuestions the flow opens for its play (any other: 402 payment_required, nothing changed), and stops 24 hours after it was issued (410 trial_expired).',
        body: gameProgressRequestSchema,
        response: {
          // The progress first: it is what every action but set-start-time replies, so it matches at once.
          200: z.union([progressSchema, startTimeReplySchema]),
          ...errorReplies(400, 402, 403, 404, 409, 410, 413, 422, 429),
        },
      },
    },
    async (request, reply) => {
      const { body } = request;
      if (body.action !== 'get-game-progress') return runGameProgressAction(deps, body, { client: request.ip });
      // The busiest call: its text was checked against progressSchema when made, and is kept per play version.
      return sendSharedJson(request, reply, await readProgressJson(deps, body, { client: request.ip }));
    },
  );
};
