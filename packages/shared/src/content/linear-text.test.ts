import { describe, expect, it } from 'vitest';
import { replaceTags, trimChars, trimEndChar } from './linear-text.ts';

describe('text scans in linear time', () => {
  it('replace tags as /<[^>]*>/g does, and a "<" with no ">" after it stays', () => {
    for (const html of ['<p>Hi <b>there</b></p>', 'a < b', 'a<b<c>d', '<>x<', 'no tags', '<a href="x">y</a> <', '']) {
      expect(replaceTags(html, ' ')).toBe(html.replace(/<[^>]*>/g, ' '));
    }
  });

  it('trim a character at the end, or a set at both ends, as the patterns /c+$/ and /^[…]+|[…]+$/g do', () => {
    expect(trimEndChar('https://example.org///', '/')).toBe('https://example.org');
    expect(trimEndChar('////', '/')).toBe('');
    expect(trimEndChar('webm\0\0', '\0')).toBe('webm');
    expect(trimChars('.-My-game.-', '-.')).toBe('My-game');
    expect(trimChars('-.-', '-.')).toBe('');
    expect(trimChars(' . name. \u00a0', (char) => char === '.' || /\s/u.test(char))).toBe('name');
  });

  it('take about as long on text made to stall the patterns (<<<<…, ////…x) as on any other', () => {
    const started = performance.now();
    replaceTags('<'.repeat(2_000_000), ' ');
    replaceTags('<a '.repeat(700_000), ' ');
    trimEndChar(`${'/'.repeat(2_000_000)}x`, '/');
    trimChars(`${'-'.repeat(1_000_000)}x${'.'.repeat(1_000_000)}`, '-.');
    expect(performance.now() - started).toBeLessThan(500);
  });
});
