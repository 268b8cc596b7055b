import { sameMailbox } from './own-mailbox.ts';

/** An earlier paid (or since refunded) purchase that the payment provider says was paid by the same payer. */
export type SamePayerPurchase = {
  /** The account that was logged in when it was bought; null for an anonymous purchase. */
  buyerId: string | null;
  email: string;
};

/**
 * Whether a sale is the affiliate's own purchase, so their code earns them no share (decision record
 * 005): the buyer's email reaches the affiliate's mailbox (sameMailbox), or the provider names the
 * paying card or account and the affiliate paid with it before, on a purchase of theirs while logged
 * in or one made with their email. `samePayer` lists the earlier purchases paid by this sale's payer
 * (empty when the provider names none). An anonymous buyer with another address and the same card
 * is still the affiliate.
 */
export function isOwnPurchase(
  affiliate: { id: string; email: string },
  sale: { email: string },
  samePayer: readonly SamePayerPurchase[],
): boolean {
  if (sameMailbox(affiliate.email, sale.email)) return true;
  return samePayer.some((earlier) => earlier.buyerId === affiliate.id || sameMailbox(earlier.email, affiliate.email));
}
