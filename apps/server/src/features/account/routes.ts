import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  emailOnlyRequestSchema,
  loginReplySchema,
  loginRequestSchema,
  okStatusReplySchema,
  REPORTS_GRANT_HEADER,
  paymentDetailsReplySchema,
  paymentDetailsSaveRequestSchema,
  profileReplySchema,
  publicUserReplySchema,
  signupRequestSchema,
  updatePasswordReplySchema,
  updatePasswordRequestSchema,
  updateProfileRequestSchema,
  userParamsSchema,
  validateEmailRequestSchema,
} from '@streethunt/shared';
import { requireUser } from '../../platform/access.ts';
import { replyLanguage } from '../../platform/reply-language.ts';
import * as account from './service.ts';
import { createReportsGrants } from '../reports/reports-grant.ts';
import { readPaymentDetails, savePaymentDetails } from './payment-details.ts';
import { acceptEmptyJsonBody, errorReplies, perMinute, perUserPerMinute, tokenSecurity, userOrClientKey } from '../../platform/route-helpers.ts';

/** Account bodies are a few short fields; anything bigger is refused before parsing. */
const ACCOUNT_BODY_LIMIT = 16 * 1024;

const tags = ['account'];

/** The language of reply messages, as the web app asks for it. */
const replyIn = (request: FastifyRequest) => replyLanguage(request.headers['accept-language']);

/** The finance reports' grant (x-reports-grant): the password entered again a few minutes ago also opens the bank details. */
function reportsGrantOf(request: FastifyRequest): string | undefined {
  const grant = request.headers[REPORTS_GRANT_HEADER];
  return typeof grant === 'string' ? grant : undefined;
}

