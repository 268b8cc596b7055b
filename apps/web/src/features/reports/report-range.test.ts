import { describe, expect, it } from 'vitest';
import { monthLabel, parseRange, pickableMonths, rangeParams } from './report-range.ts';

// 23:30 on April 30th in UTC is already May 1st in Israel, where the money is counted.
const NOW = new Date('2026-04-30T21:30:00.000Z');
const parse = (query: string) => parseRange(new URLSearchParams(query), NOW);

describe('the report range', () => {
  it('offers this month (in Israel) and the 59 before it, newest first', () => {
    const months = pickableMonths(NOW);
    expect(months).toHaveLength(60);
    expect(months[0]).toBe('2026-05');
    expect(months.at(-1)).toBe('2021-06');
  });

  it('defaults to the last 12 months', () => {
    expect(parse('')).toEqual({ from: '2025-06', to: '2026-05' });
  });

  it('reads the months in the address, and falls back part by part on what it cannot use', () => {
    expect(parse('from=2026-01&to=2026-03')).toEqual({ from: '2026-01', to: '2026-03' });
    expect(parse('from=2026-13&to=2026-03')).toEqual({ from: '2025-04', to: '2026-03' });
    expect(parse('from=2026-01&to=2027-01')).toEqual({ from: '2026-01', to: '2026-05' });
    expect(parse('from=2019-01')).toEqual({ from: '2025-06', to: '2026-05' });
    expect(parse('from=2026-04&to=2026-02')).toEqual({ from: '2026-02', to: '2026-02' });
    // The default `from` never reaches before the pickers do.
    expect(parse('to=2021-08')).toEqual({ from: '2021-06', to: '2021-08' });
  });

  it('writes the range back as a query, and names months in each language', () => {
    expect(rangeParams({ from: '2026-01', to: '2026-03' }).toString()).toBe('from=2026-01&to=2026-03');
    expect(monthLabel('2026-03', 'en')).toBe('March 2026');
    expect(monthLabel('2026-03', 'he')).toBe('מרץ 2026');
  });
});
