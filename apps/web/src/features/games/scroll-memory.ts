import { useEffect, useLayoutEffect, useRef } from 'react';
import type { VirtualItem } from '@tanstack/react-virtual';
import { useLocation, useNavigationType } from 'react-router';

// Back from a game, /games opens where the visitor left it: the same pages (react-query's cache), the
// same row heights (the windowed list's measurements, kept here in memory) and the same scroll position
// (sessionStorage, per history entry, so a reload of that entry finds it too). The layout's
// ScrollRestoration restores the position as well, but at a moment when the list may not be drawn yet.

const STORAGE_PREFIX = 'games-scroll:';

function savedScrollY(key: string): number | null {
  try {
    const value = sessionStorage.getItem(STORAGE_PREFIX + key);
    const y = value === null ? Number.NaN : Number(value);
    return Number.isFinite(y) && y >= 0 ? y : null;
  } catch {
    return null;
  }
}

function saveScrollY(key: string, y: number): void {
  try {
    sessionStorage.setItem(STORAGE_PREFIX + key, String(Math.round(y)));
  } catch {
    /* storage full or blocked: the list still works, it only opens at the top */
  }
}

/** The measured rows of a list, per history entry and column count; the newest few only. */
const measurements = new Map<string, VirtualItem[]>();
const MEASUREMENTS_KEPT = 20;

export function rememberedRows(key: string): VirtualItem[] | undefined {
  return measurements.get(key);
}

export function rememberRows(key: string, rows: VirtualItem[]): void {
  measurements.delete(key);
  measurements.set(key, rows);
  while (measurements.size > MEASUREMENTS_KEPT) measurements.delete(measurements.keys().next().value!);
}

/**
 * The history entry the browser is on now: React Router keeps its key in history.state ('default' for
 * the first entry, whose state has none); null when the history is not the browser's (a memory router).
 */
function entryKey(): string | null {
  const state: unknown = window.history.state;
  if (!state || typeof state !== 'object') return null;
  const key = 'key' in state ? (state as { key: unknown }).key : undefined;
  return typeof key === 'string' ? key : 'default';
}

/** How many frames a restored position is held while the list settles (rows measured, covers framed). */
const HOLD_FRAMES = 20;

/**
 * Keeps window.scrollY for this history entry while the page is shown, and, when the visitor comes back
 * to the entry (back/forward: a POP), puts it back once `ready` (the list is drawn from the cache).
 */
export function useScrollMemory(ready: boolean): void {
  const { key } = useLocation();
  const navigationType = useNavigationType();
  const restored = useRef<string | null>(null);

  useEffect(() => {
    let y = window.scrollY;
    const onScroll = () => {
      // The router moves to the next entry (and scrolls it to the top) before this page goes: that scroll is not this entry's.
      const current = entryKey();
      if (current === null || current === key) y = window.scrollY;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    // On leaving: the last position seen while this entry was shown (not the top the next page scrolls to).
    const onPageHide = () => saveScrollY(key, y);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', onPageHide);
      saveScrollY(key, y);
    };
  }, [key]);

  useLayoutEffect(() => {
    if (!ready || restored.current === key) return;
    restored.current = key;
    if (navigationType !== 'POP') return;
    const y = savedScrollY(key);
    if (y === null) return;
    window.scrollTo(0, y);
    // Hold it for a few frames while the rows settle, unless the visitor scrolls meanwhile.
    let frames = 0;
    let frame = 0;
    const stop = () => {
      cancelAnimationFrame(frame);
      for (const type of ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const) window.removeEventListener(type, stop);
    };
    for (const type of ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const) window.addEventListener(type, stop, { passive: true, once: true });
    const hold = () => {
      if (Math.abs(window.scrollY - y) > 1) window.scrollTo(0, y);
      if (++frames < HOLD_FRAMES) frame = requestAnimationFrame(hold);
      else stop();
    };
    frame = requestAnimationFrame(hold);
    return stop;
  }, [ready, key, navigationType]);
}
