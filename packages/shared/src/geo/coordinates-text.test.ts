import { describe, expect, it } from 'vitest';
import { formatCoordinates, parseCoordinatesText } from './coordinates-text.ts';

const telAviv = { lat: 32.0853, lng: 34.7818 };

describe('parseCoordinatesText', () => {
  it.each([
    '32.0853, 34.7818',
    '32.0853,34.7818',
    '32.0853 34.7818',
    '  32.0853 ,   34.7818  ',
    '(32.0853, 34.7818)',
    '[32.0853,34.7818]',
    '32.0853°, 34.7818°',
    // A space before the degree sign, as some maps print it.
    '32.0853 °, 34.7818 °',
    '32.0853 ° 34.7818 °',
    '32.0853; 34.7818',
    '32.0853\u060c 34.7818',
    '+32.0853, +34.7818',
    // Pasted next to Hebrew: direction marks and isolates around and inside.
    '\u200f32.0853, 34.7818\u200e',
    '\u202b32.0853,\u200f 34.7818\u202c',
    '\u206732.0853, 34.7818\u2069',
  ])('reads %j as the point', (text) => {
    expect(parseCoordinatesText(text)).toEqual(telAviv);
  });

  it('reads negative, whole and edge values', () => {
    expect(parseCoordinatesText('-33.8688, 151.2093')).toEqual({ lat: -33.8688, lng: 151.2093 });
    expect(parseCoordinatesText('\u221233.8688, \u221270.5')).toEqual({ lat: -33.8688, lng: -70.5 });
    expect(parseCoordinatesText('32, 34')).toEqual({ lat: 32, lng: 34 });
    expect(parseCoordinatesText('90, 180')).toEqual({ lat: 90, lng: 180 });
    expect(parseCoordinatesText('-90, -180')).toEqual({ lat: -90, lng: -180 });
    expect(parseCoordinatesText('.5, -.25')).toEqual({ lat: 0.5, lng: -0.25 });
    expect(Object.is(parseCoordinatesText('-0, 0')?.lat, 0)).toBe(true);
  });

  it.each(['91, 10', '-90.0001, 0', '10, 180.5', '10, -181', '1000, 10'])('refuses %j: out of range', (text) => {
    expect(parseCoordinatesText(text)).toBeNull();
  });

  it.each([
    '',
    '32.0853',
    'Tel Aviv',
    'תל אביב',
    '32.0853, 34.7818, 5',
    '32,0853 34,7818',
    '32.0853,, 34.7818',
    '32.0853 - 34.7818',
    'Dizengoff 50, Tel Aviv',
    '32.08.53, 34.7818',
    '1e2, 10',
    'Infinity, 0',
    'NaN, NaN',
    '0x20, 34',
    '32.0853  °, 34.7818',
    '32.0853°°, 34.7818',
  ])('refuses %j: not a pair of decimal degrees', (text) => {
    expect(parseCoordinatesText(text)).toBeNull();
  });
});

describe('formatCoordinates', () => {
  it('prints at most the given decimals, without trailing zeros, reading back as the same point', () => {
    expect(formatCoordinates(telAviv)).toBe('32.0853, 34.7818');
    expect(formatCoordinates({ lat: 32.085743999, lng: 34.7951961 })).toBe('32.085744, 34.795196');
    expect(formatCoordinates({ lat: -0.0000001, lng: 10 })).toBe('0, 10');
    expect(formatCoordinates({ lat: 32.08, lng: 34.78 }, 1)).toBe('32.1, 34.8');
    expect(parseCoordinatesText(formatCoordinates(telAviv))).toEqual(telAviv);
  });
});
