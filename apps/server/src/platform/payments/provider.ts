/*
 * Adding a payment provider: one adapter file here (like stripe.ts or grow.ts) that implements
 * PaymentProvider below: createCheckout; refund (the money of a refunded purchase back); lookUpPayment when the provider can be asked whether a
 * payment went through; acknowledge when it wants word back; and `notification` when it calls us
 * after a payment (its route under /api, how its body is read, and how a call becomes a
 * PaymentNotification, refusing a forged one). Then its name in config.ts's PAYMENT_PROVIDERS with
 * the settings it needs, one case in create-payment-provider.ts, and a flow test against a local
 * fake of its API (test-servers/, features/payments/*-flow.test.ts). features/payments takes every
 * provider the same way (the checkout, the return page's question, one generic notification route,
 * public and rate limited) without naming it, and tests can hand buildApp any provider (AppDeps.payments).
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { Language } from '@streethunt/shared';
import type { ZodType } from 'zod';
import type { PaymentProviderName } from '../../config.ts';

/** A provider refused a call or answered something we cannot use; the message says which and why. */
export class PaymentProviderError extends Error {}

/** A provider refused a refund for good (the same call again would be refused again): it is not retried. */
export class RefundRefused extends PaymentProviderError {}

/** Who pays, as typed on the purchase screen. */
type Buyer = { fullName: string; email: string; phone: string };

export type CheckoutInput = {
  /** Our purchase row; a provider carries it as its own metadata (Stripe's client_reference_id, Grow's cField1). */
  purchaseId: string;
  /** Minor units (agorot, cents). */
  amount: number;
  /** ISO 4217, upper-case: ILS. */
  currency: string;
  /** What the buyer pays for, shown on the payment page (the game's name). */
  description: string;
  buyer: Buyer;
  /** The language the payment page should speak. */
  language: Language;
  /** Where the provider sends the buyer after paying: our `/payment-success?Token=...`. */
  successUrl: string;
  /** Where the provider sends a buyer who gives up: back to the game. */
  cancelUrl: string;
};

export type Checkout = {
  /** Where the browser goes to pay. */
  url: string;
  /** The provider's own handle on this payment, stored on the purchase (unique per provider). */
  providerRef: string;
};

export type RefundInput = {
  /**
   * Our refund's id (features/refunds): the key a provider that takes one dedupes by (Stripe's
   * Idempotency-Key), so a retried call refunds once.
   */
  refundId: string;
  purchaseId: string;
  /** The purchase's providerRef: the payment to refund. */
  providerRef: string;
  /** Minor units: the whole price, or the price less the fee kept. */
  amount: number;
  currency: string;
};

type RefundResult = {
  /** done: the provider says the money goes back; sent: it took the refund and tells its outcome later (a notification). */
  status: 'done' | 'sent';
  /** The provider's own id of the refund. */
  providerRef: string;
  /** The payment refunded as the provider's refund notifications name it (Stripe's PaymentIntent), when it has one. */
  paymentRef: string | null;
};

/** What a provider's notification says of a refund: matched against the refunds we asked for (features/refunds). */
export type RefundReport = {
  /** Our refund id, when the provider carries it back (Stripe's refund metadata). */
  refundId: string | null;
  providerRef: string | null;
  paymentRef: string | null;
  status: 'done' | 'sent' | 'failed';
};

/**
 * What a provider says of a payment, read from its own server-to-server answer or a signed event:
 * never from the browser. Amounts in minor units, currency upper-case.
 */
export type PaymentReport =
  | {
      paid: true;
      /** The purchase the provider ties the payment to (the id we gave it), when it says. */
      purchaseId: string | null;
      providerRef: string;
      amount: number;
      currency: string;
      /** What the provider wants back when we acknowledge the payment (Grow's approveTransaction). */
      receipt?: Record<string, string>;
      /**
       * The paying card or account, stable across payments and never secret (no card number, no
       * token that can charge), prefixed with the provider; null or absent when the provider names none.
       */
      payerId?: string | null;
    }
  | { paid: false; status: string };

/**
 * A payment provider (DESIGN.md section 2): starts a hosted checkout for a pending purchase and,
 * for the real ones, answers whether it was paid. The purchase becomes paid in one place
 * (features/payments/fulfil.ts), whichever way the news arrives.
 */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  createCheckout(input: CheckoutInput): Promise<Checkout>;
  /**
   * Gives `amount` of a paid purchase back to the card or account that paid. Throws (a
   * PaymentProviderError, a network error) when the provider did not take it: the refund is then
   * retried with the same refundId; RefundRefused when it never will.
   */
  refund(input: RefundInput): Promise<RefundResult>;
  /**
   * Asks the provider, server to server, whether this purchase is paid: the return page's way when
   * no notification has arrived. The sandbox has none (its page is ours, and pays the purchase itself).
   */
  lookUpPayment?(purchase: { id: string; providerRef: string }): Promise<PaymentReport>;
  /** Tells the provider we recorded a payment, where it asks for that (Grow's approveTransaction). */
  acknowledge?(report: Extract<PaymentReport, { paid: true }>): Promise<void>;
  /** The provider's own call to us after a payment (Stripe's webhook, Grow's notification), when it makes one. */
  readonly notification?: NotificationRoute;
}

/**
 * An incoming call from a provider, read and, where the provider signs its calls, verified. Whatever
 * it is, features/payments records a payment only through fulfil.ts, so a repeat changes nothing.
 */
export type PaymentNotification =
  /** Nothing for us (an event we do not act on, a payment not finished yet): acknowledged, so it is not sent again. */
  | { kind: 'ignored' }
  /** Signed by the provider: its report stands as it came. */
  | { kind: 'verified'; report: PaymentReport }
  /** Signed by the provider, about a refund: it counts only for a refund we asked for (features/refunds). */
  | { kind: 'refund'; report: RefundReport }
  /**
   * Not signed, so it only names our purchase: it counts when it `matches` the providerRef we stored
   * for that purchase and the provider, asked itself (lookUpPayment), says the purchase is paid.
   */
  | { kind: 'claimed'; purchaseId: string; paymentRef: string; matches(providerRef: string): boolean };

/**
 * A call we refuse as malformed or forged: answered 400 with this message. `reason` (what failed, for
 * the log) is logged when given; a bare malformed call is not worth a log line.
 */
export class NotificationRefused extends Error {
  constructor(
    message: string,
    readonly reason?: string,
  ) {
    super(message);
  }
}

/** How a provider's call to us is received: its route, its body and what it says. */
export interface NotificationRoute {
  readonly method: 'POST' | 'PUT';
  /** Under /api: '/payments/webhook/stripe' is served at /api/payments/webhook/stripe. */
  readonly path: string;
  /** The provider as replies and logs name it ('Stripe'). */
  readonly sender: string;
  /** How many calls one address may make a minute; above it, 429. */
  readonly perMinute: number;
  /** For the API documentation. */
  readonly summary: string;
  readonly description: string;
  /**
   * The content types this route reads with `parse` from the exact bytes received (a signature covers
   * them), in place of the app's parser for the type; other types are parsed as on every route.
   */
  readonly contentTypes: string[];
  /** The body of one of `contentTypes`; throws NotificationRefused when it cannot be read. */
  parse(contentType: string, body: Buffer): unknown;
  /** Schemas the route validates its headers and parsed body with (400 otherwise), and documents. */
  readonly headers?: ZodType;
  readonly body?: ZodType;
  /** What the call says; throws NotificationRefused for one that is forged or names nothing. */
  read(call: { headers: IncomingHttpHeaders; body: unknown }): PaymentNotification | Promise<PaymentNotification>;
}
