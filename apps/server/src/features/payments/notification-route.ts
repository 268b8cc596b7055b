import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../platform/errors.ts';
import { NotificationRefused, type NotificationRoute } from '../../platform/payments/provider.ts';
import { errorReplies, perMinute } from '../../platform/route-helpers.ts';
import { handleNotification } from './notifications.ts';
import type { PaymentsDeps } from './service.ts';

/*
 * The configured provider's call to us after a payment, at the route it describes. Public: what
 * proves a call genuine is the provider's signature (checked as the route reads it), or the
 * provider's own answer when we ask it.
 */

/** A provider's event or notification is a few kilobytes at most (Stripe's session event; Grow's is a few hundred bytes). */
const NOTIFICATION_BODY_LIMIT = 256 * 1024;

const tags = ['payments'];

const notificationReplySchema = z.object({
  received: z.literal(true),
  /** paid: recorded now; already_paid: a repeat; ignored: nothing for us in it; refund_*: a refund we asked for, done, failed or under way. */
  outcome: z.enum(['paid', 'already_paid', 'ignored', 'refunded', 'refund_failed', 'refund_pending']),
});

/** Answers a refused call 400, logged when the refusal says why; any other error goes on as it is. */
function refuse(deps: PaymentsDeps, error: unknown): never {
  if (!(error instanceof NotificationRefused)) throw error;
  if (error.reason) deps.log.warn({ provider: deps.provider.name, reason: error.reason }, 'refused a payment notification');
  throw badRequest(error.message);
}

export function notificationRoutes(deps: PaymentsDeps, route: NotificationRoute): FastifyPluginAsyncZod {
  return async (app) => {
    // In this scope the route's own types are read from the exact bytes received, by the provider.
    for (const type of route.contentTypes) if (app.hasContentTypeParser(type)) app.removeContentTypeParser(type);
    app.addContentTypeParser(route.contentTypes, { parseAs: 'buffer', bodyLimit: NOTIFICATION_BODY_LIMIT }, async (request: FastifyRequest, body: Buffer) => {
      try {
        return await route.parse(String(request.headers['content-type']), body);
      } catch (error) {
        refuse(deps, error);
      }
    });

    app.route({
      method: route.method,
      url: route.path,
      bodyLimit: NOTIFICATION_BODY_LIMIT,
      config: { access: 'public', ...perMinute(route.perMinute) },
      schema: {
        tags,
        summary: route.summary,
        description: route.description,
        consumes: route.contentTypes,
        ...(route.headers && { headers: route.headers }),
        ...(route.body && { body: route.body }),
        response: { 200: notificationReplySchema, ...errorReplies(400, 404, 409, 413, 415, 429, 502) },
      },
      async handler(request) {
        let notification;
        try {
          notification = await route.read({ headers: request.headers, body: request.body });
        } catch (error) {
          refuse(deps, error);
        }
        return { received: true as const, outcome: await handleNotification(deps, route.sender, notification) };
      },
    });
  };
}
