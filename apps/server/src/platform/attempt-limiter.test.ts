import { describe, expect, it } from 'vitest';
import { createAttemptLimiter } from './attempt-limiter.ts';

describe('attempt limiter', () => {
  const clock = () => {
    let t = 1_000_000;
    return { now: () => t, advance: (ms: number) => (t += ms) };
  };

  it('allows max failures, then blocks the key until the window ends', () => {
    const time = clock();
    const limiter = createAttemptLimiter({ max: 3, windowMs: 60_000, now: time.now });
    for (let i = 0; i < 3; i++) {
      expect(limiter.blockedFor('a')).toBe(0);
      limiter.recordFailure('a');
    }
    expect(limiter.blockedFor('a')).toBe(60_000);
    time.advance(59_000);
    expect(limiter.blockedFor('a')).toBe(1_000);
    expect(limiter.blockedFor('b')).toBe(0);
    time.advance(1_000);
    expect(limiter.blockedFor('a')).toBe(0);
    limiter.recordFailure('a');
    expect(limiter.blockedFor('a')).toBe(0);
  });

  it('keeps at most maxKeys keys, dropping the oldest windows', () => {
    const time = clock();
    const limiter = createAttemptLimiter({ max: 1, windowMs: 60_000, maxKeys: 100, now: time.now });
    for (let i = 0; i < 250; i++) {
      limiter.recordFailure(`k${i}`);
      time.advance(1);
    }
    expect(limiter.size()).toBeLessThanOrEqual(100);
    expect(limiter.blockedFor('k249')).toBeGreaterThan(0);
    expect(limiter.blockedFor('k0')).toBe(0);
  });

  it('drops expired windows first when full', () => {
    const time = clock();
    const limiter = createAttemptLimiter({ max: 1, windowMs: 1_000, maxKeys: 10, now: time.now });
    for (let i = 0; i < 10; i++) limiter.recordFailure(`old${i}`);
    time.advance(2_000);
    limiter.recordFailure('new');
    expect(limiter.size()).toBe(1);
  });
});
