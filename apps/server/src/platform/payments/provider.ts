import type { Language } from '@streethunt/shared';

/** Who pays, as typed on the purchase screen. */
export type Buyer = { fullName: string; email: string; phone: string };

export type CheckoutInput = {
  /** Our purchase row; a provider may carry it as its own metadata. */
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
};

export type Checkout = {
  /** Where the browser goes to pay. */
  url: string;
  /**
   * The provider's handle on this payment: unguessable, since it comes back in the success URL
   * (`/payment-success?Token=...`) and is what `checkToken` redeems.
   */
  providerRef: string;
};

/**
 * A payment provider (DESIGN.md section 2): starts a hosted checkout for a pending purchase. The
 * built-in `sandbox` provider's page lives on our own server (features/payments), so it needs no
 * more than this; a provider that reports payments by webhook will add a method that verifies and
 * reads such a notification.
 */
export interface PaymentProvider {
  readonly name: 'sandbox' | 'stripe';
  createCheckout(input: CheckoutInput): Promise<Checkout>;
}
