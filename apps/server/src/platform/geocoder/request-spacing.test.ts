import { describe, expect, it } from 'vitest';
import { RequestSpacing } from './request-spacing.ts';

describe('RequestSpacing', () => {
  it('queues calls a second apart, turns back the one that would wait too long, and frees up as time passes', () => {
    let now = 10_000;
    const spacing = new RequestSpacing(1_000, 2_000, () => now);
    expect(spacing.reserve()).toEqual({ waitMs: 0 });
    expect(spacing.reserve()).toEqual({ waitMs: 1_000 });
    expect(spacing.reserve()).toEqual({ waitMs: 2_000 });
    // The next slot is 3 s away: asking again in 1 s would be queued.
    expect(spacing.reserve()).toEqual({ retryAfterMs: 1_000 });
    expect(spacing.reserve()).toEqual({ retryAfterMs: 1_000 });
    now += 1_000;
    expect(spacing.reserve()).toEqual({ waitMs: 2_000 });
    now += 10_000;
    expect(spacing.reserve()).toEqual({ waitMs: 0 });
    now += 500;
    expect(spacing.reserve()).toEqual({ waitMs: 500 });
  });
});
