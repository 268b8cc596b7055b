// Money is integer agorot. Every rule that takes a percentage of an amount rounds here, with integer
// arithmetic only, so a result never depends on how a float happened to round (0.1 + 0.2 style drift).

/** Throws unless `value` is an integer number of agorot we can compute with exactly (>= 0). */
export function assertAgorot(value: number, what = 'amount'): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${what} must be a whole, non-negative number of agorot, got ${value}`);
  }
}

/**
 * numerator / denominator rounded half up, for non-negative integers. The remainder is exact for
 * safe integers, so (numerator - remainder) / denominator is an exact integer division.
 */
export function divideRoundHalfUp(numerator: number, denominator: number): number {
  if (!Number.isSafeInteger(numerator) || numerator < 0) throw new RangeError(`numerator must be a safe non-negative integer, got ${numerator}`);
  if (!Number.isSafeInteger(denominator) || denominator <= 0) throw new RangeError(`denominator must be a safe positive integer, got ${denominator}`);
  const remainder = numerator % denominator;
  const quotient = (numerator - remainder) / denominator;
  // Half up: a remainder of at least half the denominator rounds away from zero.
  return remainder * 2 >= denominator ? quotient + 1 : quotient;
}

/** `percent` % of `amount` (whole percent), rounded half up. */
export function percentOf(amount: number, percent: number): number {
  assertAgorot(amount);
  return divideRoundHalfUp(amount * percent, 100);
}
