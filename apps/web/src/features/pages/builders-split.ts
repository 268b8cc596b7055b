import { agorotOf, DEFAULT_VAT_PERCENT, MIN_GAME_PRICE, splitSale, type PublicConfig, type SaleSplit } from '@streethunt/shared';

/** The rows of a split table, top to bottom: what the buyer pays, then where it goes. */
export const SPLIT_ROWS = ['price', 'vat', 'exVat', 'commission', 'affiliateShare', 'builderShare'] as const satisfies ReadonlyArray<keyof SaleSplit>;
export type SplitRow = (typeof SPLIT_ROWS)[number];

/**
 * The worked examples are the terms' two games (a 100 ILS game pays the builder 70, a 160 ILS one 120),
 * whose prices are before VAT: the buyer pays them plus VAT, and the page shows that price.
 */
const EXAMPLE_PRICES_EX_VAT = [10_000, 16_000] as const;

export type WorkedExample = { exVat: number; price: number; without: SaleSplit; with: SaleSplit };

export function workedExamples(vatPercent: number): WorkedExample[] {
  return EXAMPLE_PRICES_EX_VAT.map((exVat) => {
    // Whole agorot: VAT rates have at most two decimals (basis points), so this is exact for 18%.
    const price = Math.round((exVat * (10_000 + Math.round(vatPercent * 100))) / 10_000);
    return {
      exVat,
      price,
      without: splitSale({ price, vatPercent, withAffiliate: false }),
      with: splitSale({ price, vatPercent, withAffiliate: true }),
    };
  });
}

/** The VAT rate the page computes with: the server's (GET /api/public-config), the shared default until it answers. */
export function vatPercentOf(config: PublicConfig | undefined): number {
  return config?.vatPercent ?? DEFAULT_VAT_PERCENT;
}

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
