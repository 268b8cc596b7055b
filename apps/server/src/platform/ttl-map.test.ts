import { describe, expect, it } from 'vitest';
import { perOwner, TtlMap } from './ttl-map.ts';

describe('TtlMap', () => {
  it('forgets entries after their time and keeps at most maxEntries, dropping the oldest', () => {
    let now = 0;
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
    now = 999;
    expect(map.get('c')).toBe(3);
    now = 1000;
    expect(map.get('c')).toBeUndefined();
    expect(map.has('b')).toBe(false);
    map.set('d', 4);
    map.delete('d');
    expect(map.has('d')).toBe(false);
  });

  it('perOwner gives each owner its own cache', () => {
    const cacheOf = perOwner(() => new TtlMap<string, number>(1000, 10));
    const [one, two] = [{}, {}];
    cacheOf(one).set('k', 1);
    expect(cacheOf(one).get('k')).toBe(1);
    expect(cacheOf(two).get('k')).toBeUndefined();
  });
});