/** Account calls of spec section 7. Access: public unless a route says `user`. */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.services;
  const ok = { data: { status: 'OK' as const } };
  const paymentDeps = { ...deps, grants: createReportsGrants(deps.config.jwtSecret) };
  account.registerAccountMail(deps);

  app.post(
    '/signup',
    {
      bodyLimit: ACCOUNT_BODY_LIMIT,
      config: { access: 'public', ...perMinute(5) },
      schema: {
        tags,
        summary: 'Create an account; a confirmation link is emailed (same reply when the email has an account: its owner is told)',
        body: signupRequestSchema,
        response: { 200: okStatusReplySchema, ...errorReplies(400, 413, 429) },
      },
    },
    async (request) => {
      await account.signUp(deps, request.body);
      return ok;
    },
  );

  app.post(
    '/user/validate-email',
    {
      bodyLimit: ACCOUNT_BODY_LIMIT,
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Confirm an email address with the emailed token',
        body: validateEmailRequestSchema,
        response: { 200: okStatusReplySchema, ...errorReplies(400, 413) },
      },
    },
    async (request) => {
      await account.validateEmail(deps, request.body.token, replyIn(request));
      return ok;
    },
  );

  app.post(
    '/user/resend-validation',
    {
      bodyLimit: ACCOUNT_BODY_LIMIT,
      config: { access: 'public', ...perMinute(5) },
      schema: {
        tags,
        summary: 'Email a new confirmation link (same reply whether or not the email is known)',
        body: emailOnlyRequestSchema,
        response: { 200: okStatusReplySchema, ...errorReplies(400, 413, 429) },
      },
    },
    async (request) => {
      await account.resendValidation(deps, request.body.email);
      return ok;
    },
  );

  app.post(
    '/login',
    {
      bodyLimit: ACCOUNT_BODY_LIMIT,
      config: { access: 'public', ...perMinute(10) },
      schema: {
        tags,
        summary: 'Log in with email and password',
        body: loginRequestSchema,
        response: { 200: loginReplySchema, ...errorReplies(400, 401, 403, 413, 429) },
      },
    },
    async (request) => account.logIn(deps, request.body, replyIn(request)),
  );

  await app.register(autoLoginRoute);

  app.post(
    '/reset-password',
    {
      bodyLimit: ACCOUNT_BODY_LIMIT,
      config: { access: 'public', ...perMinute(5) },
      schema: {
        tags,
        summary: 'Email a link to choose a new password (same reply whether or not the email is known)',
        body: emailOnlyRequestSchema,
        response: { 200: okStatusReplySchema, ...errorReplies(400, 413, 429) },
      },
    },
    async (request) => {
      const { message } = await account.requestPasswordReset(deps, request.body.email, replyIn(request));
      return { data: { status: 'OK' as const, message } };
    },
  );

  app.post(
    '/update-password',
    {
      bodyLimit: ACCOUNT_BODY_LIMIT,
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Set a new password with the emailed reset token',
        body: updatePasswordRequestSchema,
        description: 'A used, expired or unknown link (or another user’s) is 200 with data.status ERROR and its message, as the spec’s client reads it; nothing changes.',
        response: {
          200: updatePasswordReplySchema,
          ...errorReplies(400, 413),
        },
      },
    },
    async (request) => ({ data: await account.updatePassword(deps, request.body, replyIn(request)) }),
  );

  app.get(
    '/user/profile',
    {
      bodyLimit: ACCOUNT_BODY_LIMIT,
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'The logged-in user’s own profile (access: user)',
        security: tokenSecurity,
        response: { 200: profileReplySchema, ...errorReplies(401) },
      },
    },
    async (request) => {
      const { userId } = requireUser(request);
      return { data: { user: await account.getProfile(deps, userId) } };
    },
  );

  app.post(
    '/user/profile',
    {
      bodyLimit: ACCOUNT_BODY_LIMIT,
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Change the logged-in user’s names, phone and language (access: user)',
        security: tokenSecurity,
        body: updateProfileRequestSchema,
        response: { 200: profileReplySchema, ...errorReplies(400, 401, 413) },
      },
    },
    async (request) => {
      const { userId } = requireUser(request);
      return { data: { user: await account.updateProfile(deps, userId, request.body) } };
    },
  );

  app.get(
    '/user/payment-details',
    {
      bodyLimit: ACCOUNT_BODY_LIMIT,
      config: { access: 'user' },
      schema: {
        tags,
        summary:
          'Where the logged-in user’s share is paid, or null; the account number masked (last 4 digits) unless x-reports-grant holds the grant of POST /api/reports/unlock (access: user)',
        security: tokenSecurity,
        response: { 200: paymentDetailsReplySchema, ...errorReplies(401) },
      },
    },
    async (request, reply) => {
      const { userId } = requireUser(request);
      reply.header('cache-control', 'private, no-store');
      return { data: { details: await readPaymentDetails(paymentDeps, userId, reportsGrantOf(request)) } };
    },
  );

  app.post(
    '/user/payment-details',
    {
      bodyLimit: ACCOUNT_BODY_LIMIT,
      // Per user, not per address: a wrong password is a guess at this account. Counted once the body is
      // valid (preHandler), so only tries that reach the password check use the allowance.
      config: {
        access: 'user',
        rateLimit: {
          max: 5,
          timeWindow: '1 minute',
          hook: 'preHandler',
          keyGenerator: userOrClientKey,
        },
      },
      schema: {
        tags,
        summary:
          'Save where the logged-in user’s share is paid: needs the password (body.password) or the reports grant (x-reports-grant), else 403 wrong_credentials; the user is emailed on every change; 5 tries a minute (access: user)',
        security: tokenSecurity,
        body: paymentDetailsSaveRequestSchema,
        response: { 200: paymentDetailsReplySchema, ...errorReplies(400, 401, 403, 413, 429) },
      },
    },
    async (request, reply) => {
      const { userId } = requireUser(request);
      const { password, ...details } = request.body;
      reply.header('cache-control', 'private, no-store');
      return { data: { details: await savePaymentDetails(paymentDeps, request.log, userId, details, { password, grant: reportsGrantOf(request) }) } };
    },
  );

  app.get(
    '/user/:userId',
    {
      bodyLimit: ACCOUNT_BODY_LIMIT,
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'What anyone may see of a user (never email or phone)',
        params: userParamsSchema,
        response: { 200: publicUserReplySchema, ...errorReplies(400, 404) },
      },
    },
    async (request) => ({ data: { user: await account.getPublicUser(deps, request.params.userId, replyIn(request)) } }),
  );
};

/**
 * Auto-login sends no payload; some clients still say `content-type: application/json`, which
 * Fastify would refuse as an empty JSON body. In this route's own scope an empty body reads as {}.
 */
const autoLoginRoute: FastifyPluginAsyncZod = async (app) => {
  // The app calls it once per start. Counted per user (the access hook has read the token by now):
  // a stolen token cannot be refreshed in a loop, and users behind one shared address (whom a 429
  // would log out) do not share one count. A caller without a valid token is counted per address.
  const autoLoginLimit = perUserPerMinute(10).rateLimit;
  acceptEmptyJsonBody(app, {});
  app.post(
    '/auto-login',
    {
      bodyLimit: ACCOUNT_BODY_LIMIT,
      config: { access: 'user', rateLimit: autoLoginLimit },
      schema: {
        tags,
        summary: 'A fresh access token for the caller’s still-valid token (access: user)',
        security: tokenSecurity,
        body: z.object({}).nullish(),
        response: { 200: loginReplySchema, ...errorReplies(400, 401, 403, 413, 429) },
      },
    },
    async (request) => {
      const { userId } = requireUser(request);
      return account.autoLogIn(app.services, userId, replyIn(request));
    },
  );
};
