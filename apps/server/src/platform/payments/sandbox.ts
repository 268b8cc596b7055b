import { createHash, randomBytes } from 'node:crypto';
import type { PaymentProvider, RefundInput } from './provider.ts';

/**
 * The sandbox provider: a hosted payment page on our own server at /sandbox-pay/{ref}. It is the
 * real payment page in development and tests; no money moves. Its test cards are documented on
 * the page itself and in the README. Its reference is also the success page's token, and the page
 * pays the purchase itself (features/payments), so it needs neither lookUpPayment nor a notification.
 * Its refunds are kept in memory (`refunds`), per process: nothing to pay back.
 */
export interface SandboxProvider extends PaymentProvider {
  readonly name: 'sandbox';
  /** The refunds it made, in order, each once however often it was asked (by refundId): for tests and the log. */
  readonly refunds: readonly SandboxRefund[];
}

/** A refund as asked (providerRef: the purchase's payment) and the sandbox's own id for it. */
type SandboxRefund = RefundInput & { refundRef: string };

export function createSandboxProvider(options: { publicUrl: string }): SandboxProvider {
  const refunds: SandboxRefund[] = [];
  return {
    name: 'sandbox',
    refunds,
    async refund(input) {
      // No money moved, so none goes back: the refund is recorded, once per refundId, as a provider's idempotency key would.
      const earlier = refunds.find((r) => r.refundId === input.refundId);
      if (earlier) return { status: 'done', providerRef: earlier.refundRef, paymentRef: null };
      const refund = { ...input, refundRef: `sandbox-refund-${randomBytes(12).toString('hex')}` };
      refunds.push(refund);
      return { status: 'done', providerRef: refund.refundRef, paymentRef: null };
    },
    async createCheckout() {
      // 32 random bytes: the reference doubles as the success token, so it must not be guessable.
      const providerRef = randomBytes(32).toString('base64url');
      return { url: `${options.publicUrl}/sandbox-pay/${providerRef}`, providerRef };
    },
  };
}

/**
 * The documented test cards (digits only). Any future expiry and any 3-digit CVC go with them. Two
 * cards succeed, so one can try a sale paid by another card than the affiliate's own (fulfil.ts).
 */
export const SANDBOX_CARDS = {
  succeeds: '4242424242424242',
  alsoSucceeds: '5555555555554444',
  declined: '4000000000000002',
} as const;

const SUCCEEDING: readonly string[] = [SANDBOX_CARDS.succeeds, SANDBOX_CARDS.alsoSucceeds];

/**
 * The payer id the sandbox reports for a card: a fingerprint of its number (a SHA-256 hash, never the
 * number), the same for every payment with that card however it was typed, as a real provider's is.
 */
export const sandboxPayerId = (digits: string) => `sandbox:${createHash('sha256').update(`sandbox-card:${digits}`).digest('hex')}`;

/** What the sandbox page shows for each card number, grouped in fours. */
export const groupCardNumber = (digits: string) => digits.replace(/(\d{4})(?=\d)/g, '$1 ');

export type SandboxCardForm = { cardNumber?: string; expiry?: string; cvc?: string };
export type SandboxCardField = keyof SandboxCardForm;
export type SandboxCardError =
  | 'card_number_format'
  /** A well-formed number that is not one of the test cards: the sandbox never takes real cards. */
  | 'card_number_not_test'
  | 'expiry_format'
  | 'expiry_past'
  | 'cvc_format';

export type SandboxCardOutcome =
  /** Paid by the card `payerId` names (sandboxPayerId). */
  | { outcome: 'succeeds'; payerId: string }
  | { outcome: 'declined' }
  | { outcome: 'invalid'; errors: Partial<Record<SandboxCardField, SandboxCardError>> };

/** The Luhn check digit rule every card number follows. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Card number without the spaces or dashes people type. */
export const cardDigits = (typed: string | undefined) => (typed ?? '').replace(/[\s-]/g, '');

/**
 * Judges the sandbox card form: the format of each field first (all errors at once), then the
 * outcome the documented test number stands for. A card is valid through the end of its expiry month.
 */
export function judgeSandboxCard(form: SandboxCardForm, now: Date = new Date()): SandboxCardOutcome {
  const errors: Partial<Record<SandboxCardField, SandboxCardError>> = {};

  const digits = cardDigits(form.cardNumber);
  if (!/^\d{12,19}$/.test(digits) || !passesLuhn(digits)) errors.cardNumber = 'card_number_format';
  else if (!SUCCEEDING.includes(digits) && digits !== SANDBOX_CARDS.declined) errors.cardNumber = 'card_number_not_test';

  const expiry = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(form.expiry ?? '');
  const month = expiry ? Number(expiry[1]) : 0;
  if (!expiry || month < 1 || month > 12) errors.expiry = 'expiry_format';
  else {
    const year = expiry[2].length === 2 ? 2000 + Number(expiry[2]) : Number(expiry[2]);
    const thisMonth = now.getUTCFullYear() * 12 + now.getUTCMonth();
    if (year * 12 + (month - 1) < thisMonth) errors.expiry = 'expiry_past';
  }

  if (!/^\d{3}$/.test((form.cvc ?? '').trim())) errors.cvc = 'cvc_format';

  if (Object.keys(errors).length > 0) return { outcome: 'invalid', errors };
  return SUCCEEDING.includes(digits) ? { outcome: 'succeeds', payerId: sandboxPayerId(digits) } : { outcome: 'declined' };
}
