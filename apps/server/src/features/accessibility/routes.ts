import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accessibilityReportParamsSchema,
  accessibilityReportReplySchema,
  accessibilityReportRequestSchema,
  accessibilityReportsQuerySchema,
  accessibilityReportsReplySchema,
  accessibilityReportUpdateSchema,
  okStatusReplySchema,
} from '@streethunt/shared';
import { errorReplies, perMinute, tokenSecurity } from '../../platform/route-helpers.ts';
import { rateLimited } from '../../platform/errors.ts';
import { replyLanguage } from '../../platform/reply-language.ts';
import { languageFromHeader } from '../../platform/request-info.ts';
import * as accessibilityService from './service.ts';

/** A report is an address and a few paragraphs; anything bigger is refused before parsing. */
const REPORT_BODY_LIMIT = 32 * 1024;

/** The statement page shows the server's message: a 429 says it in the visitor's words. */
const tooManyReports = {
  en: 'Too many reports were sent from here. Please try again in a minute, or write to the accessibility coordinator.',
  he: 'נשלחו מכאן יותר מדי דיווחים. אפשר לנסות שוב בעוד דקה, או לכתוב לרכז הנגישות.',
};

/** The accessibility statement's barrier reports (DESIGN.md section 16) and the admins' list of them. */
export const accessibilityRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: accessibilityService.AccessibilityDeps = app.services;

  app.post(
    '/accessibility/reports',
    {
      bodyLimit: REPORT_BODY_LIMIT,
      config: {
        access: 'public',
        rateLimit: {
          ...perMinute(5).rateLimit,
          errorResponseBuilder: (request: FastifyRequest, context: { ttl: number }) =>
            rateLimited(tooManyReports[replyLanguage(request.headers['accept-language'])], context.ttl),
        },
      },
      schema: {
        tags: ['accessibility'],
        summary: 'Report an accessibility barrier (where: an address or free text; what happened; an optional email to answer): stored, every admin emailed in their language',
        body: accessibilityReportRequestSchema,
        response: { 200: okStatusReplySchema, ...errorReplies(400, 413, 429) },
      },
    },
    async (request) => {
      await accessibilityService.saveReport(deps, request.body, languageFromHeader(request.headers['accept-language']), request.log);
      return { data: { status: 'OK' as const } };
    },
  );

  app.get(
    '/admin/accessibility-reports',
    {
      config: { access: 'admin', private: true },
      schema: {
        tags: ['admin'],
        summary: 'The reported accessibility barriers, the newest first, 50 a page, with how many are not handled yet (admins)',
        security: tokenSecurity,
        querystring: accessibilityReportsQuerySchema,
        response: { 200: accessibilityReportsReplySchema, ...errorReplies(400, 401, 403) },
      },
    },
    async (request) => ({ data: await accessibilityService.listReports(deps, request.query) }),
  );

  app.patch(
    '/admin/accessibility-reports/:reportId',
    {
      config: { access: 'admin', private: true },
      schema: {
        tags: ['admin'],
        summary: 'Mark a reported accessibility barrier handled (handled: true) or open again (false) (admins)',
        security: tokenSecurity,
        params: accessibilityReportParamsSchema,
        body: accessibilityReportUpdateSchema,
        response: { 200: accessibilityReportReplySchema, ...errorReplies(400, 401, 403, 404) },
      },
    },
    async (request) => ({ data: await accessibilityService.markReport(deps, request.params.reportId, request.body.handled) }),
  );
};
