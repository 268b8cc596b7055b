import { splitSale, type SaleSplit } from './revenue-split.ts';
import { vatBasisPoints } from './vat.ts';

// The one money story: the terms' examples, the builders page, the editor's price field and the
// reports all read a price through splitSale. Prices shown to players include VAT; the terms quote
// their examples before VAT (decision 005), and every place that shows one names it both ways.

/** The terms' two games, priced before VAT (agorot): they pay the builder 70 and 120 ILS. */
const TERMS_EXAMPLE_PRICES_EX_VAT = [10_000, 16_000] as const;

/** A price before VAT with VAT added (agorot, whole: VAT rates have at most two decimals). */
export function priceWithVat(exVat: number, vatPercent: number): number {
  return Math.round((exVat * (10_000 + vatBasisPoints(vatPercent))) / 10_000);
}

/** What the builder receives for one sale at a price with VAT: alone, and when an affiliate brought the buyer. */
export function builderEarnings(price: number, vatPercent: number): { perSale: number; withAffiliate: number } {
  return {
    perSale: splitSale({ price, vatPercent, withAffiliate: false }).builderShare,
    withAffiliate: splitSale({ price, vatPercent, withAffiliate: true }).builderShare,
  };
}

export type TermsExample = { exVat: number; price: number; without: SaleSplit; with: SaleSplit };

/** The terms' examples at a VAT rate: each price before and with VAT, split without and with an affiliate. */
export function termsExamples(vatPercent: number): TermsExample[] {
  return TERMS_EXAMPLE_PRICES_EX_VAT.map((exVat) => {
    const price = priceWithVat(exVat, vatPercent);
    return { exVat, price, without: splitSale({ price, vatPercent, withAffiliate: false }), with: splitSale({ price, vatPercent, withAffiliate: true }) };
  });
}
