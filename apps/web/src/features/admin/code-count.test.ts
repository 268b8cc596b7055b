import { describe, expect, it } from 'vitest';
import { GENERATE_CODES_MAX } from '@streethunt/shared';
import { acceptsCount, checkCount } from './code-count.ts';

describe('the number-of-codes rule', () => {
  it('refuses zero, signs, exponents, leading zeros, fractions, spaces and text', () => {
    for (const text of ['0', '00', '-', '-1', '+1', 'e', '1e3', '01', '007', '1.5', '1,000', ' 5', '5 ', 'abc', '5a', '٣'])
      expect({ text, accepted: acceptsCount(text) }).toEqual({ text, accepted: false });
  });

  it('accepts empty and positive whole numbers, including ones above the cap (said inline, not refused)', () => {
    for (const text of ['', '1', '9', '10', '500', '501', '99999999999999999999'])
      expect({ text, accepted: acceptsCount(text) }).toEqual({ text, accepted: true });
  });

  it('reads the value at generate time: required when empty, too many above the cap, else the number', () => {
    expect(checkCount('')).toEqual({ ok: false, problem: 'required' });
    expect(checkCount('1')).toEqual({ ok: true, qty: 1 });
    expect(checkCount(String(GENERATE_CODES_MAX))).toEqual({ ok: true, qty: 500 });
    expect(checkCount(String(GENERATE_CODES_MAX + 1))).toEqual({ ok: false, problem: 'tooMany' });
    expect(checkCount('01')).toEqual({ ok: false, problem: 'required' });
  });
});
