import { describe, expect, it } from 'vitest';
import { formatDistance } from './format-distance.ts';

describe('formatDistance', () => {
  it('says metres below a kilometre, rounded to 10 m', () => {
    expect(formatDistance(347, 'en')).toBe('350 m');
    expect(formatDistance(3, 'en')).toBe('10 m');
    expect(formatDistance(0, 'en')).toBe('10 m');
    expect(formatDistance(990, 'en')).toBe('990 m');
  });

  it('says kilometres with one decimal below 10 km, whole ones above', () => {
    expect(formatDistance(996, 'en')).toBe('1 km');
    expect(formatDistance(1234, 'en')).toBe('1.2 km');
    expect(formatDistance(9_940, 'en')).toBe('9.9 km');
    expect(formatDistance(9_960, 'en')).toBe('10 km');
    expect(formatDistance(23_456, 'en')).toBe('23 km');
  });

  it('speaks Hebrew in a Hebrew interface', () => {
    expect(formatDistance(347, 'he')).toBe('350 מ׳');
    expect(formatDistance(1234, 'he')).toBe('1.2 ק״מ');
  });

  it('never shows a broken number', () => {
    expect(formatDistance(Number.NaN, 'en')).toBe('10 m');
    expect(formatDistance(-5, 'en')).toBe('10 m');
  });
});
