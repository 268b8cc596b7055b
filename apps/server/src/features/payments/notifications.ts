import { and, eq } from 'drizzle-orm';
import { purchases } from '../../db/schema.ts';
import { AppError, conflict, notFound } from '../../platform/errors.ts';
import type { PaymentNotification, PaymentReport } from '../../platform/payments/provider.ts';
import { takeRefundReport } from '../refunds/provider-refund.ts';
import { recordProviderPayment, type PaymentsDeps } from './service.ts';

/**
 * How a notification was taken: a payment recorded (now or before), an event we do not act on, or
 * word of a refund we asked for (done, failed, or taken and still under way).
 */
export type NotificationOutcome = 'paid' | 'already_paid' | 'ignored' | 'refunded' | 'refund_failed' | 'refund_pending';

const purchaseOf = async (deps: PaymentsDeps, purchaseId: string) =>
  (await deps.db.select().from(purchases).where(and(eq(purchases.id, purchaseId), eq(purchases.provider, deps.provider.name))))[0];

/**
 * What the configured provider's call to us (read by its NotificationRoute) does. A refused call
 * (NotificationRefused) never gets here; the route answers it 400.
 */
export async function handleNotification(deps: PaymentsDeps, sender: string, notification: PaymentNotification): Promise<NotificationOutcome> {
  switch (notification.kind) {
    case 'ignored':
      return 'ignored';
    case 'verified':
      return takeVerified(deps, notification.report);
    case 'claimed':
      return takeClaimed(deps, sender, notification);
    case 'refund':
      // One that matches no refund of ours is refused (404) and logged there.
      return takeRefundReport(deps, notification.report);
  }
}

/**
 * A signed report. A payment fulfils its purchase; a repeat finds it paid. Reports about purchases
 * this server does not hold (another deployment on the same provider account) are acknowledged and
 * ignored, or the provider would retry them for days.
 */
async function takeVerified(deps: PaymentsDeps, report: PaymentReport): Promise<NotificationOutcome> {
  // Finished but not yet paid (a delayed payment method): the provider reports the payment later.
  if (!report.paid) return 'ignored';
  const purchase = report.purchaseId ? await purchaseOf(deps, report.purchaseId) : undefined;
  if (!purchase) {
    deps.log.warn({ provider: deps.provider.name, purchaseId: report.purchaseId, providerRef: report.providerRef }, 'a payment for no purchase of ours: ignored');
    return 'ignored';
  }
  return outcomeOf(deps, purchase.id, await recordProviderPayment(deps, purchase, report));
}

/**
 * An unsigned call that only names a purchase: the payment we stored for that purchase must be the
 * one it names, and the provider itself, asked (lookUpPayment), must say it is paid with the
 * purchase's sum. A replay of a paid purchase changes nothing and is acknowledged (providers retry
 * until they get an answer).
 */
async function takeClaimed(deps: PaymentsDeps, sender: string, claim: Extract<PaymentNotification, { kind: 'claimed' }>): Promise<NotificationOutcome> {
  const { provider } = deps;
  const purchase = await purchaseOf(deps, claim.purchaseId);
  if (!purchase?.providerRef || !claim.matches(purchase.providerRef)) {
    deps.log.warn({ provider: provider.name, notification: { purchaseId: claim.purchaseId, paymentRef: claim.paymentRef } }, 'refused a payment notification that matches no purchase of ours');
    throw notFound('No such payment');
  }
  if (purchase.status === 'paid') return 'already_paid';
  // A provider whose calls only name a purchase must be able to say whether it is paid.
  if (!provider.lookUpPayment) throw new Error(`${provider.name}'s notifications name a purchase, but it cannot be asked about one`);

  let report: PaymentReport;
  try {
    report = await provider.lookUpPayment({ id: purchase.id, providerRef: purchase.providerRef });
  } catch (error) {
    deps.log.error({ err: error, provider: provider.name, purchaseId: purchase.id }, 'could not confirm a payment notification with the provider');
    // The provider posts again later; by then its answer may come.
    throw new AppError(502, 'internal', `Could not confirm the payment with ${sender}`);
  }
  const result = await recordProviderPayment(deps, purchase, report);
  if (result.kind === 'unpaid') {
    deps.log.warn(
      { provider: provider.name, purchaseId: purchase.id, status: report.paid ? 'paid' : report.status },
      'refused a payment notification: the provider does not report the payment as paid',
    );
    throw conflict(`${sender} does not report this payment as paid`);
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
