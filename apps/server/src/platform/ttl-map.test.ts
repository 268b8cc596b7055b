import { describe, expect, it } from 'vitest';
import { perOwner, TtlMap } from './ttl-map.ts';

describe('TtlMap', () => {
  it('forgets entries after their time and keeps at most maxEntries, dropping the least recently used', () => {
    // Not from 0: LRUCache takes an entry stored at time 0 for one without a time to live.
    let now = 1_000_000;
    const map = new TtlMap<string, number | null>(1000, 2, () => now);
    map.set('a', 1);
    map.set('b', null);
    expect(map.get('a')).toBe(1);
    expect(map.has('b')).toBe(true);
    expect(map.get('b')).toBeNull();
    expect(map.has('c')).toBe(false);
    map.set('c', 3);
    expect(map.size).toBe(2);
    expect(map.has('a')).toBe(false);
    now += 999;
    expect(map.get('c')).toBe(3);
    // Gone once more than its time has passed (LRUCache keeps it through the very millisecond it ends).
    now += 2;
    expect(map.get('c')).toBeUndefined();
    expect(map.has('b')).toBe(false);
    map.set('d', 4);
    map.delete('d');
    expect(map.has('d')).toBe(false);
  });

  it('with a byte bound, drops the oldest until the new value fits, and never keeps one larger than the bound', () => {
    const map = new TtlMap<string, string>(1000, 100, Date.now, { max: 10, of: (value) => value.length });
    map.set('a', 'xxxx');
    map.set('b', 'yyyy');
    expect(map.byteSize).toBe(8);
    map.set('c', 'zzzz');
    expect([map.has('a'), map.has('b'), map.has('c')]).toEqual([false, true, true]);
    expect(map.byteSize).toBe(8);
    map.set('b', 'y');
    expect(map.byteSize).toBe(5);
    map.set('huge', 'h'.repeat(11));
    expect(map.has('huge')).toBe(false);
    expect(map.byteSize).toBe(5);
    map.delete('c');
    map.clear();
    expect(map.byteSize).toBe(0);
  });

  it('perOwner gives each owner its own cache', () => {
    const cacheOf = perOwner(() => new TtlMap<string, number>(1000, 10));
    const [one, two] = [{}, {}];
    cacheOf(one).set('k', 1);
    expect(cacheOf(one).get('k')).toBe(1);
    expect(cacheOf(two).get('k')).toBeUndefined();
  });
});
