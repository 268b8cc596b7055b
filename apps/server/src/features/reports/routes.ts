import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  REPORTS_GRANT_HEADER,
  financeReportQuerySchema,
  financeReportReplySchema,
  reportsUnlockReplySchema,
  reportsUnlockRequestSchema,
} from '@streethunt/shared';
import { requireUser } from '../../platform/access.ts';
import { errorReplies, perUserPerMinute, tokenSecurity } from '../../platform/route-helpers.ts';
import { createReportsGrants } from './reports-grant.ts';
import * as reports from './service.ts';

const tags = ['finance'];

/** The finance reports (spec section 2: /reports; the terms: 'a dedicated page reached by password'). */
export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: reports.ReportsDeps = { db: app.services.db, grants: createReportsGrants(app.services.config.jwtSecret) };

  app.post(
    '/reports/unlock',
    {
      // Per user, not per address: a wrong password is a guess at this account.
      config: {
        access: 'user',
        ...perUserPerMinute(5),
      },
      schema: {
        tags,
        summary: 'The password again: a grant of 15 minutes for GET /api/reports (sent back in the x-reports-grant header). 403 wrong_credentials on a wrong password; 5 tries a minute',
        security: tokenSecurity,
        body: reportsUnlockRequestSchema,
        response: { 200: reportsUnlockReplySchema, ...errorReplies(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { data: await reports.unlockReports(deps, requireUser(request).userId, request.body.password) };
    },
  );

  app.get(
    '/reports',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary:
          'The caller’s own finance report by month (from, to: YYYY-MM, default the last 12 months): sales per game as a builder, shares per purchase as an affiliate, and the payout statement; the trial funnel of the caller’s games (trialsStarted, trialsBought: trials issued in those months, and how many were bought). Needs the grant of POST /api/reports/unlock (403 invalid_token without it)',
        security: tokenSecurity,
        querystring: financeReportQuerySchema,
        response: { 200: financeReportReplySchema, ...errorReplies(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { userId } = requireUser(request);
      const grant = request.headers[REPORTS_GRANT_HEADER];
      await reports.requireReportsGrant(deps, userId, typeof grant === 'string' ? grant : undefined);
      reply.header('cache-control', 'private, no-store');
      return { data: await reports.financeReport(deps, userId, reports.reportRange(request.query)) };
    },
  );
};
