/** How a price shows (spec section 9): the UI turns `free` into the translated word. */
export type PriceDisplay = { kind: 'free' } | { kind: 'amount'; text: string };

export function formatPrice(price: string | number | null | undefined, currencyCode: string | null | undefined): PriceDisplay {
  const amount = price === null || price === undefined ? '' : String(price).trim();
  if (amount === '' || Number(amount) === 0) return { kind: 'free' };
  if (currencyCode === 'USD') return { kind: 'amount', text: `${amount}$` };
  // ILS, the only currency games are sold in: the shekel sign before the amount.
  return { kind: 'amount', text: `₪${amount}` };
}
