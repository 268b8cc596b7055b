import { assertAgorot, divideRoundHalfUp } from './rounding.ts';

// Game prices INCLUDE VAT (spec section 9, 'Terms'); every share is computed on the price without it.

/** Israeli VAT in 2026; the server reads the live rate from VAT_PERCENT (config.vatPercent). */
export const DEFAULT_VAT_PERCENT = 18;

/**
 * VAT rates are quoted to at most two decimals (e.g. 17 or 17.5), so the rate is taken in basis points
 * (hundredths of a percent) and the division stays in integers. A rate with more decimals is refused
 * rather than silently rounded.
 */
export function vatBasisPoints(vatPercent: number): number {
  const basisPoints = Math.round(vatPercent * 100);
  if (!Number.isFinite(vatPercent) || vatPercent < 0 || vatPercent > 100 || Math.abs(basisPoints - vatPercent * 100) > 1e-6) {
    throw new RangeError(`VAT must be a percentage from 0 to 100 with at most two decimals, got ${vatPercent}`);
  }
  return basisPoints;
}

/**
 * Splits a price that includes VAT into the price without VAT and the VAT in it (agorot).
 * exVat = price * 100 / (100 + vatPercent), rounded half up; vat is the rest, so the two always add up
 * to the price exactly.
 */
export function splitVat(price: number, vatPercent: number): { exVat: number; vat: number } {
  assertAgorot(price, 'price');
  const basisPoints = vatBasisPoints(vatPercent);
  const exVat = divideRoundHalfUp(price * 10_000, 10_000 + basisPoints);
  return { exVat, vat: price - exVat };
}
