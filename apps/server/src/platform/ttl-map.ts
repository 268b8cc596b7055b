import { LRUCache } from 'lru-cache';

/** A cache's bound in bytes: `of` estimates what one value holds in memory. */
export type ByteBound<V> = { max: number; of: (value: V) => number };

/**
 * A small in-process cache (an LRUCache underneath): entries live `ttlMs`, at most `maxEntries` are
 * kept (the least recently used go first), and with `bytes` at most that many bytes (one large value
 * cannot make the count a lie). For data that is read on every player request and rarely changes;
 * each process keeps its own: whoever changes a row drops it on every process through the cache bus
 * (shared-state/cache-bus.ts), and `ttlMs` bounds how stale a copy can get when word of a change is
 * lost (Redis away).
 */
export class TtlMap<K extends NonNullable<unknown>, V> {
  // Boxed, since LRUCache keeps no null or undefined values and callers cache "there is none" as null.
  private readonly cache: LRUCache<K, { value: V }>;

  constructor(ttlMs: number, maxEntries: number, now: () => number = Date.now, bytes?: ByteBound<V>) {
    this.cache = new LRUCache<K, { value: V }>({
      max: maxEntries,
      ttl: ttlMs,
      perf: { now },
      // Read the clock on every look rather than once a millisecond: a test's clock moves without time passing.
      ttlResolution: 0,
      // LRUCache counts sizes in positive integers; a value larger than the whole bound is not kept at all.
      ...(bytes && { maxSize: bytes.max, sizeCalculation: ({ value }: { value: V }) => Math.max(1, Math.ceil(bytes.of(value))) }),
    });
  }

  /** The live entry, or undefined. (`has` tells a stored undefined from a missing one.) */
  get(key: K): V | undefined {
    return this.cache.get(key)?.value;
  }

  has(key: K): boolean {
    return this.cache.has(key);
  }

  set(key: K, value: V): void {
    this.cache.set(key, { value });
  }

  delete(key: K): void {
    this.cache.delete(key);
  }

  clear(): void {
    this.cache.clear();
  }

  /** What the entries hold by the bound's estimate (0 without one). */
  get byteSize(): number {
    return this.cache.calculatedSize;
  }

  get size(): number {
    return this.cache.size;
  }
}

/** One cache (or counter) per owner object (a database handle, an app), made from it on first use. */
export function perOwner<T, Owner extends object = object>(make: (owner: Owner) => T): (owner: Owner) => T {
  const caches = new WeakMap<Owner, T>();
  return (owner) => {
    let cache = caches.get(owner);
    if (!cache) {
      cache = make(owner);
      caches.set(owner, cache);
    }
    return cache;
  };
}
