import { describe, expect, it } from 'vitest';
import type { PublicConfig } from '@streethunt/shared';
import { payoutExample } from './builders-payout-example.ts';
import { vatPercentOf } from '../../api/public-config.ts';
import { readCalculatorPrice } from './builders-split.ts';

const config: PublicConfig = { appEnv: 'development', productionHosts: [], bareDomain: null, tileUrl: '', tileOffline: 'seen', vatPercent: 18, accessibilityContact: { name: null, email: 'accessibility@example.com', phone: null } };

describe('the builders page’s numbers', () => {
  it('uses the server’s VAT rate, and the shared default until the public config has answered', () => {
    expect(vatPercentOf(undefined)).toBe(18);
    expect(vatPercentOf(config)).toBe(18);
    expect(vatPercentOf({ ...config, vatPercent: 17 })).toBe(17);
  });

  it('reads the calculator’s price in agorot, or says what is wrong with it', () => {
    expect(readCalculatorPrice(118)).toEqual({ ok: true, agorot: 11_800 });
    expect(readCalculatorPrice('188.8')).toEqual({ ok: true, agorot: 18_880 });
    expect(readCalculatorPrice(30)).toEqual({ ok: true, agorot: 3_000 });
    expect(readCalculatorPrice('')).toEqual({ ok: false, error: 'required' });
    expect(readCalculatorPrice('  ')).toEqual({ ok: false, error: 'required' });
    expect(readCalculatorPrice('12.')).toEqual({ ok: false, error: 'tooLow' });
    expect(readCalculatorPrice(29.99)).toEqual({ ok: false, error: 'tooLow' });
    expect(readCalculatorPrice(100_000.01)).toEqual({ ok: false, error: 'tooHigh' });
  });

  it('says when a month’s earnings are paid, in Israel time and in the reader’s language', () => {
    // 31 March 23:30 in Israel is still March: paid by the end of April.
    expect(payoutExample(new Date('2026-03-31T20:30:00Z'), 'en')).toEqual({ month: 'March 2026', date: 'April 30, 2026' });
    // 1 December in Israel (22:30 UTC the day before): paid at the end of January, the year after.
    expect(payoutExample(new Date('2026-11-30T22:30:00Z'), 'he')).toEqual({ month: 'דצמבר 2026', date: '31 בינואר 2027' });
  });
});
