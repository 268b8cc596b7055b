import { sentGameSchema, withContentIds, type EditableGame } from '@streethunt/shared';
import { sameGame } from './editable-game.ts';

/**
 * Edits are kept on the device as they are made, so a reload, a closed tab or a dropped
 * network loses nothing: one entry per game, with the version of the stored game they started from.
 */
export type LocalDraft = { version: number; game: EditableGame; savedAt: string };

export const draftKey = (gameId: string) => `streethunt.editor-draft.${gameId}`;

/** The game's draft kept on this device; null when none, or when what is kept is not a game. */
export function readDraft(gameId: string): LocalDraft | null {
  try {
    const raw = localStorage.getItem(draftKey(gameId));
    if (!raw) return null;
    const kept = JSON.parse(raw) as Partial<LocalDraft>;
    // A draft kept before questions had ids still reads: each question and hint gets one.
    const game = sentGameSchema.safeParse(kept.game);
    if (!game.success || typeof kept.version !== 'number') return null;
    return { version: kept.version, game: { ...game.data, questions: withContentIds(game.data.questions) }, savedAt: typeof kept.savedAt === 'string' ? kept.savedAt : '' };
  } catch {
    return null;
  }
}

export function writeDraft(gameId: string, version: number, game: EditableGame, now: Date = new Date()): void {
  try {
    localStorage.setItem(draftKey(gameId), JSON.stringify({ version, game, savedAt: now.toISOString() } satisfies LocalDraft));
  } catch {
    // Storage full or blocked (private mode): the edits stay in the page until saved.
  }
}

export function clearDraft(gameId: string): void {
  try {
    localStorage.removeItem(draftKey(gameId));
  } catch {
    // Nothing kept, nothing to clear.
  }
}

/**
 * What to do with a kept draft when the game loads: nothing (none, or the same as stored), restore it
 * (it started from the stored version), or ask (the stored game was saved again since it started).
 */
export type DraftDecision = { kind: 'none' } | { kind: 'restore'; draft: LocalDraft } | { kind: 'ask'; draft: LocalDraft };

export function decideDraft(draft: LocalDraft | null, stored: { version: number; game: EditableGame }): DraftDecision {
  if (!draft || sameGame(draft.game, stored.game)) return { kind: 'none' };
  return draft.version === stored.version ? { kind: 'restore', draft } : { kind: 'ask', draft };
}
