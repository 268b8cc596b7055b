import { agorotOf, MIN_GAME_PRICE, type SaleSplit } from '@streethunt/shared';

/** The rows of a split table, top to bottom: what the buyer pays, then where it goes. */
export const SPLIT_ROWS = ['price', 'vat', 'exVat', 'commission', 'affiliateShare', 'builderShare'] as const satisfies ReadonlyArray<keyof SaleSplit>;

/** The calculator's highest price (ILS): far above any game, low enough to keep agorot exact. */
export const CALCULATOR_MAX_PRICE = 100_000;

export type PriceReading = { ok: true; agorot: number } | { ok: false; error: 'required' | 'tooLow' | 'tooHigh' };

/** The calculator's price field (ILS with VAT, as Mantine's NumberInput gives it) in agorot, or why not. */
export function readCalculatorPrice(value: string | number): PriceReading {
  if (typeof value === 'string' && value.trim() === '') return { ok: false, error: 'required' };
  const shekels = Number(value);
  if (!Number.isFinite(shekels)) return { ok: false, error: 'required' };
  // Games are sent to approval at MIN_GAME_PRICE or more (spec sections 5 and 9).
  if (shekels < MIN_GAME_PRICE) return { ok: false, error: 'tooLow' };
  if (shekels > CALCULATOR_MAX_PRICE) return { ok: false, error: 'tooHigh' };
  return { ok: true, agorot: agorotOf(shekels) };
}
