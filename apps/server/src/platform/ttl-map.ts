/** A cache's bound in bytes: `of` estimates what one value holds in memory. */
export type ByteBound<V> = { max: number; of: (value: V) => number };

/**
 * A small in-process cache: entries live `ttlMs`, at most `maxEntries` are kept (the oldest go
 * first), and with `bytes` at most that many bytes (one large value cannot make the count a lie). For data that is read on every player request and rarely changes; each process keeps its
 * own: whoever changes a row drops it on every process through the cache bus (shared-state/cache-bus.ts),
 * and `ttlMs` bounds how stale a copy can get when word of a change is lost (Redis away).
 */
export class TtlMap<K, V> {
  private readonly entries = new Map<K, { value: V; expiresAt: number; bytes: number }>();
  private totalBytes = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    private readonly now: () => number = Date.now,
    private readonly bytes?: ByteBound<V>,
  ) {}

  /** The live entry, or undefined. (`has` tells a stored undefined from a missing one.) */
  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.delete(key);
      return undefined;
    }
    return entry.value;
  }

  has(key: K): boolean {
    const entry = this.entries.get(key);
    return entry !== undefined && entry.expiresAt > this.now();
  }

  set(key: K, value: V): void {
    this.delete(key);
    const bytes = this.bytes ? this.bytes.of(value) : 0;
    // A value larger than the whole bound is not kept at all.
    if (this.bytes && bytes > this.bytes.max) return;
    while (this.entries.size > 0 && (this.entries.size >= this.maxEntries || (this.bytes && this.totalBytes + bytes > this.bytes.max))) {
      this.delete(this.entries.keys().next().value as K);
    }
    this.entries.set(key, { value, expiresAt: this.now() + this.ttlMs, bytes });
    this.totalBytes += bytes;
  }

  delete(key: K): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.totalBytes -= entry.bytes;
  }

  clear(): void {
    this.entries.clear();
    this.totalBytes = 0;
  }

  /** What the entries hold by the bound's estimate (0 without one). */
  get byteSize(): number {
    return this.totalBytes;
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
