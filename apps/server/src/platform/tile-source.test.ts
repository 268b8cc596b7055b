import { describe, expect, it } from 'vitest';
import { tileSourceOf } from './tile-source.ts';

describe('tileSourceOf', () => {
  it('gives the origin of a tile template, subdomains as a wildcard', () => {
    expect(tileSourceOf('https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png')).toEqual(['https://*.tile.openstreetmap.org']);
    expect(tileSourceOf('http://127.0.0.1:8123/{z}/{x}/{y}.png')).toEqual(['http://127.0.0.1:8123']);
    expect(tileSourceOf('not a url')).toEqual([]);
    expect(tileSourceOf('')).toEqual([]);
  });
});
