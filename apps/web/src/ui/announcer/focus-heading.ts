import { useEffect, useRef } from 'react';

/**
 * Whether the visitor has done anything yet. Until then the page is as it loaded and focus stays
 * where the browser put it (a screen reader starts at the top); after, each new screen takes focus
 * to its heading, so a screen reader reads the new screen and Tab starts from it.
 */
let interacted = false;

/** Listens for the visitor's first key or touch; the layout calls it once in the browser. */
export function watchFirstInteraction(): () => void {
  const seen = () => {
    interacted = true;
  };
  const options = { capture: true, once: true } as const;
  window.addEventListener('keydown', seen, options);
  window.addEventListener('pointerdown', seen, options);
  return () => {
    window.removeEventListener('keydown', seen, options);
    window.removeEventListener('pointerdown', seen, options);
  };
}

/** How long a new screen may take to show its heading (a lazy page, a first fetch). */
const WAIT_MS = 3000;

/**
 * Focuses the first heading (level one or two) inside `scope` (a selector), waiting for it to appear; made
 * focusable by script only (tabindex -1), so Tab does not stop on it. Gives up when the visitor
 * moved focus meanwhile. Returns a function that stops waiting.
 */
export function focusHeading(scope: string): () => void {
  const started = document.activeElement;
  let frame = 0;
  const until = performance.now() + WAIT_MS;
  const attempt = () => {
    const active = document.activeElement;
    // The control that changed the screen is often gone with it (focus falls to the body): that is no move of the visitor's.
    if (active !== started && active !== document.body && active !== null) return;
    // A screen still loading keeps the one before it in the page, hidden (React's Suspense): only a heading on show counts.
    const heading = Array.from(document.querySelectorAll<HTMLElement>(`${scope} :is(h1, h2)`)).find((element) => element.getClientRects().length > 0);
    if (heading) {
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus({ preventScroll: true });
      if (document.activeElement === heading) return;
    }
    if (performance.now() < until) frame = requestAnimationFrame(attempt);
  };
  frame = requestAnimationFrame(attempt);
  return () => cancelAnimationFrame(frame);
}

/**
 * A screen must show this long before it counts as new: a reply from the server that lands between two
 * of the player's own moves can show the screen before for a moment, and focus must not jump there and back.
 */
const SETTLE_MS = 250;

/** Moves focus to the heading inside `scope` once `screen` changed after the first render and stayed, once the visitor has acted. */
export function useFocusHeadingOnChange(screen: string, scope: string): void {
  const settled = useRef(screen);
  useEffect(() => {
    if (settled.current === screen) return;
    let stop: (() => void) | undefined;
    const timer = window.setTimeout(() => {
      settled.current = screen;
      if (interacted) stop = focusHeading(scope);
    }, SETTLE_MS);
    return () => {
      window.clearTimeout(timer);
      stop?.();
    };
  }, [screen, scope]);
}
