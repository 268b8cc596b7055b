import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../platform/errors.ts';
import type { GrowProvider } from '../../platform/payments/grow.ts';
import type { StripeProvider } from '../../platform/payments/stripe.ts';
import { errorReplies, perMinute } from '../../platform/route-helpers.ts';
import { handleGrowNotification, handleStripeWebhook } from './notifications.ts';
import type { PaymentsDeps } from './service.ts';

/*
 * The providers' calls to us. Each exists only while its provider is the chosen one, and is public:
 * what proves a call genuine is Stripe's signature, or Grow's own answer when we ask it.
 */

/** A Checkout Session event is a few kilobytes; Grow's notification is a few hundred bytes. */
const NOTIFICATION_BODY_LIMIT = 256 * 1024;

const tags = ['payments'];

const notificationReplySchema = z.object({
  received: z.literal(true),
  /** paid: recorded now; already_paid: a repeat; ignored: nothing for us in it. */
  outcome: z.enum(['paid', 'already_paid', 'ignored']),
});

/** POST /api/payments/webhook/stripe: Stripe's signed events, read from the exact bytes it sent. */
export function stripeWebhookRoutes(deps: PaymentsDeps, provider: StripeProvider): FastifyPluginAsyncZod {
  return async (app) => {
    // The signature covers the raw body: in this scope JSON stays the bytes Stripe sent.
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: NOTIFICATION_BODY_LIMIT }, (_request, body, done) => done(null, body));

    app.post(
      '/payments/webhook/stripe',
      {
        bodyLimit: NOTIFICATION_BODY_LIMIT,
        config: { access: 'public', ...perMinute(300) },
        schema: {
          tags,
          summary: 'Stripe webhook: a signed checkout.session.completed fulfils its purchase (one code, however often it comes)',
          description: 'The body is the event exactly as Stripe sent it (application/json), verified against the Stripe-Signature header.',
          headers: z.object({ 'stripe-signature': z.string().min(1).max(4096) }),
          response: { 200: notificationReplySchema, ...errorReplies(400, 404, 409, 413, 415, 429, 502) },
        },
      },
      async (request) => {
        if (!Buffer.isBuffer(request.body)) throw badRequest('The webhook body must be the JSON event Stripe sent');
        const outcome = await handleStripeWebhook(deps, provider, request.body, request.headers['stripe-signature']);
        return { received: true as const, outcome };
      },
    );
  };
}

/**
 * Grow posts form fields, urlencoded or multipart (its docs: 'the same way as CreatePaymentProcess',
 * which is multipart). Both are read by the platform's own FormData parser; files are refused.
 */
async function readForm(contentType: string, body: Buffer): Promise<Record<string, string>> {
  let form: FormData;
  try {
    form = await new Response(body, { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw badRequest('The notification is not a readable form');
  }
  const fields: Record<string, string> = {};
  for (const [key, value] of form.entries()) {
    if (typeof value !== 'string') throw badRequest('The notification carries a file');
    if (key in fields) throw badRequest(`The notification repeats ${key}`);
    fields[key] = value;
  }
  return fields;
}

const growFieldsSchema = z.record(z.string().max(200), z.string().max(2000)).refine((fields) => Object.keys(fields).length <= 200, 'too many fields');

/** POST /api/payments/notify/grow: Grow's notification after a payment, confirmed with Grow before it counts. */
export function growNotifyRoutes(deps: PaymentsDeps, provider: GrowProvider): FastifyPluginAsyncZod {
  return async (app) => {
    app.addContentTypeParser(
      ['application/x-www-form-urlencoded', 'multipart/form-data'],
      { parseAs: 'buffer', bodyLimit: NOTIFICATION_BODY_LIMIT },
      async (request: FastifyRequest, body: Buffer) => readForm(String(request.headers['content-type']), body),
    );

    app.post(
      '/payments/notify/grow',
      {
        bodyLimit: NOTIFICATION_BODY_LIMIT,
        config: { access: 'public', ...perMinute(120) },
        schema: {
          tags,
          summary: 'Grow server notification: confirmed with Grow (getPaymentProcessInfo) before its purchase is fulfilled',
          description: 'Form fields (urlencoded or multipart) as Grow posts them; only cField1 (our purchase) and processId are read from it.',
          consumes: ['application/x-www-form-urlencoded', 'multipart/form-data'],
          body: growFieldsSchema,
          response: { 200: notificationReplySchema, ...errorReplies(400, 404, 409, 413, 415, 429, 502) },
        },
      },
      async (request) => ({ received: true as const, outcome: await handleGrowNotification(deps, provider, request.body) }),
    );
  };
}
