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

  it('take linear time on text made to stall the patterns (<<<<…, ////…x): four times the text, about four times as long', () => {
    /** The shortest of five runs, in ms (the fastest run shows the work, not the machine's load). */
    const fastest = (work: () => void) =>
      Math.min(
        ...[0, 1, 2, 3, 4].map(() => {
          const started = performance.now();
          work();
          return performance.now() - started;
        }),
      );
    /**
     * Four times the text takes about four times as long when the scan is linear (more memory adds a
     * little), 16 times when quadratic. A scan the CPU does at memory speed (indexOf over a string with
     * no '>') is over in microseconds, too short to time: there the cache, not the algorithm, decides the
     * ratio, so the long text must instead be scanned far faster than a quadratic scan could (which
     * takes minutes over a million characters).
     */
    const expectLinear = (text: (n: number) => string, scan: (text: string) => unknown, n = 250_000) => {
      const [small, large] = [text(n), text(4 * n)];
      const [smallMs, largeMs] = [fastest(() => scan(small)), fastest(() => scan(large))];
      if (smallMs >= 1) expect(largeMs / smallMs).toBeLessThan(10);
      else expect(largeMs).toBeLessThan(100);
    };
    expectLinear((n) => '<'.repeat(n), (text) => replaceTags(text, ' '));
    expectLinear((n) => '<a '.repeat(n), (text) => replaceTags(text, ' '));
    expectLinear((n) => `${'/'.repeat(n)}x`, (text) => trimEndChar(text, '/'));
    expectLinear((n) => `${'-'.repeat(n)}x${'.'.repeat(n)}`, (text) => trimChars(text, '-.'));
  });
});
