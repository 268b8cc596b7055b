import { describe, expect, it } from 'vitest';
import { formatAge } from './position-age.ts';

describe('a position’s age', () => {
  const now = Date.parse('2026-05-01T08:00:00.000Z');
  it('says seconds, then minutes, then hours, in the language', () => {
    expect(formatAge('2026-05-01T08:00:00.000Z', now, 'en')).toBe('now');
    expect(formatAge('2026-05-01T07:59:30.000Z', now, 'en')).toBe('30 seconds ago');
    expect(formatAge('2026-05-01T07:58:00.000Z', now, 'en')).toBe('2 minutes ago');
    expect(formatAge('2026-05-01T05:00:00.000Z', now, 'en')).toBe('3 hours ago');
    expect(formatAge('2026-05-01T07:58:00.000Z', now, 'he')).toBe('לפני 2 דקות');
    // A clock a little ahead of the server's still says now, not 'in 3 seconds'.
    expect(formatAge('2026-05-01T08:00:03.000Z', now, 'en')).toBe('now');
  });
});
