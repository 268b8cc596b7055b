import { describe, expect, it } from 'vitest';
import { createAttemptLimiter } from './attempt-limiter.ts';
import { createLocalWindowCounter } from './window-counter.ts';

describe('attempt limiter', () => {
  const clock = () => {
    let t = 1_000_000;
    return { now: () => t, advance: (ms: number) => (t += ms) };
  };

  it('allows max failures, then blocks the key until the window ends', async () => {
    const time = clock();
    const limiter = createAttemptLimiter(createLocalWindowCounter({ now: time.now }), { max: 3, windowMs: 60_000 });
    for (let i = 0; i < 3; i++) {
      expect(await limiter.blockedFor('a')).toBe(0);
      await limiter.recordFailure('a');
    }
    expect(await limiter.blockedFor('a')).toBe(60_000);
    time.advance(59_000);
    expect(await limiter.blockedFor('a')).toBe(1_000);
    expect(await limiter.blockedFor('b')).toBe(0);
    time.advance(1_000);
    expect(await limiter.blockedFor('a')).toBe(0);
    await limiter.recordFailure('a');
    expect(await limiter.blockedFor('a')).toBe(0);
  });
});

describe('local window counter', () => {
  const clock = () => {
    let t = 1_000_000;
    return { now: () => t, advance: (ms: number) => (t += ms) };
  };

  it('keeps at most maxKeys keys, dropping the oldest windows', async () => {
    const time = clock();
    const counter = createLocalWindowCounter({ maxKeys: 100, now: time.now });
    for (let i = 0; i < 250; i++) {
      await counter.hit(`k${i}`, 60_000);
      time.advance(1);
    }
    expect(counter.size()).toBeLessThanOrEqual(100);
    expect((await counter.peek('k249')).count).toBe(1);
    expect((await counter.peek('k0')).count).toBe(0);
  });

  it('drops expired windows first when full', async () => {
    const time = clock();
    const counter = createLocalWindowCounter({ maxKeys: 10, now: time.now });
    for (let i = 0; i < 10; i++) await counter.hit(`old${i}`, 1_000);
    time.advance(2_000);
    await counter.hit('new', 1_000);
    expect(counter.size()).toBe(1);
  });
});
