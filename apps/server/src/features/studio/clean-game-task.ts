import { editableGameSchema, type EditableGame } from '@streethunt/shared';
import { sanitizeGame, type MediaUrlOptions } from './sanitize-content.ts';

/*
 * Runs on a worker thread (clean-game.ts): cleaning a game's rich text is the costliest work a save
 * causes. Cleaning can lengthen text (an `&` becomes `&amp;`, attributes get quotes), so the clean
 * game is checked against the save's limits again: what would not read back is never stored.
 */

export type CleanGameInput = { game: EditableGame; media: MediaUrlOptions };
export type CleanGameOutput = { game: EditableGame } | { problem: string };

export default function cleanGameTask({ game, media }: CleanGameInput): CleanGameOutput {
  const clean = sanitizeGame(game, media);
  const checked = editableGameSchema.safeParse(clean);
  if (checked.success) return { game: clean };
  const issue = checked.error.issues[0];
  return { problem: `${issue.path.join('.')}: once cleaned, ${issue.message}` };
}
