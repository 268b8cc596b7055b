import { describe, expect, it } from 'vitest';
import { distanceMeters } from '../geo/geo.ts';
import { roundKm, suggestedLengthKm } from './accessibility.ts';

const JAFFA_CLOCK = { lat: 32.05503, lng: 34.75624 };
const CARMEL_MARKET = { lat: 32.06849, lng: 34.76889 };
const DIZENGOFF = { lat: 32.07778, lng: 34.77415 };

describe('suggestedLengthKm', () => {
  it('sums the distances between consecutive stops, from the start, in play order, to one decimal', () => {
    const expected = (distanceMeters(JAFFA_CLOCK, CARMEL_MARKET) + distanceMeters(CARMEL_MARKET, DIZENGOFF)) / 1000;
    expect(suggestedLengthKm(JAFFA_CLOCK, [{ location: CARMEL_MARKET }, { location: DIZENGOFF }])).toBe(roundKm(expected));
    expect(suggestedLengthKm(JAFFA_CLOCK, [{ location: CARMEL_MARKET }, { location: DIZENGOFF }])).toBe(3.1);
  });

  it('without a start, measures from the first stop; the order counts', () => {
    const there = suggestedLengthKm(null, [{ location: JAFFA_CLOCK }, { location: DIZENGOFF }, { location: CARMEL_MARKET }]);
    const straight = suggestedLengthKm(undefined, [{ location: JAFFA_CLOCK }, { location: CARMEL_MARKET }, { location: DIZENGOFF }]);
    expect(there).toBeGreaterThan(straight!);
  });

  it('measures a polygon area from its centre and skips stops without an area', () => {
    const square = [
      { lat: 32.068, lng: 34.768 },
      { lat: 32.068, lng: 34.77 },
      { lat: 32.07, lng: 34.77 },
      { lat: 32.07, lng: 34.768 },
    ];
    const withGap = suggestedLengthKm(JAFFA_CLOCK, [{ location: null }, { location: square }, {}]);
    expect(withGap).toBe(roundKm(distanceMeters(JAFFA_CLOCK, { lat: 32.069, lng: 34.769 }) / 1000));
  });

  it('is null with fewer than two places, and 0 when every stop is at the start', () => {
    expect(suggestedLengthKm(null, [])).toBeNull();
    expect(suggestedLengthKm(JAFFA_CLOCK, [{ location: null }])).toBeNull();
    expect(suggestedLengthKm(null, [{ location: JAFFA_CLOCK }])).toBeNull();
    expect(suggestedLengthKm(JAFFA_CLOCK, [{ location: JAFFA_CLOCK }])).toBe(0);
  });
});
