import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminPurchaseReplySchema,
  adminPurchasesReplySchema,
  idSchema,
  payoutEntriesReplySchema,
  payoutEntryReplySchema,
  payoutsDueReplySchema,
  payoutsMonthQuerySchema,
  purchasesQuerySchema,
  recordPayoutRequestSchema,
} from '@streethunt/shared';
import { z } from 'zod';
import { requireAdmin } from '../../platform/access.ts';
import { acceptEmptyJsonBody, errorReplies, tokenSecurity } from '../../platform/route-helpers.ts';
import * as payouts from './service.ts';

const tags = ['admin'];
const access = 'admin' as const;

/** The admin's money (issue 10 item 5): the month's payouts due, the payouts ledger, refunds of unused purchases. */
export const payoutsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: payouts.PayoutsDeps = { db: app.services.db, mailer: app.services.mailer };

  app.get(
    '/payouts',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Each builder’s and affiliate’s statement line of a month (YYYY-MM), paid at the end of the following month, with their bank details (admins)',
        security: tokenSecurity,
        querystring: payoutsMonthQuerySchema,
        response: { 200: payoutsDueReplySchema, ...errorReplies(400, 401, 403) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { data: await payouts.payoutsDue(deps, request.query.month) };
    },
  );

  app.get(
    '/payouts/entries',
    {
      config: { access },
      schema: {
        tags,
        summary: 'The payouts ledger of a month: every payment and correction recorded, in order (admins)',
        security: tokenSecurity,
        querystring: payoutsMonthQuerySchema,
        response: { 200: payoutEntriesReplySchema, ...errorReplies(400, 401, 403) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { data: await payouts.payoutEntries(deps, request.query.month) };
    },
  );

  app.post(
    '/payouts',
    {
      config: { access },
      schema: {
        tags,
        summary:
          'Records money paid to a user for a month’s earnings; never changed afterwards. A correction names the payout it corrects (same user and month) and may be negative (admins)',
        security: tokenSecurity,
        body: recordPayoutRequestSchema,
        response: { 200: payoutEntryReplySchema, ...errorReplies(400, 401, 403, 404) },
      },
    },
    async (request) => ({ data: await payouts.recordPayout(deps, requireAdmin(request).userId, request.body) }),
  );

  app.get(
    '/purchases',
    {
      config: { access },
      schema: {
        tags,
        summary: 'The 50 latest paid or refunded purchases (q: buyer’s name or email, the code, or the id), each with what a refund now would give back (admins)',
        security: tokenSecurity,
        querystring: purchasesQuerySchema,
        response: { 200: adminPurchasesReplySchema, ...errorReplies(400, 401, 403) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { data: await payouts.listPurchases(deps, request.query.q) };
    },
  );

  await app.register(refundRoute);
};

/** A refund takes no payload; a client may still send `content-type: application/json` with nothing. */
const refundRoute: FastifyPluginAsyncZod = async (app) => {
  const deps: payouts.PayoutsDeps = { db: app.services.db, mailer: app.services.mailer };
  acceptEmptyJsonBody(app);
  app.post(
    '/purchases/:purchaseId/refund',
    {
      config: { access },
      schema: {
        tags,
        summary:
          'Refunds an unused purchase within 14 days, keeping max(10 ILS, 5%): its code stops working and the buyer is emailed. 409 when the code was used, too late, or not paid (admins)',
        security: tokenSecurity,
        params: z.object({ purchaseId: idSchema }),
        body: z.strictObject({}).nullish(),
        response: { 200: adminPurchaseReplySchema, ...errorReplies(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({ data: await payouts.refundPurchase(deps, requireAdmin(request).userId, request.params.purchaseId, request.log) }),
  );
};
