import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { RedisLink } from '../shared-state/redis-link.ts';
import { TtlMap } from '../ttl-map.ts';
import type { GeocodedPlace } from './geocoder.ts';

/** What an upstream answered to one search, kept for a while: the same search often comes again. */
export type AnswerCache = {
  get(key: string): Promise<GeocodedPlace[] | undefined>;
  set(key: string, places: GeocodedPlace[]): Promise<void>;
};

/** This process's memory. */
export function createLocalAnswerCache(ttlMs: number, entries: number): AnswerCache & { local: TtlMap<string, GeocodedPlace[]> } {
  const local = new TtlMap<string, GeocodedPlace[]>(ttlMs, entries);
  return {
    local,
    get: async (key) => local.get(key),
    set: async (key, places) => local.set(key, places),
  };
}

const cachedPlacesSchema = z.array(
  z.object({ name: z.string(), detail: z.string(), lat: z.number(), lng: z.number(), source: z.enum(['gazetteer', 'upstream']) }),
);

/**
 * Every process's answers in Redis (`{prefix}{name}:{hash of the search}`, expiring after `ttlMs`),
 * with this process's memory in front. A search one process asked is not asked again by another.
 * While Redis is away, memory alone.
 */
export function createRedisAnswerCache(link: RedisLink, name: string, ttlMs: number, entries: number): AnswerCache {
  const memory = createLocalAnswerCache(ttlMs, entries);
  // Hashed: a search's text is the creator's, and stays out of Redis's key list.
  const keyOf = (key: string) => `${link.prefix}${name}:${createHash('sha256').update(key).digest('base64url')}`;
  return {
    async get(key) {
      const mine = await memory.get(key);
      if (mine || !link.isUp()) return mine;
      try {
        const stored = await link.client.get(keyOf(key));
        if (stored === null) return undefined;
        const parsed = cachedPlacesSchema.safeParse(JSON.parse(stored));
        if (!parsed.success) return undefined;
        memory.local.set(key, parsed.data);
        return parsed.data;
      } catch {
        return undefined;
      }
    },
    async set(key, places) {
      memory.local.set(key, places);
      if (!link.isUp()) return;
      try {
        await link.client.set(keyOf(key), JSON.stringify(places), 'PX', ttlMs);
      } catch {
        // Kept in memory; another process will ask the upstream once itself.
      }
    },
  };
}
