import type { FastifyBaseLogger } from 'fastify';
import Stripe from 'stripe';
import { z } from 'zod';
import type { CheckoutInput, NotificationRoute, PaymentProvider, PaymentReport, RefundReport } from './provider.ts';
import { NotificationRefused, PaymentProviderError, RefundRefused } from './provider.ts';

export type StripeSettings = {
  secretKey: string;
  webhookSecret: string;
  /** Another address for Stripe's API (stripe-mock, the tests' local server); Stripe's own when unset. */
  apiUrl?: string;
  /** Where a failed look-up of the paying card is told; the payment is recorded without it. */
  log?: Pick<FastifyBaseLogger, 'warn'>;
};

/**
 * What a verified webhook tells us: a payment to record (with the session's PaymentIntent, whose
 * charge names the card), or an event we do not act on.
 */
type StripeWebhook =
  | { kind: 'payment'; report: PaymentReport; paymentIntent: string | null }
  /** A refund's news: refund.created/updated/failed, or charge.refunded (which names the payment only). */
  | { kind: 'refund'; report: RefundReport }
  | { kind: 'ignored'; type: string };

export interface StripeProvider extends PaymentProvider {
  readonly name: 'stripe';
  lookUpPayment(purchase: { id: string; providerRef: string }): Promise<PaymentReport>;
  /**
   * Verifies a webhook's `Stripe-Signature` over its raw body and reads it. Throws a
   * PaymentProviderError when the signature does not verify (forged, altered or too old).
   */
  readWebhook(rawBody: Buffer, signature: string): StripeWebhook;
  readonly notification: NotificationRoute;
}

/** Events that carry a finished Checkout Session; the async one completes a delayed payment method. */
const PAYMENT_EVENTS = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);

/** Events about a refund object; charge.refunded carries the charge instead. */
const REFUND_EVENTS = new Set(['refund.created', 'refund.updated', 'refund.failed']);

/** A Stripe refund's status as ours: succeeded is done; failed and canceled failed; pending and requires_action wait. */
function refundStatus(status: string | null): RefundReport['status'] {
  if (status === 'succeeded') return 'done';
  if (status === 'failed' || status === 'canceled') return 'failed';
  return 'sent';
}

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? null));

/** What a refund event or charge.refunded says, as a RefundReport. */
function refundEventReport(event: Stripe.Event): RefundReport | null {
  if (REFUND_EVENTS.has(event.type)) {
    const refund = event.data.object as Stripe.Refund;
    return { refundId: refund.metadata?.refundId ?? null, providerRef: refund.id, paymentRef: idOf(refund.payment_intent), status: refundStatus(refund.status) };
  }
  if (event.type === 'charge.refunded') {
    const charge = event.data.object as Stripe.Charge;
    // The charge lists its refunds only when expanded (not by default since API 2022-11-15).
    const refund = charge.refunds?.data.at(-1);
    return {
      refundId: refund?.metadata?.refundId ?? null,
      providerRef: refund?.id ?? null,
      paymentRef: idOf(charge.payment_intent),
      status: charge.amount_refunded > 0 ? 'done' : 'sent',
    };
  }
  return null;
}

/** host, port and protocol of STRIPE_API_URL for the SDK; nothing (Stripe's own API) when unset. */
function apiAddress(apiUrl: string | undefined): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}

/**
 * Stripe Checkout has no Hebrew page; 'auto' follows the buyer's browser and falls back to English.
 * (Its locales: https://docs.stripe.com/api/checkout/sessions/create#create_checkout_session-locale.)
 */
const checkoutLocale = (language: CheckoutInput['language']) => (language === 'en' ? 'en' : 'auto');

/**
 * The payerId of a PaymentIntent whose latest charge is expanded: that card's fingerprint, which
 * Stripe keeps the same for one card number across payments on our account. Null for a payment
 * that names no card (Link, a bank) or an intent whose charge is not expanded. A wallet (Apple Pay,
 * Google Pay) shows its device number's fingerprint, not the card's, so the same card paid through
 * a wallet and typed in is two payers: the own-card rule then misses it, as it would a second card.
 */
function stripePayerId(paymentIntent: string | Stripe.PaymentIntent | null): string | null {
  const charge = typeof paymentIntent === 'object' ? paymentIntent?.latest_charge : null;
  const fingerprint = typeof charge === 'object' ? charge?.payment_method_details?.card?.fingerprint : null;
  return fingerprint ? `stripe:${fingerprint}` : null;
}

/** The card that paid a PaymentIntent (its id, or itself expanded) as a payerId; null when none is found. */
type PayerLookUp = (paymentIntent: string | Stripe.PaymentIntent | null) => Promise<string | null>;

/** What a Checkout Session says of its payment: paid only when Stripe says `payment_status: paid`. */
function sessionReport(session: Stripe.Checkout.Session): PaymentReport {
  if (session.payment_status !== 'paid' || session.amount_total === null || !session.currency) {
    return { paid: false, status: `${session.status ?? 'unknown'}/${session.payment_status}` };
  }
  return {
    paid: true,
    purchaseId: session.client_reference_id ?? session.metadata?.purchaseId ?? null,
    providerRef: session.id,
    amount: session.amount_total,
    currency: session.currency.toUpperCase(),
  };
}

/**
 * POST /api/payments/webhook/stripe: Stripe's signed events. Only a signed event counts; events
 * about purchases this server does not hold (another deployment on the same Stripe account) are
 * acknowledged and ignored by features/payments, or Stripe would retry them for days.
 */
