import { useCallback, useEffect, useRef } from 'react';
import type { EditableGame } from '@streethunt/shared';
import { clearDraft, writeDraft } from './local-draft.ts';

/** A short pause after the last keystroke before the copy is written to the device. */
export const DRAFT_DELAY_MS = 300;

type Kept = { game: EditableGame; version: number; dirty: boolean; paused: boolean };

/**
 * Keeps the working copy on the device while it differs from the stored game (and forgets it as soon
 * as they agree), a little after each change, and at once when the page is hidden or the editor left.
 * `paused` while the creator decides about an older kept copy. `drop()` forgets it for good: the
 * editor is about to load the stored game instead.
 */
export function useLocalDraft(gameId: string, kept: Kept): { drop(): void } {
  const { game, version, dirty, paused } = kept;
  const latest = useRef(kept);
  const dropped = useRef(false);

  useEffect(() => {
    latest.current = { game, version, dirty, paused };
    if (paused || dropped.current) return;
    // Forgetting is cheap and must not lag: a write still waiting would otherwise be the last word
    // after the stored game was reloaded over the working copy.
    if (!dirty) {
      clearDraft(gameId);
      return;
    }
    // A write still waiting when the copy is dropped must not bring it back: the stored game is
    // loading in the meantime, and would then meet this copy as an older draft to ask about.
    const timer = setTimeout(() => {
      if (!dropped.current) writeDraft(gameId, version, game);
    }, DRAFT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [gameId, game, version, dirty, paused]);

  useEffect(() => {
    const flush = () => {
      const now = latest.current;
      if (!dropped.current && !now.paused && now.dirty) writeDraft(gameId, now.version, now.game);
    };
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [gameId]);

  const drop = useCallback(() => {
    dropped.current = true;
    clearDraft(gameId);
  }, [gameId]);
  return { drop };
}
