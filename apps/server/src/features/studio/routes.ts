import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  editorGameReplySchema,
  gameExportSchema,
  importReadReplySchema,
  MAX_OPEN_FORMAT_BYTES,
  gameParamsSchema,
  gameStatusRequestSchema,
  gameValidationReplySchema,
  myGamesReplySchema,
  newGameReplySchema,
  presenceCodesReplySchema,
  saveGameRequestSchema,
  secretCodeReplySchema,
  secretCodeRequestSchema,
  versionConflictReplySchema,
} from '@streethunt/shared';
import { requireUser } from '../../platform/access.ts';
import { acceptEmptyJsonBody, errorReplies, perUserPerMinute, tokenSecurity } from '../../platform/route-helpers.ts';
import { createGameCleaner } from './clean-game.ts';
import { createFileReader } from './formats/read-file.ts';
import { openNextVersion } from './next-version.ts';
import { listPresenceCodes, presenceCodes } from '../games/presence-codes.ts';
import * as studio from './service.ts';

const tags = ['studio'];

/** The studio's calls on games (spec section 7): my games, new, save, status, code, duplicate, export, import. */
export const studioRoutes: FastifyPluginAsyncZod = async (app) => {
  const cleaner = createGameCleaner();
  app.addHook('onClose', () => cleaner.close());
  const deps: studio.StudioDeps = { ...app.services, cleaner };

  app.get(
    '/games/my-games',
    {
      config: { access: 'user', private: true },
      schema: {
        tags,
        summary: 'The caller’s own games, the latest change first',
        security: tokenSecurity,
        response: { 200: myGamesReplySchema, ...errorReplies(401) },
      },
    },
    async (request) => {
      return { data: await studio.listMyGames(deps.db, requireUser(request)) };
    },
  );

  app.post(
    '/games/:gameId',
    {
      config: { access: 'owner', ...perUserPerMinute(60) },
      schema: {
        tags,
        summary:
          'Save the whole game (owner or admin). `version` is the one the editor loaded: 409 conflict (with the current version) when another save came first. A game waiting for approval or approved is changed by admins only. Rich text is sanitized; the status does not change',
        security: tokenSecurity,
        params: gameParamsSchema,
        body: saveGameRequestSchema,
        response: { 200: editorGameReplySchema, 409: versionConflictReplySchema, ...errorReplies(400, 401, 403, 404, 413, 429) },
      },
    },
    async (request) => ({ data: await studio.saveGame(deps, requireUser(request), request.params.gameId, request.body) }),
  );

  app.post(
    '/games/status/:gameId',
    {
      config: { access: 'owner', ...perUserPerMinute(30) },
      schema: {
        tags,
        summary:
          'PENDING sends a draft to approval: 422 with every validation error (issues) when it is not ready, else admins are emailed. DRAFT takes a pending game back to edit it (an approved one: admins only)',
        security: tokenSecurity,
        params: gameParamsSchema,
        body: gameStatusRequestSchema,
        response: { 200: editorGameReplySchema, ...errorReplies(400, 401, 403, 404, 409, 429), 422: gameValidationReplySchema },
      },
    },
    async (request) => ({ data: await studio.setGameStatus(deps, requireUser(request), request.params.gameId, request.body, request.log) }),
  );

  app.post(
    '/game/secret-code',
    {
      config: { access: 'owner', ...perUserPerMinute(20) },
      schema: {
        tags,
        summary: 'A new code for the caller’s own game (to play-test it or give it away); admins may ask for any game',
        security: tokenSecurity,
        body: secretCodeRequestSchema,
        response: { 200: secretCodeReplySchema, ...errorReplies(400, 401, 404, 429) },
      },
    },
    async (request) => ({ data: { game_secret: await studio.createSecretCode(deps.db, requireUser(request), request.body.gameId) } }),
  );

  app.get(
    '/games/export/:gameId',
    {
      config: { access: 'owner', ...perUserPerMinute(30) },
      schema: {
        tags,
        summary: 'The game as a versioned export file (docs/game-export.md), as an attachment; owner or admin',
        security: tokenSecurity,
        params: gameParamsSchema,
        response: { 200: gameExportSchema, ...errorReplies(400, 401, 404, 429) },
      },
    },
    async (request, reply) => {
      const { file, disposition } = await studio.exportGame(deps, requireUser(request), request.params.gameId);
      reply.header('content-disposition', disposition);
      reply.header('cache-control', 'private, no-store');
      return file;
    },
  );

  app.get(
    '/games/export-map/:gameId',
    {
      config: { access: 'owner', ...perUserPerMinute(30) },
      schema: {
        tags,
        summary:
          'The game’s map as GPX 1.1 or KML 2.2 (its start and each question’s area, in order, named; never answers or hints), as an attachment; owner or admin (docs/open-formats.md)',
        security: tokenSecurity,
        params: gameParamsSchema,
        querystring: z.object({ format: z.enum(['gpx', 'kml']) }),
        response: { 200: z.string(), ...errorReplies(400, 401, 404, 429) },
      },
    },
    async (request, reply) => {
      const { format } = request.query;
      const { text, disposition } = await studio.exportMap(deps, requireUser(request), request.params.gameId, format);
      reply.header('content-type', format === 'gpx' ? 'application/gpx+xml; charset=utf-8' : 'application/vnd.google-earth.kml+xml; charset=utf-8');
      reply.header('content-disposition', disposition);
      reply.header('cache-control', 'private, no-store');
      return text;
    },
  );

  app.get(
    '/games/presence-codes/:gameId',
    {
      config: { access: 'owner', private: true, ...perUserPerMinute(30) },
      schema: {
        tags,
        summary:
          'The spot code of each question (what its QR sign at the spot carries, for a question whose presence is qr or gps-or-qr), to print; owner or admin. Players never get these: their game has only a salted hash',
        security: tokenSecurity,
        params: gameParamsSchema,
        response: { 200: presenceCodesReplySchema, ...errorReplies(400, 401, 404, 429) },
      },
    },
    async (request) => listPresenceCodes({ db: deps.db, presence: presenceCodes(app.services) }, requireUser(request), request.params.gameId),
  );

  app.post(
    '/games/import',
    {
      config: { access: 'user', ...perUserPerMinute(10) },
      schema: {
        tags,
        summary:
          'An export file (docs/game-export.schema.json) becomes a new draft of the caller. A file of another format or version, or a broken one, gets 400 naming the problem and where it is',
        security: tokenSecurity,
        // Read by the service, which explains a wrong file in words (format, version, path).
        body: z.unknown(),
        response: { 200: newGameReplySchema, ...errorReplies(400, 401, 413, 429) },
      },
    },
    async (request) => ({ data: await studio.importGame(deps, requireUser(request), request.body) }),
  );

  await app.register(emptyBodyRoutes(deps));
  await app.register(openFormatRoutes);
};

