import { describe, expect, it } from 'vitest';
import { builderEarnings, priceWithVat, termsExamples } from './terms-examples.ts';
import { splitSale } from './revenue-split.ts';

describe('the terms’ examples and what a builder receives', () => {
  it('100 and 160 ILS before VAT are 118 and 188.80 with 18% VAT, and pay the builder 70 and 120 (60 and 104 with an affiliate)', () => {
    const [cheap, dear] = termsExamples(18);
    expect([cheap.exVat, cheap.price, cheap.without.builderShare, cheap.with.builderShare]).toEqual([10_000, 11_800, 7_000, 6_000]);
    expect([dear.exVat, dear.price, dear.without.builderShare, dear.with.builderShare]).toEqual([16_000, 18_880, 12_000, 10_400]);
  });

  it('keeps the builder’s amounts whatever the VAT rate, since the examples are priced before VAT', () => {
    expect(termsExamples(17.5).map((e) => [e.price, e.without.builderShare])).toEqual([
      [11_750, 7_000],
      [18_800, 12_000],
    ]);
    expect(priceWithVat(10_000, 0)).toBe(10_000);
  });

  it('builderEarnings is splitSale’s builder share, for the prices a card shows', () => {
    // 60, 100, 118, 160 and 188.80 ILS with VAT, by hand: 60 is 50.85 before VAT, less the 30 minimum is 20.85,
    // less 5.09 (10%) for an affiliate 15.76; 100 is 84.75, 54.75 and 46.27; 160 is 135.59, less 33.90 (25%)
    // is 101.69, less 13.56 is 88.13.
    const expected = { 6_000: [2_085, 1_576], 10_000: [5_475, 4_627], 11_800: [7_000, 6_000], 16_000: [10_169, 8_813], 18_880: [12_000, 10_400] };
    for (const [price, [perSale, withAffiliate]] of Object.entries(expected)) {
      expect(builderEarnings(Number(price), 18), price).toEqual({ perSale, withAffiliate });
      expect(perSale).toBe(splitSale({ price: Number(price), vatPercent: 18, withAffiliate: false }).builderShare);
    }
  });
});
