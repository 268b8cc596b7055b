import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  payoutEntriesReplySchema,
  payoutEntryReplySchema,
  payoutsDueReplySchema,
  payoutsMonthQuerySchema,
  recordPayoutRequestSchema,
} from '@streethunt/shared';
import { requireAdmin } from '../../platform/access.ts';
import { errorReplies, tokenSecurity } from '../../platform/route-helpers.ts';
import * as payouts from './service.ts';

const tags = ['admin'];
const access = 'admin' as const;

/** The admin's payouts: the month's payouts due and the payouts ledger (refunds: features/refunds). */
export const payoutsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: payouts.PayoutsDeps = { db: app.services.db };

  app.get(
    '/payouts',
    {
      config: { access, private: true },
      schema: {
        tags,
        summary: 'Each builder’s and affiliate’s statement line of a month (YYYY-MM), paid at the end of the following month, with their bank details (admins)',
        security: tokenSecurity,
        querystring: payoutsMonthQuerySchema,
        response: { 200: payoutsDueReplySchema, ...errorReplies(400, 401, 403) },
      },
    },
    async (request) => {
      return { data: await payouts.payoutsDue(deps, request.query.month) };
    },
  );

  app.get(
    '/payouts/entries',
    {
      config: { access, private: true },
      schema: {
        tags,
        summary: 'The payouts ledger of a month: every payment and correction recorded, in order (admins)',
        security: tokenSecurity,
        querystring: payoutsMonthQuerySchema,
        response: { 200: payoutEntriesReplySchema, ...errorReplies(400, 401, 403) },
      },
    },
    async (request) => {
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
};
