import { and, eq } from 'drizzle-orm';
import { purchases } from '../../db/schema.ts';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.ts';
import type { GrowProvider } from '../../platform/payments/grow.ts';
import { PaymentProviderError } from '../../platform/payments/provider.ts';
import type { StripeProvider } from '../../platform/payments/stripe.ts';
import { recordProviderPayment, type PaymentsDeps } from './service.ts';

/** How a notification was taken: a payment recorded (now or before), or an event we do not act on. */
export type NotificationOutcome = 'paid' | 'already_paid' | 'ignored';

const purchaseOf = async (deps: PaymentsDeps, provider: 'stripe' | 'grow', purchaseId: string) =>
  (await deps.db.select().from(purchases).where(and(eq(purchases.id, purchaseId), eq(purchases.provider, provider))))[0];

/**
 * POST /api/payments/webhook/stripe. Only a signed event counts (400 otherwise). A finished Checkout
 * Session fulfils its purchase; a repeat finds it paid. Events about purchases this server does not
 * hold (another deployment on the same Stripe account) are acknowledged and ignored, or Stripe
 * would retry them for days.
 */
export async function handleStripeWebhook(
  deps: PaymentsDeps,
  provider: StripeProvider,
  rawBody: Buffer,
  signature: string,
): Promise<NotificationOutcome> {
  let webhook;
  try {
    webhook = provider.readWebhook(rawBody, signature);
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    deps.log.warn({ reason: error.message }, 'refused a Stripe webhook');
    throw badRequest('The Stripe signature does not verify');
  }
  if (webhook.kind === 'ignored') return 'ignored';
  const { report } = webhook;
  // Completed but not yet paid (a delayed payment method): its async_payment_succeeded event follows.
  if (!report.paid) return 'ignored';

  const purchase = report.purchaseId ? await purchaseOf(deps, 'stripe', report.purchaseId) : undefined;
  if (!purchase) {
    deps.log.warn({ purchaseId: report.purchaseId, session: report.providerRef }, 'a Stripe payment for no purchase of ours: ignored');
    return 'ignored';
  }
  return outcomeOf(deps, purchase.id, await recordProviderPayment(deps, purchase, report));
}

/**
 * POST /api/payments/notify/grow. Grow's notification is not signed, so it only names the purchase:
 * the process we stored for that purchase must be the one it names, and Grow itself, asked with our
 * stored process token, must say it is paid with the purchase's sum. A replay of a paid purchase
 * changes nothing and is acknowledged (Grow retries until it gets an answer).
 */
export async function handleGrowNotification(deps: PaymentsDeps, provider: GrowProvider, fields: Record<string, string>): Promise<NotificationOutcome> {
  const notification = provider.readNotification(fields);
  if (!notification) throw badRequest('The notification names no purchase and process');
  const purchase = await purchaseOf(deps, 'grow', notification.purchaseId);
  if (!purchase?.providerRef || provider.processIdOf(purchase.providerRef) !== notification.processId) {
    deps.log.warn({ notification }, 'refused a Grow notification that matches no purchase of ours');
    throw notFound('No such payment');
  }
  if (purchase.status === 'paid') return 'already_paid';

  let report;
  try {
    report = await provider.lookUpPayment({ id: purchase.id, providerRef: purchase.providerRef });
  } catch (error) {
    deps.log.error({ err: error, purchaseId: purchase.id }, 'could not confirm a Grow notification with Grow');
    // Grow posts again later; by then its answer may come.
    throw new AppError(502, 'internal', 'Could not confirm the payment with Grow');
  }
  const result = await recordProviderPayment(deps, purchase, report);
  if (result.kind === 'unpaid') {
    deps.log.warn({ purchaseId: purchase.id, status: report.paid ? 'paid' : report.status }, 'refused a Grow notification: Grow does not report the payment as paid');
    throw conflict('Grow does not report this payment as paid');
  }
  return outcomeOf(deps, purchase.id, result);
}

/** A recorded payment as the reply's outcome; a refused one as a 4xx (logged by fulfilPurchase or above). */
function outcomeOf(deps: PaymentsDeps, purchaseId: string, result: Awaited<ReturnType<typeof recordProviderPayment>>): NotificationOutcome {
  switch (result.kind) {
    case 'paid':
      return result.first ? 'paid' : 'already_paid';
    case 'mismatch':
      throw conflict('The paid amount does not match the purchase');
    case 'not_ours':
      throw conflict('The payment belongs to another purchase');
    case 'not_found':
      throw notFound('No such payment');
    case 'closed':
      // Refunded since: a late repeat has nothing left to do, and a refusal would only be retried.
      deps.log.warn({ purchaseId, status: result.status }, 'a payment notification for a closed purchase: ignored');
      return 'ignored';
    case 'unpaid':
      return 'ignored';
  }
}
