import { percentOf } from './rounding.ts';
import { splitVat } from './vat.ts';

// The terms' revenue split (spec section 9, 'Terms'; docs/decisions/005-money-rules.md). All amounts
// are agorot and computed on the price without VAT.

/** The site's commission: 25% of the price without VAT... */
export const COMMISSION_PERCENT = 25;
/** ...or 30 ILS, whichever is higher (never more than the price without VAT). */
export const COMMISSION_MIN = 3000;
/** A purchase made with an affiliate's code pays the affiliate 10% of the price without VAT. */
export const AFFILIATE_PERCENT = 10;

/** One sale's split; vat + commission + affiliateShare + builderShare === price. */
export type SaleSplit = {
  price: number;
  vat: number;
  exVat: number;
  commission: number;
  affiliateShare: number;
  builderShare: number;
};

export function splitSale(input: { price: number; vatPercent: number; withAffiliate: boolean }): SaleSplit {
  const { price } = input;
  const { exVat, vat } = splitVat(price, input.vatPercent);
  // The minimum can exceed a cheap game's price: the commission then takes all of it, never more.
  const commission = Math.min(exVat, Math.max(percentOf(exVat, COMMISSION_PERCENT), COMMISSION_MIN));
  const builderWithoutAffiliate = exVat - commission;
  // 'Deducted from the builder's amount': the affiliate can get at most what the builder would have.
  const affiliateShare = input.withAffiliate ? Math.min(percentOf(exVat, AFFILIATE_PERCENT), builderWithoutAffiliate) : 0;
  return { price, vat, exVat, commission, affiliateShare, builderShare: builderWithoutAffiliate - affiliateShare };
}
