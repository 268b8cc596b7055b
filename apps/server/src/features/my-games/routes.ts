import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { myActiveGamesQuerySchema, myActiveGamesReplySchema, myFeedbacksQuerySchema, myFeedbacksReplySchema } from '@streethunt/shared';
import { requireUser } from '../../platform/access.ts';
import { errorReplies, perUserPerMinute, tokenSecurity } from '../../platform/route-helpers.ts';
import * as myGames from './service.ts';

const tags = ['studio'];
/** Per user: a report page asks once per choice the creator makes. */
const perUser = perUserPerMinute(60).rateLimit;

/** The creator's reports on their games (spec section 2, 'Creator screens'): feedbacks of their games, and the plays of one game. */
export const myGamesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.services;

  app.get(
    '/games/my-games/feedbacks',
    {
      config: { access: 'user', rateLimit: perUser },
      schema: {
        tags,
        summary: 'The caller’s games (or the one ?gameId= names: 404 when it is not theirs), newest change first, each with its feedbacks newest first',
        security: tokenSecurity,
        querystring: myFeedbacksQuerySchema,
        response: { 200: myFeedbacksReplySchema, ...errorReplies(400, 401, 404, 429) },
      },
    },
    async (request) => ({ data: await myGames.listMyFeedbacks(db, requireUser(request), request.query) }),
  );

  app.get(
    '/games/my-active-games',
    {
      config: { access: 'owner', rateLimit: perUser },
      schema: {
        tags,
        summary: `The plays of one game of the caller’s (admins: any game; else 404), newest first, at most ${myGames.MAX_REPORTED_PLAYS}, filtered by progressType, with scores, the buyer of a bought code, and per-question counts`,
        security: tokenSecurity,
        querystring: myActiveGamesQuerySchema,
        response: { 200: myActiveGamesReplySchema, ...errorReplies(400, 401, 404, 429) },
      },
    },
    async (request) => myGames.listActivePlays(db, requireUser(request), request.query),
  );
};
