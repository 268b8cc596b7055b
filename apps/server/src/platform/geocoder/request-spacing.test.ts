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

  it('keeps the gap between calls actually sent when a timer fires late', () => {
    let now = 10_000;
    const spacing = new RequestSpacing(1_000, 2_000, () => now);
    expect(spacing.reserve()).toEqual({ waitMs: 0 });
    expect(spacing.reserve()).toEqual({ waitMs: 1_000 });
    // The first call went out 60 ms late (a busy event loop); the second wakes on time for its slot.
    now += 60;
    spacing.sent();
    now = 11_000;
    expect(spacing.remainingGap()).toBe(60);
    now += 60;
    expect(spacing.remainingGap()).toBe(0);
    spacing.sent();
    // The next slot follows the call actually sent.
    expect(spacing.reserve()).toEqual({ waitMs: 1_000 });
  });
});
