import { useCallback, useEffect, useRef, useState } from 'react';

type Position = { lat: number; lng: number };
export type NearFailure = 'denied' | 'unavailable' | 'timeout' | 'unsupported';
export type NearState =
  /** Not asked (or the URL asks for 'near me' but the permission was never given: it is asked only on a press). */
  | { status: 'idle' }
  /** The URL asks for 'near me': finding out whether the permission is already granted. */
  | { status: 'checking' }
  | { status: 'locating' }
  | { status: 'located'; position: Position }
  | { status: 'failed'; reason: NearFailure };

/** How long a position found on this page is used again (coming back from a game, pressing again). */
const REMEMBER_MS = 10 * 60_000;
const LOCATE_TIMEOUT_MS = 15_000;

/**
 * The last position found, in memory only (never in the URL or storage): back from a game the list
 * asks for the same spot, so its cached pages are used as they were.
 */
let remembered: { position: Position; at: number } | null = null;

function recentPosition(): Position | null {
  return remembered && Date.now() - remembered.at < REMEMBER_MS ? remembered.position : null;
}

/** Forgets the remembered position (tests). */
export function forgetNearPosition(): void {
  remembered = null;
}

function hasGeolocation(): boolean {
  return typeof navigator !== 'undefined' && 'geolocation' in navigator && Boolean(navigator.geolocation);
}

const FAILURES: Record<number, NearFailure> = { 1: 'denied', 2: 'unavailable', 3: 'timeout' };

function initialState(wanted: boolean): NearState {
  if (!wanted) return { status: 'idle' };
  const position = recentPosition();
  if (position) return { status: 'located', position };
  return hasGeolocation() && typeof navigator.permissions?.query === 'function' ? { status: 'checking' } : { status: 'idle' };
}

/**
 * The visitor's position for 'Games near me'. The browser is asked only when `locate()` is called (the
 * button), or on load when `wanted` (the URL has near=1) and the permission is already granted.
 */
export function useNearMe(wanted: boolean): { state: NearState; locate: (onDone?: (found: boolean) => void) => void; cancel: () => void } {
  const [state, setState] = useState<NearState>(() => initialState(wanted));
  /** Only the latest request may set the state. */
  const request = useRef(0);
  /** A request is on its way (the button's and the URL's must not both ask). */
  const asking = useRef(false);

  const locate = useCallback((onDone?: (found: boolean) => void) => {
    const id = ++request.current;
    const api = hasGeolocation() ? navigator.geolocation : undefined;
    if (!api) {
      setState({ status: 'failed', reason: 'unsupported' });
      onDone?.(false);
      return;
    }
    setState({ status: 'locating' });
    asking.current = true;
    api.getCurrentPosition(
      ({ coords }) => {
        if (id !== request.current) return;
        asking.current = false;
        const position = { lat: coords.latitude, lng: coords.longitude };
        remembered = { position, at: Date.now() };
        setState({ status: 'located', position });
        onDone?.(true);
      },
      (error) => {
        if (id !== request.current) return;
        asking.current = false;
        setState({ status: 'failed', reason: FAILURES[error.code] ?? 'unavailable' });
        onDone?.(false);
      },
      { enableHighAccuracy: false, timeout: LOCATE_TIMEOUT_MS, maximumAge: 5 * 60_000 },
    );
  }, []);

  /** Stops waiting for a position asked for (the visitor turned 'near me' off meanwhile). */
  const cancel = useCallback(() => {
    request.current++;
    asking.current = false;
    setState((current) => (current.status === 'locating' || current.status === 'checking' ? { status: 'idle' } : current));
  }, []);

  // The URL asks for 'near me' (a reload, back/forward, a shared link): use a recent position, or ask
  // the browser when the visitor has already allowed it; never prompt without a press.
  useEffect(() => {
    if (!wanted || asking.current) return;
    let cancelled = false;
    const position = recentPosition();
    if (position) {
      // Already there when the state started from it; otherwise (near=1 came back through history) use it.
      queueMicrotask(() => {
        if (!cancelled) setState((current) => (current.status === 'located' ? current : { status: 'located', position }));
      });
      return () => {
        cancelled = true;
      };
    }
    const permissions = hasGeolocation() ? navigator.permissions : undefined;
    if (typeof permissions?.query !== 'function') return;
    permissions
      .query({ name: 'geolocation' })
      .then((status) => {
        if (cancelled) return;
        if (status.state === 'granted') {
          if (!asking.current) locate();
        } else setState((current) => (current.status === 'checking' ? { status: 'idle' } : current));
      })
      .catch(() => {
        if (!cancelled) setState((current) => (current.status === 'checking' ? { status: 'idle' } : current));
      });
    return () => {
      cancelled = true;
    };
  }, [wanted, locate]);

  return { state, locate, cancel };
}
