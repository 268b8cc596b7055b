import Stripe from 'stripe';
import { z } from 'zod';
import type { CheckoutInput, NotificationRoute, PaymentProvider, PaymentReport } from './provider.ts';
import { NotificationRefused, PaymentProviderError } from './provider.ts';

export type StripeSettings = {
  secretKey: string;
  webhookSecret: string;
  /** Another address for Stripe's API (stripe-mock, the tests' local server); Stripe's own when unset. */
  apiUrl?: string;
};

/** What a verified webhook tells us: a payment to record, or an event we do not act on. */
type StripeWebhook = { kind: 'payment'; report: PaymentReport } | { kind: 'ignored'; type: string };

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
function webhookRoute(readWebhook: StripeProvider['readWebhook']): NotificationRoute {
  return {
    method: 'POST',
    path: '/payments/webhook/stripe',
    sender: 'Stripe',
    perMinute: 300,
    summary: 'Stripe webhook: a signed checkout.session.completed fulfils its purchase (one code, however often it comes)',
    description: 'The body is the event exactly as Stripe sent it (application/json), verified against the Stripe-Signature header.',
    // The signature covers the raw body: JSON stays the bytes Stripe sent.
    contentTypes: ['application/json'],
    parse: (_contentType, body) => body,
    headers: z.object({ 'stripe-signature': z.string().min(1).max(4096) }),
    read({ headers, body }) {
      if (!Buffer.isBuffer(body)) throw new NotificationRefused('The webhook body must be the JSON event Stripe sent');
      const signature = headers['stripe-signature'];
      let webhook: StripeWebhook;
      try {
        webhook = readWebhook(body, typeof signature === 'string' ? signature : '');
      } catch (error) {
        if (!(error instanceof PaymentProviderError)) throw error;
        throw new NotificationRefused('The Stripe signature does not verify', error.message);
      }
      return webhook.kind === 'ignored' ? { kind: 'ignored' } : { kind: 'verified', report: webhook.report };
    },
  };
}

/**
 * Stripe Checkout through the official SDK. The session's id is the purchase's providerRef; the
 * purchase is fulfilled from the signed `checkout.session.completed` webhook, or when the return
 * page finds it still pending and `lookUpPayment` retrieves the session.
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
    if (!PAYMENT_EVENTS.has(event.type)) return { kind: 'ignored', type: event.type };
    return { kind: 'payment', report: sessionReport(event.data.object as Stripe.Checkout.Session) };
  }

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
      return sessionReport(await stripe.checkout.sessions.retrieve(purchase.providerRef));
    },

    readWebhook,
    notification: webhookRoute(readWebhook),
  };
}