/** Files in open formats arrive as their bytes (`application/octet-stream`), up to the size cap; they are read on a worker thread. */
const openFormatRoutes: FastifyPluginAsyncZod = async (app) => {
  const reader = createFileReader();
  app.addHook('onClose', () => reader.close());
  app.addContentTypeParser('application/octet-stream', { parseAs: 'buffer', bodyLimit: MAX_OPEN_FORMAT_BYTES }, (_request, body, done) => done(null, body));
  app.post(
    '/games/import/read',
    {
      config: { access: 'user', ...perUserPerMinute(30) },
      schema: {
        tags,
        summary:
          'A GPX, KML, KMZ or geo-tales file (its bytes, application/octet-stream, at most 5 MB) read into a game, nothing saved: the game as an export file for POST /api/games/import, what was read, and what could not be kept (docs/open-formats.md). A file that is none of these or breaks a rule gets 400 naming what and where',
        security: tokenSecurity,
        consumes: ['application/octet-stream'],
        body: z.instanceof(Buffer).meta({ type: 'string', format: 'binary', description: 'The file as it is on disk' }),
        response: { 200: importReadReplySchema, ...errorReplies(400, 401, 413, 429) },
      },
    },
    async (request) => ({ data: await reader.read(request.body) }),
  );
};

/** New and duplicate take no payload (spec: 'empty'); a client may still say `content-type: application/json`. */
const emptyBodyRoutes = (deps: studio.StudioDeps): FastifyPluginAsyncZod => async (app) => {
  acceptEmptyJsonBody(app);
  const emptyBody = z.strictObject({}).nullish();

  app.post(
    '/games/new',
    {
      config: { access: 'user', ...perUserPerMinute(10) },
      schema: {
        tags,
        summary: 'A new, empty draft game of the caller, in the caller’s language',
        security: tokenSecurity,
        body: emptyBody,
        response: { 200: newGameReplySchema, ...errorReplies(400, 401, 429) },
      },
    },
    async (request) => ({ data: await studio.createGame(deps, requireUser(request)) }),
  );

  app.post(
    '/games/duplicate/:gameId',
    {
      config: { access: 'owner', ...perUserPerMinute(10) },
      schema: {
        tags,
        summary: 'A copy of the game as a new draft of the caller, named as a copy; owner or admin',
        security: tokenSecurity,
        params: gameParamsSchema,
        body: emptyBody,
        response: { 200: newGameReplySchema, ...errorReplies(400, 401, 404, 429) },
      },
    },
    async (request) => ({ data: await studio.duplicateGame(deps, requireUser(request), request.params.gameId) }),
  );

  app.post(
    '/games/next-version/:gameId',
    {
      config: { access: 'owner', ...perUserPerMinute(10) },
      schema: {
        tags,
        summary:
          'The draft of an approved game’s next version (owner or admin), made on the first call and the same one after: edited and sent to approval like any draft while the game stays listed as it is; approving it publishes it as the game’s next version (plays keep the version they started on). 409 unless the game is approved (departs from the spec: it has no such call)',
        security: tokenSecurity,
        params: gameParamsSchema,
        body: emptyBody,
        response: { 200: newGameReplySchema, ...errorReplies(400, 401, 404, 409, 429) },
      },
    },
    async (request) => ({ data: await openNextVersion(deps.db, requireUser(request), request.params.gameId) }),
  );
};
