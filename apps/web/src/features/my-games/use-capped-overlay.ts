import { useEffect, useState } from 'react';

/**
 * Whether to cover the results with the loading overlay: while `loading`, but never longer than
 * `maxMs` in one go (spec section 9: the active-games overlay hides after 1 s at most). A slower load
 * then shows `loading && !overlay`: a smaller loader that leaves the page usable.
 */
export function useCappedOverlay(loading: boolean, maxMs: number): boolean {
  const [expired, setExpired] = useState(false);
  const [wasLoading, setWasLoading] = useState(loading);
  // A new load starts with the overlay again (state adjusted while rendering, not in an effect).
  if (loading !== wasLoading) {
    setWasLoading(loading);
    if (loading) setExpired(false);
  }
  useEffect(() => {
    if (!loading) return;
    const timer = setTimeout(() => setExpired(true), maxMs);
    return () => clearTimeout(timer);
  }, [loading, maxMs]);
  return loading && !expired;
}
