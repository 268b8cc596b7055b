import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminPurchaseReplySchema, adminPurchasesReplySchema, ownPurchasesReplySchema, cancelPurchaseReplySchema, cancelPurchaseRequestSchema, idSchema, purchasesQuerySchema } from '@streethunt/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireAdmin, requireUser } from '../../platform/access.ts';
import { acceptEmptyJsonBody, errorReplies, perMinute, tokenSecurity } from '../../platform/route-helpers.ts';
import { registerRefundJob } from './provider-refund.ts';
import * as refunds from './service.ts';

const tags = ['admin'];
const access = 'admin' as const;

const depsOf = (app: FastifyInstance): refunds.RefundsDeps => ({
  db: app.services.db,
  mailer: app.services.mailer,
  provider: app.services.payments,
  config: app.services.config,
  log: app.log,
});

/**
 * The admin's refunds: the latest purchases with what a refund would give back, and refunding an
 * unused one; the buyer's cancellation; and the job that pays refunds back through the provider.
 */
export const refundsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = depsOf(app);
  registerRefundJob(deps);

  app.get(
    '/purchases',
    {
      config: { access, private: true },
      schema: {
        tags,
        summary: 'The 50 latest paid or refunded purchases (q: buyer’s name or email, the code, or the id), each with what a refund now would give back (admins)',
        security: tokenSecurity,
        querystring: purchasesQuerySchema,
        response: { 200: adminPurchasesReplySchema, ...errorReplies(400, 401, 403) },
      },
    },
    async (request) => {
      return { data: await refunds.listPurchases(deps, request.query.q) };
    },
  );

  app.get(
    '/account/purchases',
    {
      config: { access: 'user', private: true },
      schema: {
        tags: ['payments'],
        summary: 'The signed-in buyer’s own paid and refunded purchases, newest first (50), each saying whether it may still be cancelled and until when (DESIGN.md section 15)',
        security: tokenSecurity,
        response: { 200: ownPurchasesReplySchema, ...errorReplies(401) },
      },
    },
    async (request) => ({ data: await refunds.listOwnPurchases(deps.db, requireUser(request).userId) }),
  );

  await app.register(refundRoute);
  await app.register(cancelRoute);
};

/** A refund takes no payload; a client may still send `content-type: application/json` with nothing. */
const refundRoute: FastifyPluginAsyncZod = async (app) => {
  const deps = depsOf(app);
  acceptEmptyJsonBody(app);
  app.post(
    '/purchases/:purchaseId/refund',
    {
      config: { access },
      schema: {
        tags,
        summary:
          'Refunds an unused purchase within 14 days, keeping max(10 ILS, 5%): its code stops working, the buyer is emailed and the rest goes back through the payment provider (retried until the provider takes it: providerRefund says how far it is). 409 when the code was used, too late, refunded already or not paid (admins)',
        security: tokenSecurity,
        params: z.object({ purchaseId: idSchema }),
        body: z.strictObject({}).nullish(),
        response: { 200: adminPurchaseReplySchema, ...errorReplies(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({ data: await refunds.refundPurchase(deps, requireAdmin(request).userId, request.params.purchaseId, request.log) }),
  );
};

/**
 * The buyer's cancellation (DESIGN.md section 15). Public: the buyer's session or a token (the payment
 * page's, or the receipt email's cancel link's) authorises it, and anyone else is told 404.
 */
const cancelRoute: FastifyPluginAsyncZod = async (app) => {
  const deps = depsOf(app);
  acceptEmptyJsonBody(app);
  app.post(
    '/purchases/:purchaseId/cancel',
    {
      bodyLimit: 4 * 1024,
      config: { access: 'public', ...perMinute(20) },
      schema: {
        tags: ['payments'],
        summary:
          'The buyer cancels a purchase within 14 days while its code is unused (for an event, no team’s code): the whole amount goes back through the payment provider, the code stops, the buyer is emailed. Signed in as the buyer, or with { token } from the payment page (its Token) or the receipt email’s cancel link. 404 for anyone else or a wrong token; 409 too_late, code_used, already_refunded or not_paid',
        params: z.object({ purchaseId: idSchema }),
        body: cancelPurchaseRequestSchema.nullish(),
        response: { 200: cancelPurchaseReplySchema, ...errorReplies(400, 404, 409, 413, 429) },
      },
    },
    async (request) => ({
      data: await refunds.cancelPurchase(deps, { userId: request.auth?.userId ?? null, token: request.body?.token }, request.params.purchaseId, request.log),
    }),
  );
};
