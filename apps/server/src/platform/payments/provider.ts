import type { Language } from '@streethunt/shared';
import type { PaymentProviderName } from '../../config.ts';

/** A provider refused a call or answered something we cannot use; the message says which and why. */
export class PaymentProviderError extends Error {}

/** Who pays, as typed on the purchase screen. */
export type Buyer = { fullName: string; email: string; phone: string };

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
   * Asks the provider, server to server, whether this purchase is paid: the return page's way when
   * no notification has arrived. The sandbox has none (its page is ours, and pays the purchase itself).
   */
  lookUpPayment?(purchase: { id: string; providerRef: string }): Promise<PaymentReport>;
  /** Tells the provider we recorded a payment, where it asks for that (Grow's approveTransaction). */
  acknowledge?(report: Extract<PaymentReport, { paid: true }>): Promise<void>;
}
