/**
 * A small in-process cache: entries live `ttlMs`, at most `maxEntries` are kept (the oldest go
 * first). For data that is read on every player request and rarely changes; each process keeps its
 * own: whoever changes a row drops it on every process through the cache bus (shared-state/cache-bus.ts),
 * and `ttlMs` bounds how stale a copy can get when word of a change is lost (Redis away).
 */
export class TtlMap<K, V> {
  private readonly entries = new Map<K, { value: V; expiresAt: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** The live entry, or undefined. (`has` tells a stored undefined from a missing one.) */
  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  has(key: K): boolean {
    const entry = this.entries.get(key);
    return entry !== undefined && entry.expiresAt > this.now();
  }

  set(key: K, value: V): void {
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, { value, expiresAt: this.now() + this.ttlMs });
  }

  delete(key: K): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
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
