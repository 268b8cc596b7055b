import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAttemptLimiter, type AttemptLimiter } from './attempt-limiter.ts';
import { connectRedis, type RedisLink } from './redis-link.ts';
import { createLocalWindowCounter } from './window-counter.ts';

const redisUrl = process.env.TEST_REDIS_URL;

/** Takes a try and settles it: counted (a wrong code) or given back (a right one). */
const tryOnce = async (limiter: AttemptLimiter, client: string, counts: boolean) => {
  const attempt = await limiter.attempt(client);
  if (attempt.allowed) await attempt.settle(counts);
  return attempt.allowed;
};

/**
 * `count` attempts sent at once, each judged in `judgeMs` (a database lookup) and counted when
 * `wrong(i)`: how many were judged.
 */
const burst = async (limiter: AttemptLimiter, client: string, count: number, wrong: (i: number) => boolean, judgeMs = 5) => {
  const judged = await Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const attempt = await limiter.attempt(client);
      if (!attempt.allowed) return { judged: false, wrong: wrong(i) };
      await new Promise((resolve) => setTimeout(resolve, judgeMs));
      await attempt.settle(wrong(i));
      return { judged: true, wrong: wrong(i) };
    }),
  );
  return { wrong: judged.filter((j) => j.judged && j.wrong).length, right: judged.filter((j) => j.judged && !j.wrong).length };
};

describe('attempt limiter', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('allows max failures, then blocks the client until the window ends', async () => {
    // rate-limiter-flexible keeps time by Date.now and ends a window with a timer.
    vi.useFakeTimers();
    const limiter = createAttemptLimiter(null, 'failures', { max: 3, windowMs: 60_000 });
    for (let i = 0; i < 3; i++) {
      expect(await limiter.blockedFor('10.0.0.1')).toBe(0);
      expect(await tryOnce(limiter, '10.0.0.1', true)).toBe(true);
    }
    expect(await limiter.blockedFor('10.0.0.1')).toBe(60_000);
    expect(await limiter.attempt('10.0.0.1')).toEqual({ allowed: false, retryMs: 60_000 });
    vi.advanceTimersByTime(59_000);
    expect(await limiter.blockedFor('10.0.0.1')).toBe(1_000);
    expect(await limiter.blockedFor('10.0.0.2')).toBe(0);
    vi.advanceTimersByTime(1_000);
    expect(await limiter.blockedFor('10.0.0.1')).toBe(0);
    expect(await tryOnce(limiter, '10.0.0.1', true)).toBe(true);
    expect(await limiter.blockedFor('10.0.0.1')).toBe(0);
  });

  it('does not count attempts settled as not counting (right codes)', async () => {
    const limiter = createAttemptLimiter(null, 'right-codes', { max: 2, windowMs: 60_000 });
    for (let i = 0; i < 20; i++) expect(await tryOnce(limiter, '10.0.0.1', false)).toBe(true);
    expect(await tryOnce(limiter, '10.0.0.1', true)).toBe(true);
    expect(await limiter.blockedFor('10.0.0.1')).toBe(0);
    expect(await tryOnce(limiter, '10.0.0.1', true)).toBe(true);
    expect(await limiter.blockedFor('10.0.0.1')).toBeGreaterThan(0);
    expect(await tryOnce(limiter, '10.0.0.1', false)).toBe(false);
  });

  it('counts an IPv6 client by its /64 and an IPv4-mapped address as the IPv4 one', async () => {
    const limiter = createAttemptLimiter(null, 'addresses', { max: 3, windowMs: 60_000 });
    for (const ip of ['2001:db8:1:2::1', '2001:db8:1:2::2', '2001:db8:1:2:ffff::3']) expect(await tryOnce(limiter, ip, true)).toBe(true);
    expect(await tryOnce(limiter, '2001:db8:1:2::99', true)).toBe(false);
    expect(await limiter.blockedFor('2001:db8:1:3::1')).toBe(0);
    for (const ip of ['203.0.113.5', '::ffff:203.0.113.5', '203.0.113.5']) expect(await tryOnce(limiter, ip, true)).toBe(true);
    expect(await limiter.blockedFor('::ffff:203.0.113.5')).toBeGreaterThan(0);
  });

  // Where the counts live: this process's memory, or Redis.
  const stores: Array<[string, () => Promise<RedisLink | null>]> = [['this process', async () => null]];
  let links: RedisLink[] = [];
  const prefix = `streethunt-test-${randomBytes(4).toString('hex')}:`;
  if (redisUrl) {
    const log = { info: () => {}, warn: () => {}, error: () => {} };
    stores.push([
      'Redis',
      async () => {
        const link = await connectRedis({ url: redisUrl, prefix, log, optional: false });
        links.push(link);
        return link;
      },
    ]);
  }
  afterAll(async () => {
    await Promise.all(links.map((link) => link.close()));
    links = [];
    if (!redisUrl) return;
    const redis = new Redis(redisUrl);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  });

  describe.each(stores)('counting in %s', (_where, makeStore) => {
    let store: RedisLink | null;
    beforeAll(async () => {
      store = await makeStore();
    });

    it('judges at most max of a burst of wrong attempts sent at once, and refuses the rest', async () => {
      const limiter = createAttemptLimiter(store, 'burst-wrong', { max: 10, windowMs: 60_000 });
      expect(await burst(limiter, '198.51.100.1', 1_000, () => true)).toEqual({ wrong: 10, right: 0 });
      expect(await limiter.blockedFor('198.51.100.1')).toBeGreaterThan(0);
    });

    it('lets every right attempt of a burst through, one left try at a time (each waits for the one in flight)', async () => {
      const limiter = createAttemptLimiter(store, 'burst-right', { max: 10, windowMs: 60_000 });
      // Nine wrong tries already: one left, and forty right attempts at once.
      for (let i = 0; i < 9; i++) expect(await tryOnce(limiter, '198.51.100.2', true)).toBe(true);
      expect(await burst(limiter, '198.51.100.2', 40, () => false)).toEqual({ wrong: 0, right: 40 });
      expect(await limiter.blockedFor('198.51.100.2')).toBe(0);
      // The tenth wrong one blocks: then right or wrong, nothing more is judged.
      expect(await burst(limiter, '198.51.100.2', 40, (i) => i === 0)).toEqual({ wrong: 1, right: 0 });
      expect(await tryOnce(limiter, '198.51.100.2', false)).toBe(false);
    });
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

  it('a hit on a full counter costs about what a hit filling it does (dropping the oldest does not rescan the dropped)', async () => {
    const counter = createLocalWindowCounter({ maxKeys: 20_000 });
    const timeHits = async (prefix: string) => {
      const start = performance.now();
      for (let i = 0; i < 20_000; i++) await counter.hit(`${prefix}${i}`, 60_000);
      return performance.now() - start;
    };
    const filling = await timeHits('a');
    // Each new key drops the oldest one: three times the counter's size.
    const passes = [await timeHits('b'), await timeHits('c'), await timeHits('d')].sort((x, y) => x - y);
    expect(counter.size()).toBe(20_000);
    // A ratio of the median pass, so a busy machine slowing both, or one collection pausing a pass,
    // cannot fail it; rescanning made it about 30.
    expect(passes[1] / filling).toBeLessThan(8);
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
