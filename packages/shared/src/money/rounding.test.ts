import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { divideRoundHalfUp, percentOf } from './rounding.ts';

describe('integer rounding', () => {
  it('rounds half up', () => {
    expect(divideRoundHalfUp(5, 2)).toBe(3);
    expect(divideRoundHalfUp(7, 4)).toBe(2);
    expect(divideRoundHalfUp(5, 4)).toBe(1);
    expect(percentOf(15010, 25)).toBe(3753); // 3752.5
    expect(() => divideRoundHalfUp(-1, 2)).toThrow(RangeError);
    expect(() => divideRoundHalfUp(1, 0)).toThrow(RangeError);
    expect(() => percentOf(1.5, 10)).toThrow(RangeError);
  });

  it('agrees with exact BigInt arithmetic up to the largest safe integers (property)', () => {
    fc.assert(
      fc.property(fc.maxSafeNat(), fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }), (numerator, denominator) => {
        const n = BigInt(numerator);
        const d = BigInt(denominator);
        expect(divideRoundHalfUp(numerator, denominator)).toBe(Number((2n * n + d) / (2n * d)));
      }),
      { numRuns: 2000 },
    );
  });
});
