import { describe, expect, it } from 'vitest';
import { elapsedMs, formatElapsed } from './time.ts';

describe('elapsed time', () => {
  it('formats as h:mm:ss', () => {
    expect(formatElapsed(0)).toBe('0:00:00');
    expect(formatElapsed(59_999)).toBe('0:00:59');
    expect(formatElapsed((83 * 60 + 45) * 1000)).toBe('1:23:45');
    expect(formatElapsed(26 * 3600 * 1000 + 1000)).toBe('26:00:01');
    expect(formatElapsed(-5000)).toBe('0:00:00');
  });

  it('runs from the start to the end, or to now while playing', () => {
    const start = '2026-05-01T10:00:00.000Z';
    expect(elapsedMs(null, null, Date.parse(start))).toBe(0);
    expect(elapsedMs(start, '2026-05-01T10:00:30.000Z', 0)).toBe(30_000);
    expect(elapsedMs(start, null, Date.parse('2026-05-01T10:01:00.000Z'))).toBe(60_000);
    expect(elapsedMs('garbage', null, 0)).toBe(0);
  });
});
