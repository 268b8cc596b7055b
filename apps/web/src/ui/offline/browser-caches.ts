import type { PackCaches } from './pack-storage.ts';

/** True where the page may keep files itself: Cache Storage exists only in a secure context. */
export const canKeepPacks = () => typeof window !== 'undefined' && 'caches' in window;

/** The browser's Cache Storage, as a game pack uses it. */
export function browserCaches(): PackCaches {
  return {
    open: (name) => caches.open(name),
    delete: (name) => caches.delete(name),
    keys: () => caches.keys(),
    has: (name) => caches.has(name),
  };
}
