import { describe, expect, it } from 'vitest';
import { agorotOf, formatMoney, shekelsText } from './format.ts';

// Intl puts direction marks around the Hebrew amount; the tests compare the visible text.
const visible = (text: string) => text.replace(/[\u200e\u200f\u061c]/g, '').replace(/\s/g, ' ');

describe('formatMoney', () => {
  it('shows shekels, with agorot only when there are some', () => {
    expect(formatMoney(4500, 'en')).toBe('₪45');
    expect(formatMoney(4550, 'en')).toBe('₪45.50');
    expect(formatMoney(123456, 'en')).toBe('₪1,234.56');
    expect(formatMoney(-1500, 'en')).toBe('-₪15');
    expect(visible(formatMoney(4500, 'he'))).toBe('45 ₪');
    expect(visible(formatMoney(4550, 'he'))).toBe('45.50 ₪');
    expect(formatMoney(1000, 'en', 'USD')).toBe('$10');
    expect(() => formatMoney(45.5, 'en')).toThrow(RangeError);
  });
});

describe('agorotOf', () => {
  it('reads a game price as the payment service does', () => {
    expect(agorotOf('45')).toBe(4500);
    expect(agorotOf(45)).toBe(4500);
    expect(agorotOf('45.5')).toBe(4550);
    expect(agorotOf('45.55')).toBe(4555);
    expect(agorotOf('')).toBe(0);
    expect(agorotOf('0')).toBe(0);
    expect(agorotOf(0)).toBe(0);
  });

  it('throws on what is not a price', () => {
    for (const bad of ['abc', '-5', -5, Number.NaN, Number.POSITIVE_INFINITY, '1e300']) {
      expect(() => agorotOf(bad)).toThrow(RangeError);
    }
  });
});

describe('shekelsText', () => {
  it('writes agorot as plain shekels with two decimals', () => {
    expect([shekelsText(0), shekelsText(7), shekelsText(7000), shekelsText(10102), shekelsText(-550), shekelsText(-5)]).toEqual(['0.00', '0.07', '70.00', '101.02', '-5.50', '-0.05']);
    expect(() => shekelsText(1.5)).toThrow(RangeError);
  });
});