function webhookRoute(readWebhook: StripeProvider['readWebhook'], payerOf: PayerLookUp): NotificationRoute {
  return {
    method: 'POST',
    path: '/payments/webhook/stripe',
    sender: 'Stripe',
    perMinute: 300,
    summary:
      'Stripe webhook: a signed checkout.session.completed fulfils its purchase (one code, however often it comes); a refund event (refund.created/updated/failed, charge.refunded) settles a refund we asked for, and is refused (404) for any other',
    description: 'The body is the event exactly as Stripe sent it (application/json), verified against the Stripe-Signature header.',
    // The signature covers the raw body: JSON stays the bytes Stripe sent.
    contentTypes: ['application/json'],
    parse: (_contentType, body) => body,
    headers: z.object({ 'stripe-signature': z.string().min(1).max(4096) }),
    async read({ headers, body }) {
      if (!Buffer.isBuffer(body)) throw new NotificationRefused('The webhook body must be the JSON event Stripe sent');
      const signature = headers['stripe-signature'];
      let webhook: StripeWebhook;
      try {
        webhook = readWebhook(body, typeof signature === 'string' ? signature : '');
      } catch (error) {
        if (!(error instanceof PaymentProviderError)) throw error;
        throw new NotificationRefused('The Stripe signature does not verify', error.message);
      }
      if (webhook.kind === 'ignored') return { kind: 'ignored' };
      if (webhook.kind === 'refund') return { kind: 'refund', report: webhook.report };
      // An event carries the session with its PaymentIntent's id only: the card is one more call away.
      const report = webhook.report.paid ? { ...webhook.report, payerId: await payerOf(webhook.paymentIntent) } : webhook.report;
      return { kind: 'verified', report };
    },
  };
}

/**
 * Stripe Checkout through the official SDK. The session's id is the purchase's providerRef; the
 * purchase is fulfilled from the signed `checkout.session.completed` webhook, or when the return
 * page finds it still pending and `lookUpPayment` retrieves the session. Either way the report names
 * the paying card (stripePayerId) when Stripe can be asked for it.
 */
export function createStripeProvider(settings: StripeSettings): StripeProvider {
  const stripe = new Stripe(settings.secretKey, {
    ...apiAddress(settings.apiUrl),
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
  });

  function readWebhook(rawBody: Buffer, signature: string): StripeWebhook {
    let event: Stripe.Event;
    try {
      event = stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret);
    } catch (error) {
      throw new PaymentProviderError(`Stripe webhook signature does not verify: ${(error as Error).message}`);
    }
    const refund = refundEventReport(event);
    if (refund) return { kind: 'refund', report: refund };
    if (!PAYMENT_EVENTS.has(event.type)) return { kind: 'ignored', type: event.type };
    const session = event.data.object as Stripe.Checkout.Session;
    const paymentIntent = typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null);
    return { kind: 'payment', report: sessionReport(session), paymentIntent };
  }

  const payerOf: PayerLookUp = async (paymentIntent) => {
    if (typeof paymentIntent !== 'string') return stripePayerId(paymentIntent);
    try {
      // Short and retried once: the payment is recorded whether or not the card is found.
      const intent = await stripe.paymentIntents.retrieve(paymentIntent, { expand: ['latest_charge'] }, { timeout: 5_000, maxNetworkRetries: 1 });
      return stripePayerId(intent);
    } catch (error) {
      settings.log?.warn({ err: error, paymentIntent }, 'could not look up the card that paid a Stripe payment: recorded without it');
      return null;
    }
  };

  return {
    name: 'stripe',

    async createCheckout(input) {
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [
            {
              quantity: 1,
              // Stripe's ILS is a two-decimal currency: unit_amount is in agorot, as our amounts are.
              price_data: { currency: input.currency.toLowerCase(), unit_amount: input.amount, product_data: { name: input.description || input.purchaseId } },
            },
          ],
          client_reference_id: input.purchaseId,
          metadata: { purchaseId: input.purchaseId },
          customer_email: input.buyer.email,
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
          locale: checkoutLocale(input.language),
        },
        // A retried create (network trouble) must not open a second session for one purchase.
        { idempotencyKey: `checkout-${input.purchaseId}` },
      );
      if (!session.url) throw new PaymentProviderError(`Stripe returned checkout session ${session.id} without a URL`);
      return { url: session.url, providerRef: session.id };
    },

    async lookUpPayment(purchase) {
      // Expanded here, the paying card comes with the session: no second call.
      const session = await stripe.checkout.sessions.retrieve(purchase.providerRef, { expand: ['payment_intent.latest_charge'] });
      const report = sessionReport(session);
      return report.paid ? { ...report, payerId: await payerOf(session.payment_intent) } : report;
    },

    async refund(input) {
      // The purchase keeps the Checkout Session; its PaymentIntent is what Stripe refunds.
      const session = await stripe.checkout.sessions.retrieve(input.providerRef);
      const paymentIntent = idOf(session.payment_intent);
      if (!paymentIntent) throw new RefundRefused(`Stripe names no payment for session ${session.id}: nothing to refund`);
      const refund = await stripe.refunds.create(
        {
          payment_intent: paymentIntent,
          // Minor units, as our amounts are (ILS is a two-decimal currency at Stripe).
          amount: input.amount,
          reason: 'requested_by_customer',
          // Carried back on its events, so a notification is matched to this refund.
          metadata: { refundId: input.refundId, purchaseId: input.purchaseId },
        },
        // Our refund's id: a retried call (here or from the job queue) refunds once. The queue retries, not the SDK.
        { idempotencyKey: `refund-${input.refundId}`, maxNetworkRetries: 0 },
      );
      const status = refundStatus(refund.status);
      if (status === 'failed') throw new RefundRefused(`Stripe refund ${refund.id} is ${refund.status}`);
      return { status, providerRef: refund.id, paymentRef: paymentIntent };
    },

    readWebhook,
    notification: webhookRoute(readWebhook, payerOf),
  };
}
