import formbody from '@fastify/formbody';
import type { FastifyError, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  checkTokenReplySchema,
  checkTokenRequestSchema,
  createEventSchema,
  gameParamsSchema,
  lineText,
  paymentUrlReplySchema,
  paymentUrlRequestSchema,
  purchaseEventReplySchema,
} from '@streethunt/shared';
import { requireUser } from '../../platform/access.ts';
import type { AppError } from '../../platform/errors.ts';
import { affCodeFromCookie, languageFromHeader } from '../../platform/request-info.ts';
import { notificationRoutes } from './notification-route.ts';
import { renderSandboxMessage, renderSandboxPage } from './sandbox-page.ts';
import * as payments from './service.ts';
import { errorReplies, perMinute, perUserPerMinute, tokenSecurity } from '../../platform/route-helpers.ts';
import { requestEventPurchase } from './event-purchase.ts';
import { codeGate } from '../codes/service.ts';

/** The payment calls carry a few short fields. */
const PAYMENT_BODY_LIMIT = 16 * 1024;

const tags = ['payments'];

/**
 * Buying a code (spec section 7): get-url starts the provider's checkout, checkToken redeems it. Both
 * public. The configured provider's own call to us comes with it, where it makes one (notification-route.ts).
 */
export const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const provider = app.services.payments;
  const deps: payments.PaymentsDeps = { ...app.services, provider, log: app.log };
  const codes = codeGate(app.services);
  // Its webhook or notification; the sandbox has none (its page is ours, and pays the purchase itself).
  if (provider.notification) await app.register(notificationRoutes(deps, provider.notification));

  app.post(
    '/payment/get-url/:gameId',
    {
      bodyLimit: PAYMENT_BODY_LIMIT,
      config: { access: 'public', ...perMinute(20) },
      schema: {
        tags,
        summary:
          'Record a pending purchase of an approved game and get the payment page URL (data.URL). With trialCode (this phone’s trial of the game, POST /api/trials): once paid, the trial’s code and play become the bought ones, progress, score and time kept; a code that is no trial of this game is 400, one bought already 409, another account’s 403, one past its 24 hours 410',
        params: gameParamsSchema,
        body: paymentUrlRequestSchema,
        response: { 200: paymentUrlReplySchema, ...errorReplies(400, 403, 404, 409, 410, 413, 429, 502) },
      },
    },
    async (request) => {
      const { url } = await payments.requestPaymentUrl(deps, {
        gameId: request.params.gameId,
        buyer: request.body,
        affCode: affCodeFromCookie(request.headers.cookie),
        buyerUserId: request.auth?.userId ?? null,
        language: languageFromHeader(request.headers['accept-language']),
        client: request.ip,
        codes,
      });
      return { data: { URL: url } };
    },
  );

  app.post(
    '/events/purchase',
    {
      bodyLimit: PAYMENT_BODY_LIMIT,
      config: { access: 'user', ...perUserPerMinute(20) },
      schema: {
        tags: [...tags, 'events'],
        summary:
          'Buy an event of an approved game for teamCount teams (up to 200): a pending purchase of teamCount times the price per team (the group price, else the game’s), and the payment page URL. Once paid, the event is made with the buyer as organiser. Nothing to pay (the game’s creator or an admin, or a free price): the event is made at once (data.eventId) and URL is its control room',
        security: tokenSecurity,
        body: createEventSchema,
        response: { 200: purchaseEventReplySchema, ...errorReplies(400, 401, 404, 409, 413, 429, 502) },
      },
    },
    async (request) => ({
      data: await requestEventPurchase(deps, requireUser(request), {
        order: request.body,
        affCode: affCodeFromCookie(request.headers.cookie),
        language: languageFromHeader(request.headers['accept-language']),
      }),
    }),
  );

  app.post(
    '/payment/checkToken',
    {
      bodyLimit: PAYMENT_BODY_LIMIT,
      config: { access: 'public', ...perMinute(30) },
      schema: {
        tags,
        summary: 'Redeem a completed payment: its game code (made and emailed once; a repeat returns the same code)',
        body: checkTokenRequestSchema,
        response: { 200: checkTokenReplySchema, ...errorReplies(400, 404, 409, 413, 429, 502) },
      },
    },
    async (request) => ({ data: await payments.checkPaymentToken(deps, request.body.token) }),
  );
};

