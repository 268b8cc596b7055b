import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminGamesReplySchema,
  approveGameRequestSchema,
  codeBatchesReplySchema,
  editorGameReplySchema,
  gameParamsSchema,
  gameValidationReplySchema,
  generateCodesReplySchema,
  generateCodesRequestSchema,
  reviewReasonRequestSchema,
  versionConflictReplySchema,
} from '@streethunt/shared';
import { requireAdmin } from '../../platform/access.ts';
import { acceptEmptyJsonBody, errorReplies, perMinute, tokenSecurity } from '../../platform/route-helpers.ts';
import * as admin from './service.ts';
import { generateCodes, listCodeBatches } from './code-batches.ts';

const tags = ['admin'];
const access = 'admin' as const;

/** Approve takes no payload, as the spec has it (a client may still send an empty JSON body), or the version reviewed. */
const approveRoute: FastifyPluginAsyncZod = async (app) => {
  const deps: admin.AdminDeps = app.services;
  acceptEmptyJsonBody(app);
  app.post(
    '/games/approve/:gameId',
    {
      config: { access },
      schema: {
        tags,
        summary:
          'A pending game becomes APPROVED: listed on GET /api/games at once, its review note cleared, its creator emailed in their language (admins). No payload (the spec\'s) approves the version sent to approval; `{ version }` approves the one the admin reviewed. Either way 409 conflict with the current version when the game was saved since, 409 unless PENDING, and 422 with every validation error when the game breaks a rule of sending to approval (a price per team under the minimum); replies with the game as stored',
        security: tokenSecurity,
        params: gameParamsSchema,
        body: approveGameRequestSchema,
        response: { 200: editorGameReplySchema, 409: versionConflictReplySchema, 422: gameValidationReplySchema, ...errorReplies(400, 401, 403, 404) },
      },
    },
    async (request) => ({ data: await admin.approveGame(deps, request.params.gameId, request.body?.version, request.log) }),
  );
};

/** The admin's calls on games (spec sections 2, 5 and 7): the queues, the decisions, the codes. */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: admin.AdminDeps = app.services;

  for (const which of ['pending', 'all'] as const) {
    app.get(
      `/games/${which}-games`,
      {
        config: { access, private: true },
        schema: {
          tags,
          summary: which === 'pending' ? 'Games waiting for approval, the longest waiting first (admins)' : 'Every game, the latest change first (admins)',
          security: tokenSecurity,
          response: { 200: adminGamesReplySchema, ...errorReplies(401, 403) },
        },
      },
      async (_request) => {
        return { data: await admin.listGamesForAdmin(deps.db, which) };
      },
    );
  }

  await app.register(approveRoute);

  // The two decisions that take a reason, shown to the creator in the editor and emailed: one call each.
  const decisionsWithReason = [
    {
      path: 'send-back',
      summary: 'A pending game goes back to DRAFT with the reason, shown to its creator in the editor and emailed (admins). 409 unless PENDING',
      decide: admin.sendGameBack,
    },
    {
      path: 'unpublish',
      summary:
        'An approved game leaves the list (back to DRAFT) with the reason, shown and emailed to its creator; its plays and codes keep working (admins). 409 unless APPROVED',
      decide: admin.unpublishGame,
    },
  ] as const;
  for (const { path, summary, decide } of decisionsWithReason) {
    app.post(
      `/games/${path}/:gameId`,
      {
        config: { access },
        schema: {
          tags,
          summary,
          security: tokenSecurity,
          params: gameParamsSchema,
          body: reviewReasonRequestSchema,
          response: { 200: editorGameReplySchema, ...errorReplies(400, 401, 403, 404, 409) },
        },
      },
      async (request) => ({ data: await decide(deps, request.params.gameId, request.body.reason, request.log) }),
    );
  }

  app.post(
    '/games/generate-codes/:gameId',
    {
      config: { access, ...perMinute(30) },
      schema: {
        tags,
        summary:
          'qty (1..500; a number, or digits without a leading zero) new unique random codes for the game, each starting with the prefix `code` (letters and digits, up to 12, upper-cased), recorded as one batch (admins)',
        security: tokenSecurity,
        params: gameParamsSchema,
        body: generateCodesRequestSchema,
        response: { 200: generateCodesReplySchema, ...errorReplies(400, 401, 403, 404, 429) },
      },
    },
    async (request) => {
      const { batchId, codes } = await generateCodes(deps.db, requireAdmin(request), request.params.gameId, {
        prefix: request.body.code,
        qty: request.body.qty,
      });
      return { data: { data: codes, batchId } };
    },
  );

  app.get(
    '/games/code-batches/:gameId',
    {
      config: { access, private: true },
      schema: {
        tags,
        summary: 'The code batches generated for the game, newest first: who, when, how many, the prefix and the codes (admins)',
        security: tokenSecurity,
        params: gameParamsSchema,
        response: { 200: codeBatchesReplySchema, ...errorReplies(400, 401, 403, 404) },
      },
    },
    async (request) => {
      return { data: await listCodeBatches(deps.db, request.params.gameId) };
    },
  );
};
