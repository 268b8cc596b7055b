import { describe, expect, it } from 'vitest';
import { agorotFromShekels, defaultPayoutMonth, parsePayoutMonth, payoutMonths } from './payouts-format.ts';

describe('payout amounts', () => {
  it('reads shekels with up to two decimals as whole agorot, counted as text', () => {
    expect(agorotFromShekels('150.5')).toBe(15050);
    expect(agorotFromShekels(' 0.29 ')).toBe(29);
    expect(agorotFromShekels('12,30')).toBe(1230);
    expect(agorotFromShekels('-20')).toBe(-2000);
    expect(agorotFromShekels('1000000')).toBe(100_000_000);
  });

  it('refuses 0, three decimals, words and amounts past the ledger’s limit', () => {
    for (const text of ['', '0', '0.00', '1.234', 'abc', '1e3', '1000000.01', '--1']) expect(agorotFromShekels(text)).toBeNull();
  });
});

describe('payout months', () => {
  const now = new Date('2026-01-10T12:00:00Z');
  it('opens on last month, across a year', () => {
    expect(defaultPayoutMonth(now)).toBe('2025-12');
  });
  it('takes a month from the address only when it is a month that has begun', () => {
    expect(parsePayoutMonth('2025-06', now)).toBe('2025-06');
    expect(parsePayoutMonth('2026-02', now)).toBe('2025-12');
    expect(parsePayoutMonth('2025-13', now)).toBe('2025-12');
    expect(parsePayoutMonth(null, now)).toBe('2025-12');
  });
  it('offers the last 24 months newest first, and an older one named in the address', () => {
    const months = payoutMonths('2025-12', now);
    expect(months).toHaveLength(24);
    expect(months[0]).toBe('2026-01');
    expect(months.at(-1)).toBe('2024-02');
    expect(payoutMonths('2020-01', now).at(-1)).toBe('2020-01');
  });
});