const refParamsSchema = z.object({ ref: z.string().regex(/^[A-Za-z0-9_-]{16,128}$/) });
/** The card form; format rules are judged by the sandbox, which answers with the page and its messages. */
const cardFormSchema = z.object({
  cardNumber: lineText().max(64).optional(),
  expiry: lineText().max(32).optional(),
  cvc: lineText().max(32).optional(),
});
const FORM_BODY_LIMIT = 4 * 1024;

const sendHtml = (reply: FastifyReply, status: number, html: string) =>
  reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);

/**
 * The sandbox provider's hosted payment page, GET and POST /sandbox-pay/{ref}. Not under /api (it is
 * a page, not a call), so app.ts registers this plugin at the root. Public: the unguessable
 * reference is the only key. Answers are HTML, errors included.
 */
export const sandboxPageRoutes: FastifyPluginAsyncZod = async (app) => {
  if (app.services.config.paymentProvider !== 'sandbox') return;
  const { db, config, mailer } = app.services;
  const fulfilDeps = { db, config, mailer, log: app.log, realtime: app.services.realtime };
  await app.register(formbody, { bodyLimit: FORM_BODY_LIMIT });

  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const language = languageFromHeader(request.headers['accept-language']);
    const ref = refParamsSchema.safeParse(request.params).data?.ref;
    if (hasZodFastifySchemaValidationErrors(error)) {
      // A malformed reference is no payment of ours; a malformed form is the sender's to resend.
      if (error.validationContext === 'params' || !ref) return sendHtml(reply, 404, renderSandboxMessage('not_found', language));
      return sendHtml(reply, 400, renderSandboxMessage('bad_form', language, ref));
    }
    const status = error.statusCode ?? 500;
    // The rate-limit plugin has set retry-after already.
    if (status === 429) return sendHtml(reply, 429, renderSandboxMessage('too_many', language, ref));
    if (status >= 400 && status < 500) return sendHtml(reply, status, renderSandboxMessage('bad_form', language, ref));
    request.log.error({ err: error }, 'sandbox payment page failed');
    return sendHtml(reply, 500, renderSandboxMessage('failed', language, ref));
  });

  const successUrl = (ref: string) => `/payment-success?Token=${encodeURIComponent(ref)}`;

  app.get(
    '/sandbox-pay/:ref',
    {
      config: { access: 'public', ...perMinute(60) },
      schema: { hide: true, params: refParamsSchema },
    },
    async (request, reply) => {
      const purchase = await payments.findSandboxPurchase({ db }, request.params.ref);
      if (!purchase) return sendHtml(reply, 404, renderSandboxMessage('not_found', languageFromHeader(request.headers['accept-language'])));
      if (purchase.status === 'paid') return reply.redirect(successUrl(purchase.ref), 303);
      return sendHtml(reply, 200, renderSandboxPage({ purchase, publicUrl: config.publicUrl }));
    },
  );

  app.post(
    '/sandbox-pay/:ref',
    {
      bodyLimit: FORM_BODY_LIMIT,
      config: { access: 'public', ...perMinute(20) },
      schema: { hide: true, params: refParamsSchema, body: cardFormSchema },
    },
    async (request, reply) => {
      const { ref } = request.params;
      const result = await payments.paySandboxPurchase(fulfilDeps, ref, request.body);
      switch (result.kind) {
        case 'not_found':
          return sendHtml(reply, 404, renderSandboxMessage('not_found', languageFromHeader(request.headers['accept-language'])));
        case 'paid':
          return reply.redirect(successUrl(ref), 303);
        case 'declined':
          return sendHtml(reply, 402, renderSandboxPage({ purchase: result.purchase, publicUrl: config.publicUrl, notice: 'declined' }));
        case 'invalid':
          return sendHtml(
            reply,
            400,
            renderSandboxPage({
              purchase: result.purchase,
              publicUrl: config.publicUrl,
              notice: 'invalid',
              errors: result.errors,
              values: { cardNumber: request.body.cardNumber, expiry: request.body.expiry },
            }),
          );
      }
    },
  );
};
