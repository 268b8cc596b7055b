/** How a price shows (spec section 9): the UI turns `free` into the translated word. */
export type PriceDisplay = { kind: 'free' } | { kind: 'amount'; text: string };

/** Empty or zero is free (spec section 9): such a game is played without buying a code. */
export function isFreePrice(price: string | number | null | undefined): boolean {
  const amount = price === null || price === undefined ? '' : String(price).trim();
  return amount === '' || Number(amount) === 0;
}

export function formatPrice(price: string | number | null | undefined, currencyCode: string | null | undefined): PriceDisplay {
  if (isFreePrice(price)) return { kind: 'free' };
  const amount = String(price).trim();
  if (currencyCode === 'USD') return { kind: 'amount', text: `${amount}$` };
  // ILS, the only currency games are sold in: the shekel sign before the amount.
  return { kind: 'amount', text: `₪${amount}` };
}

/** The lowest price a game may be sent to approval with (spec sections 5 and 9). */
export const MIN_GAME_PRICE = 30;
