import { createContext, lazy, Suspense, useContext, useMemo, type ReactNode } from 'react';
import type { Language } from '@streethunt/shared';
import { withAllStyles } from '../all-styles.ts';
import { useHydrated } from '../use-hydrated.ts';
import type { ReadItem } from './read-item.ts';


/** The language a game's texts are read in; without it (the editor's preview) nothing reads aloud. */
const ReadAloudLanguage = createContext<{ language: Language; paused: boolean } | null>(null);

/**
 * `paused`: the screen shown may not be the one the player is on yet (the game page before what the
 * phone keeps is read, after a reload at a question): nothing is read until it is.
 */
/** The game's reading context: null outside a game (the editor's preview), where nothing plays by itself either. */
export function useGameReading(): { language: Language; paused: boolean } | null {
  return useContext(ReadAloudLanguage);
}

export function ReadAloudProvider({ language, paused = false, children }: { language: Language; paused?: boolean; children: ReactNode }) {
  const value = useMemo(() => ({ language, paused }), [language, paused]);
  return <ReadAloudLanguage.Provider value={value}>{children}</ReadAloudLanguage.Provider>;
}

// Loaded once the page is up: the first screen of a game link carries none of it.
const ReadAloudControl = lazy(withAllStyles(() => import('./read-aloud-control.tsx')));

/** The switch's height, kept while its code loads so nothing below it moves (two rows, the screen's gap apart, with the recordings' switch). */
const CONTROL_HEIGHT = 36;
const CONTROL_GAP = 16;

/**
 * A game screen's read-aloud control (read-aloud-control.tsx) for `scope` (the intro, a question),
 * reading `items`; nothing outside a game. `recordings`: the screen has a creator's recording, and the
 * choice to play recordings on arrival shows beside read aloud.
 */
export function ReadAloud({ scope, items, recordings = false }: { scope: string; items: readonly ReadItem[]; recordings?: boolean }) {
  const reading = useContext(ReadAloudLanguage);
  const hydrated = useHydrated();
  if (!reading) return null;
  const placeholder = <div style={{ minHeight: recordings ? 2 * CONTROL_HEIGHT + CONTROL_GAP : CONTROL_HEIGHT }} />;
  if (!hydrated || reading.paused) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <ReadAloudControl scope={scope} items={items} language={reading.language} recordings={recordings} />
    </Suspense>
  );
}
