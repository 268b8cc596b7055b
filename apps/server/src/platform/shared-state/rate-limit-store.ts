import type { FastifyRateLimitStoreCtor, RateLimitOptions } from '@fastify/rate-limit';
import { clientKey } from '../client-key.ts';
import type { WindowCounter } from './window-counter.ts';

type Incr = (key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number, max: number) => void;
type RouteOptions = RateLimitOptions & { routeInfo: { method: string; url: string } };

/**
 * A store for @fastify/rate-limit over a WindowCounter (platform/shared-state): with Redis every
 * process counts one client's calls of a route together, so N processes do not allow N times the
 * limit; without it (or while it is away) each process counts its own. Each route counts apart, as
 * the plugin's own stores do. A key that is a client's address is counted by clientKey (an IPv6
 * client by its /64), whichever key generator made it.
 */
export function windowCounterStore(counterFor: (scope: string) => WindowCounter): FastifyRateLimitStoreCtor {
  class WindowCounterStore {
    private readonly counter: WindowCounter;
    constructor(
      _options?: unknown,
      private readonly scope = 'rate:',
    ) {
      this.counter = counterFor(scope);
    }

    incr: Incr = (key, callback, timeWindow) => {
      this.counter.hit(clientKey(key), timeWindow).then(
        ({ count, resetInMs }) => callback(null, { current: count, ttl: resetInMs }),
        (error: Error) => callback(error),
      );
    };

    child(routeOptions: RouteOptions) {
      return new WindowCounterStore(undefined, `${this.scope}${routeOptions.routeInfo.method}${routeOptions.routeInfo.url}:`);
    }
  }
  return WindowCounterStore as unknown as FastifyRateLimitStoreCtor;
}
