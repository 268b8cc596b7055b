/** How a price shows (spec section 9): the UI turns `free` into the translated word. */
export type PriceDisplay = { kind: 'free' } | { kind: 'amount'; text: string };

/**
 * What a game's metadata.price says: free, an amount in whole agorot, or nothing a game can be sold
 * at. Prices are shekels, stored as a number or as older text ('45', '45.5').
 */
export type PriceReading = { kind: 'free' } | { kind: 'amount'; agorot: number } | { kind: 'invalid' };

const FREE: PriceReading = { kind: 'free' };
const INVALID: PriceReading = { kind: 'invalid' };

/**
 * The one reader of a price, on both sides: whether a game is free, what the editor shows, what a
 * sale charges and splits. Empty or zero is free (spec section 9: played without buying a code); a
 * negative, unreadable or sub-agora amount is invalid. The database's game_price_is_free (migration
 * 0009) reads 'free' the same way (a test compares them).
 */
export function readPrice(price: unknown): PriceReading {
  if (price === null || price === undefined) return FREE;
  if (typeof price !== 'string' && typeof price !== 'number') return INVALID;
  const text = String(price).trim();
  if (text === '') return FREE;
  const value = Number(text);
  if (value === 0) return FREE;
  if (!Number.isFinite(value) || value < 0) return INVALID;
  const agorot = Math.round(value * 100);
  return agorot >= 1 && Number.isSafeInteger(agorot) ? { kind: 'amount', agorot } : INVALID;
}

/** Empty or zero is free (spec section 9): such a game is played without buying a code. */
export function isFreePrice(price: string | number | null | undefined): boolean {
  return readPrice(price).kind === 'free';
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

/**
 * What one team of an event costs: the creator's group price when set, else the game's price. An
 * event's total is this times its teams (one purchase, split as any sale).
 */
export function eventTeamPrice(metadata: { price: unknown; groupPrice?: unknown }): PriceReading {
  const { groupPrice } = metadata;
  const set = groupPrice !== undefined && groupPrice !== null && String(groupPrice).trim() !== '';
  return readPrice(set ? groupPrice : metadata.price);
}
