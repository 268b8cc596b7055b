import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminPurchaseReplySchema, adminPurchasesReplySchema, idSchema, purchasesQuerySchema } from '@streethunt/shared';
import { z } from 'zod';
import { requireAdmin } from '../../platform/access.ts';
import { acceptEmptyJsonBody, errorReplies, tokenSecurity } from '../../platform/route-helpers.ts';
import * as refunds from './service.ts';

const tags = ['admin'];
const access = 'admin' as const;

/** The admin's refunds: the latest purchases with what a refund would give back, and refunding an unused one. */
export const refundsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: refunds.RefundsDeps = { db: app.services.db, mailer: app.services.mailer };

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

  await app.register(refundRoute);
};

/** A refund takes no payload; a client may still send `content-type: application/json` with nothing. */
const refundRoute: FastifyPluginAsyncZod = async (app) => {
  const deps: refunds.RefundsDeps = { db: app.services.db, mailer: app.services.mailer };
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
    async (request) => ({ data: await refunds.refundPurchase(deps, requireAdmin(request).userId, request.params.purchaseId, request.log) }),
  );
};
