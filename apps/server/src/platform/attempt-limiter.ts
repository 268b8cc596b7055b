/**
 * Counts failed attempts per key (a client IP) in a fixed window and blocks the key once it has used
 * up its allowance, until the window ends (DESIGN.md section 4: trying codes is rate limited).
 *
 * In memory and per process: behind a load balancer each process counts on its own, so a client may
 * get `max` tries per process. Moving the counts to Redis (with the Socket.IO Redis adapter, when
 * REDIS_URL is set) keeps this interface: `isBlocked`, `recordFailure`.
 */
export type AttemptLimiter = {
  /** Milliseconds until the key may try again, or 0 when it may try now. */
  blockedFor(key: string): number;
  /** Counts one failed attempt. */
  recordFailure(key: string): void;
  /** How many keys are being tracked (for tests and memory checks). */
  size(): number;
};

export type AttemptLimiterOptions = {
  /** Failed attempts allowed per window; the next attempt (right or wrong) is refused. */
  max: number;
  windowMs: number;
  /** Keys tracked at most; the oldest windows are dropped first when full. */
  maxKeys?: number;
  now?: () => number;
};

type Window = { startedAt: number; failures: number };

export function createAttemptLimiter(options: AttemptLimiterOptions): AttemptLimiter {
  const { max, windowMs, maxKeys = 100_000, now = Date.now } = options;
  // Map keeps insertion order, and a key is re-inserted when its window restarts: oldest windows come first.
  const windows = new Map<string, Window>();

  const live = (key: string, at: number): Window | undefined => {
    const window = windows.get(key);
    if (window && at - window.startedAt >= windowMs) {
      windows.delete(key);
      return undefined;
    }
    return window;
  };

  const sweep = (at: number) => {
    for (const [key, window] of windows) {
      if (at - window.startedAt < windowMs && windows.size < maxKeys) break;
      windows.delete(key);
    }
  };

  return {
    blockedFor(key) {
      const at = now();
      const window = live(key, at);
      if (!window || window.failures < max) return 0;
      return window.startedAt + windowMs - at;
    },
    recordFailure(key) {
      const at = now();
      const window = live(key, at);
      if (window) {
        window.failures += 1;
        return;
      }
      if (windows.size >= maxKeys) sweep(at);
      windows.set(key, { startedAt: at, failures: 1 });
    },
    size: () => windows.size,
  };
}
