import type { RedisLink } from './redis-link.ts';

/** A count in a fixed window: how many hits since the window started, and when it ends. */
export type WindowCount = { count: number; resetInMs: number };

/**
 * Counts hits per key in fixed windows: the first hit of a key starts its window, which ends
 * `windowMs` later. The one primitive behind the wrong-code and free-play limits and the routes' rate
 * limits, so that with Redis every process counts in one place.
 */
export type WindowCounter = {
  /** Counts one hit; the count includes it. */
  hit(key: string, windowMs: number): Promise<WindowCount>;
  /** The count so far (0 when no window is open). */
  peek(key: string): Promise<WindowCount>;
};

type Window = { startedAt: number; windowMs: number; count: number };

/** This process's own counter: bounded (the oldest windows go first when full). */
export function createLocalWindowCounter(options: { maxKeys?: number; now?: () => number } = {}): WindowCounter & { size(): number } {
  const { maxKeys = 100_000, now = Date.now } = options;
  // Map keeps insertion order, and a key is re-inserted when its window restarts: oldest windows come first.
  const windows = new Map<string, Window>();
  const live = (key: string, at: number) => {
    const window = windows.get(key);
    if (window && at - window.startedAt >= window.windowMs) {
      windows.delete(key);
      return undefined;
    }
    return window;
  };
  const sweep = (at: number) => {
    for (const [key, window] of windows) {
      if (at - window.startedAt < window.windowMs && windows.size < maxKeys) break;
      windows.delete(key);
    }
  };
  const countOf = (window: Window | undefined, at: number): WindowCount =>
    window ? { count: window.count, resetInMs: window.startedAt + window.windowMs - at } : { count: 0, resetInMs: 0 };
  return {
    async hit(key, windowMs) {
      const at = now();
      let window = live(key, at);
      if (window) window.count += 1;
      else {
        if (windows.size >= maxKeys) sweep(at);
        window = { startedAt: at, windowMs, count: 1 };
        windows.set(key, window);
      }
      return countOf(window, at);
    },
    async peek(key) {
      const at = now();
      return countOf(live(key, at), at);
    },
    size: () => windows.size,
  };
}

/**
 * Every process's counter in Redis (`{prefix}{name}:{key}`, expiring with its window). While Redis is
 * away, or a command fails, the process counts on its own (`fallback`) and says nothing to the
 * caller: a limit that counts per process is better than none, and better than an error.
 */
export function createRedisWindowCounter(link: RedisLink, name: string, fallback: WindowCounter): WindowCounter {
  const keyOf = (key: string) => `${link.prefix}${name}:${key}`;
  const answer = (count: unknown, pttl: unknown): WindowCount => ({ count: Number(count ?? 0), resetInMs: Math.max(0, Number(pttl)) });
  return {
    async hit(key, windowMs) {
      if (!link.isUp()) return fallback.hit(key, windowMs);
      const redisKey = keyOf(key);
      try {
        // One round trip, atomic: the first hit creates the key with its expiry, every hit increments.
        const replies = await link.client.multi().set(redisKey, 0, 'PX', windowMs, 'NX').incr(redisKey).pttl(redisKey).exec();
        if (!replies || replies.some(([error]) => error)) throw new Error('Redis refused the count');
        return answer(replies[1][1], replies[2][1]);
      } catch {
        return fallback.hit(key, windowMs);
      }
    },
    async peek(key) {
      if (!link.isUp()) return fallback.peek(key);
      const redisKey = keyOf(key);
      try {
        const replies = await link.client.multi().get(redisKey).pttl(redisKey).exec();
        if (!replies || replies.some(([error]) => error)) throw new Error('Redis refused the count');
        const [[, count], [, pttl]] = replies;
        return Number(pttl) > 0 ? answer(count, pttl) : { count: 0, resetInMs: 0 };
      } catch {
        return fallback.peek(key);
      }
    },
  };
}
