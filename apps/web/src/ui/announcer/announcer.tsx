import { useEffect, useRef, useSyncExternalStore } from 'react';
import { VisuallyHidden } from '@mantine/core';

export type Politeness = 'polite' | 'assertive';

type Said = { polite: string; assertive: string };

/**
 * One pair of live regions for the whole app, always in the page: screen readers announce a change of
 * a region they already know, while a region inserted together with its text is often missed. Anything
 * that is news (arrival, an organiser's message, a verdict) is said here once, whatever screen shows it.
 */
let said: Said = { polite: '', assertive: '' };
/** Keys already said in this page's life: news is said once, though the screen that says it mounts again. */
const saidKeys = new Set<string>();
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Says `text` through the live region. The same words twice in a row differ by an invisible space, so
 * the second is announced too.
 */
export function announce(text: string, politeness: Politeness = 'polite'): void {
  const words = text.trim();
  if (!words) return;
  const next = said[politeness] === words ? `${words}\u00a0` : words;
  said = { ...said, [politeness]: next };
  emit();
}

/** Says `text` unless `key` was said already in this page's life; true when it was said now. */
export function announceOnce(key: string, text: string, politeness: Politeness = 'polite'): boolean {
  if (saidKeys.has(key)) return false;
  saidKeys.add(key);
  announce(text, politeness);
  return true;
}

/** Marks keys as said without saying them: what was already on screen when a view opened is not news. */
function markSaid(keys: Iterable<string>): void {
  for (const key of keys) saidKeys.add(key);
}

/**
 * Says each item whose key is new, once. What is there on the hook's first render is news only with
 * `sayFirst`: a hint already open when the question opens is not, an organiser's unread message is.
 */
export function useAnnounceNew(items: ReadonlyArray<{ key: string; text: string }>, options: { politeness?: Politeness; sayFirst?: boolean } = {}): void {
  const { politeness = 'polite', sayFirst = false } = options;
  const first = useRef(true);
  // Keyed by content, so a new array of the same items runs nothing.
  const signature = JSON.stringify(items.map((item) => [item.key, item.text]));
  useEffect(() => {
    const list = JSON.parse(signature) as Array<[string, string]>;
    if (first.current && !sayFirst) markSaid(list.map(([key]) => key));
    else for (const [key, text] of list) announceOnce(key, text, politeness);
    first.current = false;
  }, [signature, politeness, sayFirst]);
}

/** Empties both regions (a test's clean start). */
export function resetAnnouncer(): void {
  said = { polite: '', assertive: '' };
  saidKeys.clear();
  emit();
}

const getSnapshot = () => said;
const getServerSnapshot = (): Said => ({ polite: '', assertive: '' });

/** The live regions, mounted once by the layout. */
export function Announcer() {
  const now = useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
  return (
    <VisuallyHidden data-testid="announcer">
      <div role="status" aria-live="polite" aria-atomic="true" data-testid="announce-polite">
        {now.polite}
      </div>
      <div role="alert" aria-live="assertive" aria-atomic="true" data-testid="announce-assertive">
        {now.assertive}
      </div>
    </VisuallyHidden>
  );
}
