import { describe, expect, it } from 'vitest';
import { CLEARED, NO_FILTERS, isNarrowed, listQueryFilters, readPageFilters, roundedPosition, withPageFilters } from './page-filters.ts';

const params = (search: string) => new URLSearchParams(search);

describe("/games's filters in its URL", () => {
  it('reads every filter, and takes a value it does not know as none', () => {
    expect(readPageFilters(params('user=u1&q=jaffa&price=free&language=en&map=1&stepFree=yes&near=1&view=map'))).toEqual({
      user: 'u1',
      q: 'jaffa',
      price: 'free',
      language: 'en',
      map: true,
      stepFree: true,
      near: true,
      view: 'map',
    });
    expect(readPageFilters(params('price=cheap&language=fr&map=yes&stepFree=no&near=0&view=grid&user=%20'))).toEqual(NO_FILTERS);
    expect(readPageFilters(params(`q=${'x'.repeat(150)}`)).q).toHaveLength(100);
  });

  it("writes changes and leaves other parameters (the affiliate's code) alone", () => {
    const next = withPageFilters(params('aff=PARTNER7&user=u1&view=map'), { q: '  jaffa port ', price: 'paid', map: true, near: true, view: 'list' });
    expect(next.toString()).toBe('aff=PARTNER7&user=u1&q=jaffa+port&price=paid&map=1&near=1');
    expect(withPageFilters(next, CLEARED).toString()).toBe('aff=PARTNER7&user=u1&near=1');
    expect(withPageFilters(params('stepFree=yes&near=1'), CLEARED).toString()).toBe('near=1');
    expect(withPageFilters(params(''), { stepFree: true }).toString()).toBe('stepFree=yes');
    expect(withPageFilters(next, { q: '   ' }).has('q')).toBe(false);
  });

  it('counts a search or a filter as narrowing, not the creator or near me', () => {
    expect(isNarrowed({ ...NO_FILTERS, user: 'u1', near: true, view: 'map' })).toBe(false);
    expect(isNarrowed({ ...NO_FILTERS, q: ' a ' })).toBe(true);
    expect(isNarrowed({ ...NO_FILTERS, map: true })).toBe(true);
    expect(isNarrowed({ ...NO_FILTERS, stepFree: true })).toBe(true);
  });

  it('asks the API with the position only in near-me mode, rounded to 4 decimals', () => {
    const position = { lat: 32.0550123, lng: 34.75634 };
    expect(roundedPosition(position)).toEqual({ lat: 32.055, lng: 34.7563 });
    expect(listQueryFilters({ ...NO_FILTERS, q: ' old   jaffa ', language: 'en' }, position)).toEqual({ q: 'old jaffa', language: 'en' });
    expect(listQueryFilters({ ...NO_FILTERS, near: true, map: true, user: 'u1' }, position)).toEqual({ user: 'u1', map: true, near: { lat: 32.055, lng: 34.7563 } });
    expect(listQueryFilters({ ...NO_FILTERS, near: true }, null)).toEqual({});
    expect(listQueryFilters({ ...NO_FILTERS, stepFree: true }, null)).toEqual({ stepFree: true });
  });
});
