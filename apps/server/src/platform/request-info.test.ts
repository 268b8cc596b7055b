import { describe, expect, it } from 'vitest';
import { affCodeFromCookie, languageFromHeader, readCookie } from './request-info.ts';

describe('reading the request', () => {
  it('reads one cookie from a Cookie header', () => {
    expect(readCookie(undefined, 'aff')).toBeUndefined();
    expect(readCookie('', 'aff')).toBeUndefined();
    expect(readCookie('aff=ABC', 'aff')).toBe('ABC');
    expect(readCookie('a=1;aff=ABC; b=2', 'aff')).toBe('ABC');
    expect(readCookie('xaff=1; aff_2=2', 'aff')).toBeUndefined();
    expect(readCookie('aff="QUOTED"', 'aff')).toBe('QUOTED');
    expect(readCookie('aff=a%20b', 'aff')).toBe('a b');
    expect(readCookie('aff=%E0%A4%A', 'aff')).toBe('%E0%A4%A');
    expect(readCookie('aff=x=y', 'aff')).toBe('x=y');
  });

  it('keeps a plausible affiliate code only', () => {
    expect(affCodeFromCookie('aff=PARTNER7')).toBe('PARTNER7');
    expect(affCodeFromCookie('aff=  ')).toBeNull();
    expect(affCodeFromCookie(`aff=${'a'.repeat(64)}`)).toBe('a'.repeat(64));
    expect(affCodeFromCookie(`aff=${'a'.repeat(65)}`)).toBeNull();
    expect(affCodeFromCookie('aff=a%0Ab')).toBeNull();
  });

  it('speaks the first of Hebrew or English the header names, Hebrew otherwise', () => {
    expect(languageFromHeader(undefined)).toBe('he');
    expect(languageFromHeader('en-GB')).toBe('en');
    expect(languageFromHeader('iw')).toBe('he');
    expect(languageFromHeader('ru, en;q=0.5, he;q=0.4')).toBe('en');
    expect(languageFromHeader('ru')).toBe('he');
  });
});
