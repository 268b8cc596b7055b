import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { gameListReplySchema, gameParamsSchema, gameQuerySchema, gameReplySchema, gamesListQuerySchema, lineText, playGrantSchema } from '@streethunt/shared';
import { sendSharedJson } from '../../platform/compression.ts';
import { codeGate } from '../codes/service.ts';
import { listGames } from './games-list.ts';
import * as gamesService from './service.ts';
import { errorReplies, perMinute } from '../../platform/route-helpers.ts';

const tags = ['games'];

/**
 * A logged-in caller's reads of one game, per account: the owner's and an admin's reply carries the
 * whole game with every answer, the costliest read there is. Players without an account are not
 * counted here (their wrong codes are, by the code gate).
 */
const OWNER_READS_PER_MINUTE = 120;
const loggedInReadsPerMinute = (max: number) => ({
  rateLimit: {
    ...perMinute(max).rateLimit,
    keyGenerator: (request: FastifyRequest) => `reads:${request.auth?.userId ?? ''}`,
    allowList: (request: FastifyRequest) => !request.auth,
  },
});

/** Loose: validation replaces request.headers with its result, and the other headers must stay. */
const gameSecretHeadersSchema = z.looseObject({ 'x-game-secret': lineText().max(200).optional(), 'x-play-grant': playGrantSchema.optional() });

/** The player's calls on games (spec section 7): the public list and one game. */
export const gamesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.services;
  const codes = codeGate(app.services);

  app.get(
    '/games',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          'One page of approved games as cards, newest listed first; with lat and lng the games starting within radius km (default 50), nearest first, with distanceMeters. Filters combine: user (one creator), q (part of the name or city), price, language, map, stepFree=yes (only games their creator marks step-free; each card carries stepFree, lengthKm and durationMinutes of metadata.accessibility). nextCursor, sent back as cursor with the same filters, gives the next page (null on the last)',
        querystring: gamesListQuerySchema,
        response: { 200: gameListReplySchema, ...errorReplies(400) },
      },
    },
    async (request) => listGames(db, request.query),
  );

  app.get(
    '/games/:gameId',
    {
      config: { access: 'public', ...loggedInReadsPerMinute(OWNER_READS_PER_MINUTE) },
      schema: {
        tags,
        summary:
          'One game: the public part (in `lang`, one of metadata.languages, when given; a language the game does not have complete is 404 language_not_ready); with a valid code in x-game-secret also the questions, answers as salted hashes; the owner and admins also get the answers. x-play-grant: the play grant set-start-time gave, so a play goes on from an address blocked for wrong codes. With a trial code, the questions its trial does not open now are `locked: true`, with their id, condition and rules only (no content, location, hints or answer)',
        params: gameParamsSchema,
        querystring: gameQuerySchema,
        headers: gameSecretHeadersSchema,
        response: { 200: gameReplySchema, ...errorReplies(400, 404, 429) },
      },
    },
    async (request, reply) => {
      const secret = request.headers['x-game-secret'];
      const game = await gamesService.getGameForViewer({ db, codes }, request.params.gameId, {
        auth: request.auth,
        secretCode: secret?.trim() ? secret : undefined,
        grant: request.headers['x-play-grant'],
        client: request.ip,
        language: request.query.lang,
      });
      // What comes back depends on the caller's code and token: never from a shared cache.
      reply.header('vary', 'x-game-secret, x-access-token');
      if (game.body.questions) reply.header('cache-control', 'private, no-store');
      // Every reply (public, player, owner) was checked against gameReplySchema and serialized once
      // per game version; it is compressed once per version too.
      return sendSharedJson(request, reply, game);
    },
  );
};
