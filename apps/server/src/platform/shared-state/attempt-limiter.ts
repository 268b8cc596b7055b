import { setTimeout as sleep } from 'node:timers/promises';
import { clientKey } from '../client-key.ts';
import type { WindowCounter } from './window-counter.ts';

/**
 * Counts attempts per client in a fixed window and blocks the client once it has used up its
 * allowance, until the window ends (DESIGN.md section 4: trying codes is rate limited). A client is
 * its address by clientKey (an IPv6 client by its /64). The counts live in a WindowCounter: Redis
 * when REDIS_URL is set (every process counts together, so two processes do not double the
 * allowance), else this process's memory (platform/shared-state).
 */
export type AttemptLimiter = {
  /** Milliseconds until the client may try again, or 0 when it may try now. */
  blockedFor(client: string): Promise<number>;
  /**
   * Takes one try of the client's allowance before the attempt is judged, in one step with the check,
   * so tries sent at once cannot all pass the check before any is counted: at most the allowance left
   * is judged at a time. The caller then settles it: `settle(true)` counts it (a wrong code),
   * `settle(false)` gives it back (a right code). Refused, with the time until the window ends, when
   * the client has used up its allowance. While the rest of the allowance is held by tries still
   * being judged, it waits for them (briefly) instead of refusing: they may turn out right.
   */
  attempt(client: string): Promise<Attempt>;
};

export type Attempt = { allowed: true; settle(counts: boolean): Promise<void> } | { allowed: false; retryMs: number };

export type AttemptLimiterOptions = {
  /** Attempts allowed per window; the next attempt (right or wrong) is refused. */
  max: number;
  windowMs: number;
};

/** How long an attempt waits for tries in flight to settle before it is refused, and how often it looks. */
const IN_FLIGHT_WAIT_MS = 2_000;
const IN_FLIGHT_POLL_MS = 10;
/** Retry-After for an attempt refused because tries in flight did not settle in time. */
const IN_FLIGHT_RETRY_MS = 1_000;

export function createAttemptLimiter(counter: WindowCounter, options: AttemptLimiterOptions): AttemptLimiter {
  const { max, windowMs } = options;
  return {
    async blockedFor(client) {
      const { count, resetInMs } = await counter.peek(clientKey(client));
      return count >= max ? resetInMs : 0;
    },
    async attempt(client) {
      const key = clientKey(client);
      const giveUpAt = Date.now() + IN_FLIGHT_WAIT_MS;
      for (;;) {
        const take = await counter.take(key, max, windowMs);
        if (take.taken) return { allowed: true, settle: take.settle };
        if (take.count >= max) return { allowed: false, retryMs: take.resetInMs };
        if (Date.now() >= giveUpAt) return { allowed: false, retryMs: IN_FLIGHT_RETRY_MS };
        await sleep(IN_FLIGHT_POLL_MS);
      }
    },
  };
}
