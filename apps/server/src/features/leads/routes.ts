import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { landingFormRequestSchema, leadsListQuerySchema, leadsListReplySchema, okStatusReplySchema } from '@streethunt/shared';
import { errorReplies, perMinute, tokenSecurity } from '../../platform/route-helpers.ts';
import { rateLimited } from '../../platform/errors.ts';
import { replyLanguage } from '../../platform/reply-language.ts';
import { affCodeFromCookie, languageFromHeader } from '../../platform/request-info.ts';
import * as leadsService from './service.ts';

/** A landing form is six short fields; anything bigger is refused before parsing. */
const LANDING_FORM_BODY_LIMIT = 16 * 1024;

/** The landing pages show the server's message (spec section 8): a 429 says it in the visitor's words. */
const tooManyForms = { en: 'Too many forms were sent from here. Please try again in a minute.', he: 'נשלחו מכאן יותר מדי טפסים. אפשר לנסות שוב בעוד דקה.' };

/** The affiliate landing pages' form and the admin's list of the leads it brings (spec sections 2, 3 and 7). */
export const leadsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: leadsService.LeadsDeps = app.services;

  app.post(
    '/landing-page-form',
    {
      bodyLimit: LANDING_FORM_BODY_LIMIT,
      config: {
        access: 'public',
        rateLimit: {
          ...perMinute(5).rateLimit,
          errorResponseBuilder: (request: FastifyRequest, context: { ttl: number }) =>
            rateLimited(tooManyForms[replyLanguage(request.headers['accept-language'])], context.ttl),
        },
      },
      schema: {
        tags: ['leads'],
        summary:
          'An affiliate landing form (formType makeMoney or guides): stored once per email and form (a repeat updates it), the affiliate from the aff cookie (else the body), every admin emailed in their language',
        body: landingFormRequestSchema,
        response: { 200: okStatusReplySchema, ...errorReplies(400, 413, 429) },
      },
    },
    async (request) => {
      const form = { ...request.body, aff: affCodeFromCookie(request.headers.cookie) ?? request.body.aff };
      await leadsService.saveLead(deps, form, languageFromHeader(request.headers['accept-language']), request.log);
      return { data: { status: 'OK' as const } };
    },
  );

  app.get(
    '/leads',
    {
      config: { access: 'admin', private: true },
      schema: {
        tags: ['admin'],
        summary: 'The landing forms’ leads, the latest sent first: formType, search (q: name, email or phone, any case) and paging (page, pageSize 10 to 50, or 500 for a download) (admins)',
        security: tokenSecurity,
        querystring: leadsListQuerySchema,
        response: { 200: leadsListReplySchema, ...errorReplies(400, 401, 403) },
      },
    },
    async (request) => {
      return { data: await leadsService.listLeads(deps, request.query) };
    },
  );
};
