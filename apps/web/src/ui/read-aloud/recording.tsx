import { lazy, Suspense } from 'react';
import { withAllStyles } from '../all-styles.ts';
import { useHydrated } from '../use-hydrated.ts';
import { useGameReading } from './read-aloud.tsx';

// Loaded once the page is up, and only by a screen with a recording: the first load of a game carries none of it.
const RecordingPlayer = lazy(withAllStyles(() => import('./recording-player.tsx')));

/** The player's height (its label, the browser's controls, the transcript note), kept while its code loads. */
const PLAYER_HEIGHT = 96;

/**
 * A creator's recording of the text beside it (DESIGN.md section 16): a labelled player
 * (recording-player.tsx), the text staying on screen as its transcript. `autoPlay`: this is a
 * question that has just opened, which plays at once when the player chose so; never outside a game
 * (the editor's preview) nor before the screen is the player's own.
 */
export function Recording({ url, label, autoPlay = false }: { url: string; label: string; autoPlay?: boolean }) {
  const reading = useGameReading();
  const hydrated = useHydrated();
  // Only our own files (a game's recordings are its creator's uploads).
  if (!url.startsWith('/media/')) return null;
  const placeholder = <div style={{ minHeight: PLAYER_HEIGHT }} />;
  if (!hydrated) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <RecordingPlayer url={url} label={label} autoPlay={autoPlay && reading !== null && !reading.paused} />
    </Suspense>
  );
}
