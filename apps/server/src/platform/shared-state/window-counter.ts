import type { RedisLink } from './redis-link.ts';

/** A count in a fixed window: how many hits since the window started, and when it ends. */
export type WindowCount = { count: number; resetInMs: number };

/**
 * What take made of one try: taken (held as in flight until it is settled), or not, with the count
 * so far, the tries in flight and when the window ends (0 when none is open).
 */
export type Take =
  | { taken: true; settle(counts: boolean): Promise<void> }
  | { taken: false; count: number; pending: number; resetInMs: number };

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
  /**
   * Takes a try for an attempt that is yet to be judged, only while the count plus the tries in
   * flight is below `max`, in one step (nothing comes between the look and the take): so tries sent
   * at once cannot all pass the look before any is counted. The taken try is in flight until
   * `settle`: it is then counted (`counts`, as hit) or dropped. A try not taken changes nothing.
   */
  take(key: string, max: number, windowMs: number): Promise<Take>;
};

/**
 * How long a try stays in flight on Redis if its process never settles it (it died mid-judgment):
 * longer than any judgment, short enough that a lost one does not hold a client's try for long.
 */
export const IN_FLIGHT_TTL_MS = 30_000;

/** A taken try whose settle runs once: a second settle (a retry, a finally after a catch) changes nothing. */
function takenTry(settleOnce: (counts: boolean) => Promise<void>): Take {
  let open = true;
  return {
    taken: true,
    settle: async (counts) => {
      if (!open) return;
      open = false;
      await settleOnce(counts);
    },
  };
}

type Window = { startedAt: number; windowMs: number; count: number };

/** This process's own counter: bounded (the oldest windows go first when full). */
export function createLocalWindowCounter(options: { maxKeys?: number; now?: () => number } = {}): WindowCounter & { size(): number } {
  const { maxKeys = 100_000, now = Date.now } = options;
  // Map keeps insertion order, and a key is re-inserted when its window restarts: oldest windows come first.
  const windows = new Map<string, Window>();
  // Tries taken and not yet settled, per key (an entry lives only while one is in flight).
  const inFlight = new Map<string, number>();
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
    async take(key, max, windowMs) {
      const at = now();
      const settled = countOf(live(key, at), at);
      const pending = inFlight.get(key) ?? 0;
      if (settled.count + pending >= max) return { taken: false, ...settled, pending };
      inFlight.set(key, pending + 1);
      return takenTry(async (counts) => {
        const left = (inFlight.get(key) ?? 1) - 1;
        if (left > 0) inFlight.set(key, left);
        else inFlight.delete(key);
        if (counts) count(key, windowMs, now());
      });
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
  const inFlightKeyOf = (redisKey: string) => `${redisKey}:in-flight`;
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
    async take(key, max, windowMs) {
      if (!link.isUp()) return fallback.take(key, max, windowMs);
      const redisKey = keyOf(key);
      let reply: unknown;
      try {
        reply = await link.client.eval(TAKE_SCRIPT, 2, redisKey, inFlightKeyOf(redisKey), max, IN_FLIGHT_TTL_MS);
      } catch {
        return fallback.take(key, max, windowMs);
      }
      if (!Array.isArray(reply) || reply.length !== 4) return fallback.take(key, max, windowMs);
      const [taken, count, pending, pttl] = reply.map(Number);
      if (taken !== 1) return { taken: false, count, pending, resetInMs: Math.max(0, pttl) };
      return takenTry(async (counts) => {
        try {
          await link.client.eval(SETTLE_SCRIPT, 2, redisKey, inFlightKeyOf(redisKey), counts ? 1 : 0, windowMs);
        } catch {
          // Redis went away mid-judgment: the in-flight try expires by itself; a try that counts is counted here.
          if (counts) await fallback.hit(key, windowMs);
        }
      });
    },
  };
}

/**
 * take on Redis: one script, so every process's tries are looked at and taken one at a time. KEYS:
 * the count, the tries in flight. ARGV: max, the in-flight expiry. Answers [taken 1|0, count, in
 * flight, the count's pttl].
 */
const TAKE_SCRIPT = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
local pending = tonumber(redis.call('GET', KEYS[2]) or '0')
if count + pending >= tonumber(ARGV[1]) then return {0, count, pending, redis.call('PTTL', KEYS[1])} end
pending = redis.call('INCR', KEYS[2])
redis.call('PEXPIRE', KEYS[2], ARGV[2])
return {1, count, pending, 0}
`;

/**
 * A taken try settled: out of flight (never below 0: it may have expired), and counted as hit counts
 * when ARGV[1] is 1 (the first count starts the window of ARGV[2] ms).
 */
const SETTLE_SCRIPT = `
if tonumber(redis.call('GET', KEYS[2]) or '0') > 0 then redis.call('DECR', KEYS[2]) end
if ARGV[1] == '1' then
  redis.call('SET', KEYS[1], 0, 'PX', ARGV[2], 'NX')
  redis.call('INCR', KEYS[1])
end
return 1
`;
