import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COMMISSION_MIN, splitSale } from './revenue-split.ts';

describe('splitSale: the terms\' examples', () => {
  // The terms' 100 and 160 ILS are prices without VAT (docs/decisions/005-money-rules.md): with 18% VAT
  // the games sell at 118 and 188.80 ILS.
  it('a 118 ILS game pays the builder 70 ILS (commission 30 ILS, the minimum)', () => {
    expect(splitSale({ price: 11800, vatPercent: 18, withAffiliate: false })).toEqual({
      price: 11800,
      vat: 1800,
      exVat: 10000,
      commission: 3000,
      affiliateShare: 0,
      builderShare: 7000,
    });
  });

  it('a 188.80 ILS game pays the builder 120 ILS (commission 25%, 40 ILS)', () => {
    expect(splitSale({ price: 18880, vatPercent: 18, withAffiliate: false })).toMatchObject({
      exVat: 16000,
      commission: 4000,
      affiliateShare: 0,
      builderShare: 12000,
    });
  });

  it('with an affiliate code, 10% of the price without VAT comes out of the builder\'s amount', () => {
    expect(splitSale({ price: 11800, vatPercent: 18, withAffiliate: true })).toMatchObject({
      commission: 3000,
      affiliateShare: 1000,
      builderShare: 6000,
    });
    expect(splitSale({ price: 18880, vatPercent: 18, withAffiliate: true })).toMatchObject({
      commission: 4000,
      affiliateShare: 1600,
      builderShare: 10400,
    });
  });

  it('a cheap game: the commission takes it all, and the affiliate gets nothing', () => {
    expect(splitSale({ price: 2000, vatPercent: 18, withAffiliate: true })).toEqual({
      price: 2000,
      vat: 305,
      exVat: 1695,
      commission: 1695,
      affiliateShare: 0,
      builderShare: 0,
    });
  });

  it('an affiliate share larger than what is left takes only what is left', () => {
    // 33 ILS without VAT: commission 30, 10% would be 3.30 but only 3 are left.
    expect(splitSale({ price: 3300, vatPercent: 0, withAffiliate: true })).toMatchObject({
      commission: 3000,
      affiliateShare: 300,
      builderShare: 0,
    });
    expect(splitSale({ price: 3200, vatPercent: 0, withAffiliate: true })).toMatchObject({ affiliateShare: 200, builderShare: 0 });
  });

  it('with VAT 0 the whole price is shared', () => {
    expect(splitSale({ price: 10000, vatPercent: 0, withAffiliate: true })).toEqual({
      price: 10000,
      vat: 0,
      exVat: 10000,
      commission: 3000,
      affiliateShare: 1000,
      builderShare: 6000,
    });
  });

  it('rounds a share half up', () => {
    // 150.10 ILS without VAT: 25% is 37.525 -> 37.53 ILS, 10% is 15.01.
    expect(splitSale({ price: 15010, vatPercent: 0, withAffiliate: true })).toMatchObject({
      commission: 3753,
      affiliateShare: 1501,
      builderShare: 9756,
    });
  });

  it('a free game is all zeros', () => {
    for (const withAffiliate of [false, true]) {
      expect(splitSale({ price: 0, vatPercent: 18, withAffiliate })).toEqual({
        price: 0,
        vat: 0,
        exVat: 0,
        commission: 0,
        affiliateShare: 0,
        builderShare: 0,
      });
    }
  });
});

describe('splitSale: invariants (property)', () => {
  const price = fc.integer({ min: 0, max: 1_000_000 });
  const vatPercent = fc.integer({ min: 0, max: 30 });

  it('every part is >= 0 and the parts add up to the price', () => {
    fc.assert(
      fc.property(price, vatPercent, fc.boolean(), (p, v, withAffiliate) => {
        const split = splitSale({ price: p, vatPercent: v, withAffiliate });
        for (const part of [split.vat, split.exVat, split.commission, split.affiliateShare, split.builderShare]) {
          expect(Number.isSafeInteger(part)).toBe(true);
          expect(part).toBeGreaterThanOrEqual(0);
          expect(part).toBeLessThanOrEqual(p);
        }
        expect(split.vat + split.commission + split.affiliateShare + split.builderShare).toBe(p);
        expect(split.price).toBe(p);
      }),
      { numRuns: 2000 },
    );
  });

  it('the affiliate is paid out of the builder\'s amount, never beyond it, and never touches the commission', () => {
    fc.assert(
      fc.property(price, vatPercent, (p, v) => {
        const without = splitSale({ price: p, vatPercent: v, withAffiliate: false });
        const withCode = splitSale({ price: p, vatPercent: v, withAffiliate: true });
        expect(without.affiliateShare).toBe(0);
        expect(withCode.affiliateShare).toBeLessThanOrEqual(without.builderShare);
        expect(withCode.builderShare).toBeLessThanOrEqual(without.builderShare);
        expect(withCode.builderShare + withCode.affiliateShare).toBe(without.builderShare);
        expect(withCode.commission).toBe(without.commission);
        expect(withCode.vat).toBe(without.vat);
      }),
      { numRuns: 2000 },
    );
  });

  it('the commission is at least the minimum, or all there is', () => {
    fc.assert(
      fc.property(price, vatPercent, (p, v) => {
        const split = splitSale({ price: p, vatPercent: v, withAffiliate: false });
        expect(split.commission === split.exVat || split.commission >= COMMISSION_MIN).toBe(true);
        expect(split.commission * 4).toBeGreaterThanOrEqual(split.exVat - 2); // 25%, up to rounding
      }),
    );
  });
});
