import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_VAT_PERCENT, splitVat } from './vat.ts';

/** The exact rule in BigInt: round half up of price * 10000 / (10000 + basis points). */
function referenceExVat(price: number, basisPoints: number): number {
  const numerator = BigInt(price) * 10_000n;
  const denominator = 10_000n + BigInt(basisPoints);
  return Number((2n * numerator + denominator) / (2n * denominator));
}

describe('splitVat', () => {
  it('takes VAT out of a price that includes it', () => {
    expect(DEFAULT_VAT_PERCENT).toBe(18);
    expect(splitVat(11800, 18)).toEqual({ exVat: 10000, vat: 1800 });
    expect(splitVat(18880, 18)).toEqual({ exVat: 16000, vat: 2880 });
    expect(splitVat(4500, 18)).toEqual({ exVat: 3814, vat: 686 }); // 3813.56 rounds up
    expect(splitVat(4500, 0)).toEqual({ exVat: 4500, vat: 0 });
    expect(splitVat(0, 18)).toEqual({ exVat: 0, vat: 0 });
  });

  it('rounds an exact half up', () => {
    // 250 * 100 / 160 = 156.25; 4 * 100 / 160 = 2.5 -> 3.
    expect(splitVat(4, 60).exVat).toBe(3);
    expect(splitVat(250, 60).exVat).toBe(156);
  });

  it('accepts a rate with two decimals and refuses anything else', () => {
    expect(splitVat(11750, 17.5)).toEqual({ exVat: 10000, vat: 1750 });
    expect(() => splitVat(100, 17.555)).toThrow(RangeError);
    expect(() => splitVat(100, -1)).toThrow(RangeError);
    expect(() => splitVat(100, Number.NaN)).toThrow(RangeError);
    expect(() => splitVat(10.5, 18)).toThrow(RangeError);
    expect(() => splitVat(-100, 18)).toThrow(RangeError);
  });

  it('matches the exact rational rule, adds up and never goes negative (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000_000 }), fc.integer({ min: 0, max: 10_000 }), (price, basisPoints) => {
        const { exVat, vat } = splitVat(price, basisPoints / 100);
        expect(exVat).toBe(referenceExVat(price, basisPoints));
        expect(exVat + vat).toBe(price);
        expect(vat).toBeGreaterThanOrEqual(0);
        expect(exVat).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 2000 },
    );
  });

  it('never gives a dearer game a smaller price without VAT (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999 }), fc.integer({ min: 0, max: 30 }), (price, vatPercent) => {
        expect(splitVat(price + 1, vatPercent).exVat).toBeGreaterThanOrEqual(splitVat(price, vatPercent).exVat);
      }),
    );
  });
});
