import type { RedisLink } from './redis-link.ts';

/** A count in a fixed window: how many hits since the window started, and when it ends. */
type WindowCount = { count: number; resetInMs: number };

/**
 * Counts hits per key in fixed windows: the first hit of a key starts its window, which ends
 * `windowMs` later. What the routes' rate limits count in, so that with Redis every process counts in
 * one place.
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
  // One cursor walks the windows oldest first across sweeps, holding the entry it has read and not
  // dropped: a fresh iterator would step again over every entry deleted before it (V8 keeps them as
  // holes until it rehashes), which made each hit on a full counter cost tens of microseconds.
  let cursor: Iterator<[string, Window]> | null = null;
  let head: [string, Window] | undefined;
  const sweep = (at: number) => {
    for (;;) {
      if (!head) {
        cursor ??= windows.entries();
        const next = cursor.next();
        if (next.done) {
          cursor = null;
          return;
        }
        head = next.value;
      }
      const [key, window] = head;
      // Dropped or restarted (moved to the end) since the cursor read it.
      if (windows.get(key) !== window) {
        head = undefined;
        continue;
      }
      if (at - window.startedAt < window.windowMs && windows.size < maxKeys) return;
      windows.delete(key);
      head = undefined;
    }
  };
  const countOf = (window: Window | undefined, at: number): WindowCount =>
    window ? { count: window.count, resetInMs: window.startedAt + window.windowMs - at } : { count: 0, resetInMs: 0 };
  /** Counts one hit now (no await between the look and the count) and returns its window. */
  const count = (key: string, windowMs: number, at: number): Window => {
    let window = live(key, at);
    if (window) window.count += 1;
    else {
      if (windows.size >= maxKeys) sweep(at);
      window = { startedAt: at, windowMs, count: 1 };
      windows.set(key, window);
    }
    return window;
  };
  return {
    async hit(key, windowMs) {
      const at = now();
      return countOf(count(key, windowMs, at), at);
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
