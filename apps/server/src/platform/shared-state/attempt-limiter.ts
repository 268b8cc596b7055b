import type { WindowCounter } from './window-counter.ts';

/**
 * Counts failed attempts per key (a client IP) in a fixed window and blocks the key once it has used
 * up its allowance, until the window ends (DESIGN.md section 4: trying codes is rate limited). The
 * counts live in a WindowCounter: Redis when REDIS_URL is set (every process counts together, so two
 * processes do not double the allowance), else this process's memory (platform/shared-state).
 */
export type AttemptLimiter = {
  /** Milliseconds until the key may try again, or 0 when it may try now. */
  blockedFor(key: string): Promise<number>;
  /** Counts one failed attempt. */
  recordFailure(key: string): Promise<void>;
};

export type AttemptLimiterOptions = {
  /** Failed attempts allowed per window; the next attempt (right or wrong) is refused. */
  max: number;
  windowMs: number;
};

export function createAttemptLimiter(counter: WindowCounter, options: AttemptLimiterOptions): AttemptLimiter {
  const { max, windowMs } = options;
  return {
    async blockedFor(key) {
      const { count, resetInMs } = await counter.peek(key);
      return count >= max ? resetInMs : 0;
    },
    async recordFailure(key) {
      await counter.hit(key, windowMs);
    },
  };
}
