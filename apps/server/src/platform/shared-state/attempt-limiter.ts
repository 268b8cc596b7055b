import { setTimeout as sleep } from 'node:timers/promises';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { clientKey } from '../client-key.ts';
import type { RedisLink } from './redis-link.ts';

/**
 * Counts attempts per client in a fixed window and blocks the client once it has used up its
 * allowance, until the window ends (DESIGN.md section 4: trying codes is rate limited). A client is
 * its address by clientKey (an IPv6 client by its /64). The counts are rate-limiter-flexible's: in
 * Redis when REDIS_URL is set (every process counts together, so two processes do not double the
 * allowance), else in this process's memory. A client's window opens with its first attempt.
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

type Attempt = { allowed: true; settle(counts: boolean): Promise<void> } | { allowed: false; retryMs: number };

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
/**
 * How long a try stays marked in flight if its process never settles it (it died mid-judgment):
 * longer than any judgment, short enough that a lost one does not hold a client's try for long.
 */
const IN_FLIGHT_TTL_S = 30;

/**
 * Points per client that expire `durationS` after the first: in Redis when there is one, with this
 * process's memory standing in while Redis is away or a command fails (a limit that counts per
 * process is better than none, and better than an error); else in memory.
 */
function pointsPerClient(redis: RedisLink | null, name: string, points: number, durationS: number): RateLimiterAbstract {
  const memory = new RateLimiterMemory({ keyPrefix: name, points, duration: durationS });
  if (!redis) return memory;
  return new RateLimiterRedis({
    storeClient: redis.client,
    keyPrefix: `${redis.prefix}${name}`,
    points,
    duration: durationS,
    rejectIfRedisNotReady: true,
    insuranceLimiter: memory,
  });
}

/** A settle that runs once: a second one (a retry, a finally after a catch) changes nothing. */
function once(settle: (counts: boolean) => Promise<void>): (counts: boolean) => Promise<void> {
  let open = true;
  return async (counts) => {
    if (!open) return;
    open = false;
    await settle(counts);
  };
}

export function createAttemptLimiter(redis: RedisLink | null, name: string, options: AttemptLimiterOptions): AttemptLimiter {
  const { max, windowMs } = options;
  // Every try taken in the window and not given back: the wrong ones and those still being judged.
  const taken = pointsPerClient(redis, name, max, Math.ceil(windowMs / 1000));
  // The tries being judged (or refused and not yet given back), so that a refused attempt can tell a
  // client that used up its allowance from one whose last tries are in flight.
  const inFlight = pointsPerClient(redis, `${name}:in-flight`, max, IN_FLIGHT_TTL_S);

  // Each change to the two counts is sent together with its pair (on Redis one after the other on one
  // connection, which Redis applies in that order), and so are two reads: the tries in flight are in
  // both, so the difference is the wrong tries counted.

  /** The wrong tries counted, and the time until the window ends. */
  const counted = async (key: string) => {
    const [marked, used] = await Promise.all([inFlight.get(key), taken.get(key)]);
    if (!used || used.msBeforeNext <= 0) return { count: 0, resetInMs: 0 };
    return { count: used.consumedPoints - Math.max(0, marked?.consumedPoints ?? 0), resetInMs: used.msBeforeNext };
  };

  /**
   * Marks a try in flight and takes it from the allowance, with the wrong tries counted as it did;
   * `settle` then unmarks it, and gives it back unless it counts.
   */
  const take = async (key: string) => {
    const at = Date.now();
    const [mark, consumed] = await Promise.all([
      inFlight.penalty(key),
      taken.consume(key).then(
        (res) => ({ allowed: true, res }),
        (refusal: unknown) => {
          if (refusal instanceof RateLimiterRes) return { allowed: false, res: refusal };
          throw refusal;
        },
      ),
    ]);
    const settle = once(async (counts) => {
      // A change after its window ended would open a new one below zero: nothing is left to give back.
      const now = Date.now();
      await Promise.all([!counts && now < at + consumed.res.msBeforeNext && taken.reward(key), now < at + mark.msBeforeNext && inFlight.reward(key)]);
    });
    return { allowed: consumed.allowed, settle, count: consumed.res.consumedPoints - mark.consumedPoints, resetInMs: consumed.res.msBeforeNext };
  };

  return {
    async blockedFor(client) {
      const { count, resetInMs } = await counted(clientKey(client));
      return count >= max ? resetInMs : 0;
    },
    async attempt(client) {
      const key = clientKey(client);
      const giveUpAt = Date.now() + IN_FLIGHT_WAIT_MS;
      for (;;) {
        const { allowed, settle, count, resetInMs } = await take(key);
        if (allowed) return { allowed: true, settle };
        await settle(false);
        if (count >= max) return { allowed: false, retryMs: resetInMs };
        if (Date.now() >= giveUpAt) return { allowed: false, retryMs: IN_FLIGHT_RETRY_MS };
        await sleep(IN_FLIGHT_POLL_MS);
      }
    },
  };
}
