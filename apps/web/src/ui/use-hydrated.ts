import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False while the server renders and while React hydrates what it rendered (both must draw the same),
 * true from then on, and from the start in a page the client draws itself.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
