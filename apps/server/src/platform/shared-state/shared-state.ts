import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { createAttemptLimiter, type AttemptLimiter, type AttemptLimiterOptions } from './attempt-limiter.ts';
import { windowCounterStore } from './rate-limit-store.ts';
import type { RedisLink } from './redis-link.ts';
import { createLocalWindowCounter, createRedisWindowCounter, type WindowCounter } from './window-counter.ts';

/**
 * What the processes of one deployment share: counts (wrong codes, free plays, every route's rate
 * limit) and, through the cache bus (cache-bus.ts), word of changed rows. With REDIS_URL it lives in
 * Redis, and each process falls back to its own memory while Redis is away; without it, in this
 * process's memory, which is all there is when one process serves.
 */
export type SharedState = {
  /** A named attempt limiter (e.g. 'wrong-code'), one per name per app. */
  attemptLimiter(name: string, options: AttemptLimiterOptions): AttemptLimiter;
  /** A named counter of hits in fixed windows (e.g. who pushes an event's ranking in a window first). */
  windowCounter(name: string): WindowCounter;
  /** The store @fastify/rate-limit counts in. */
  rateLimitStore: FastifyRateLimitStoreCtor;
  /** `none` without REDIS_URL; else whether Redis answers now. */
  redisStatus(): 'none' | 'up' | 'down';
  /** The Redis connections, when REDIS_URL is set (Socket.IO's adapter, the cache bus). */
  redis: RedisLink | null;
};

/** Per-route keys a process keeps for rate limits (a client's window per route); the oldest go first. */
const RATE_LIMIT_KEYS = 10_000;

export function createSharedState(redis: RedisLink | null): SharedState {
  const counters = new Map<string, WindowCounter>();
  const counter = (name: string, maxKeys?: number): WindowCounter => {
    let made = counters.get(name);
    if (!made) {
      const local = createLocalWindowCounter({ maxKeys });
      made = redis ? createRedisWindowCounter(redis, name, local) : local;
      counters.set(name, made);
    }
    return made;
  };
  const limiters = new Map<string, AttemptLimiter>();
  return {
    attemptLimiter(name, options) {
      let limiter = limiters.get(name);
      if (!limiter) {
        limiter = createAttemptLimiter(redis, `attempts:${name}`, options);
        limiters.set(name, limiter);
      }
      return limiter;
    },
    windowCounter: (name) => counter(`windows:${name}`),
    rateLimitStore: windowCounterStore((scope) => counter(scope, RATE_LIMIT_KEYS)),
    redisStatus: () => (redis ? (redis.isUp() ? 'up' : 'down') : 'none'),
    redis,
  };
}
