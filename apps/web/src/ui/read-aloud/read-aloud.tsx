import { createContext, lazy, Suspense, useContext, type ReactNode } from 'react';
import type { Language } from '@streethunt/shared';
import { withAllStyles } from '../all-styles.ts';
import { useHydrated } from '../use-hydrated.ts';
import type { ReadItem } from './read-item.ts';


/** The language a game's texts are read in; without it (the editor's preview) nothing reads aloud. */
const ReadAloudLanguage = createContext<Language | null>(null);

export function ReadAloudProvider({ language, children }: { language: Language; children: ReactNode }) {
  return <ReadAloudLanguage.Provider value={language}>{children}</ReadAloudLanguage.Provider>;
}

// Loaded once the page is up: the first screen of a game link carries none of it.
const ReadAloudControl = lazy(withAllStyles(() => import('./read-aloud-control.tsx')));

/** The switch's height, kept while its code loads so nothing below it moves. */
const CONTROL_HEIGHT = 36;

/**
 * A game screen's read-aloud control (read-aloud-control.tsx) for `scope` (the intro, a question),
 * reading `items`; nothing outside a game.
 */
export function ReadAloud({ scope, items }: { scope: string; items: readonly ReadItem[] }) {
  const language = useContext(ReadAloudLanguage);
  const hydrated = useHydrated();
  if (!language) return null;
  const placeholder = <div style={{ minHeight: CONTROL_HEIGHT }} />;
  if (!hydrated) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <ReadAloudControl scope={scope} items={items} language={language} />
    </Suspense>
  );
}
