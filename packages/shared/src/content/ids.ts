import { lineText } from '../schemas/common.ts';
import { MAX_CONTENT_ID } from './limits.ts';

/**
 * A question's or a hint's identity: given when it is created (by the editor, the import, or the
 * server for a save that lacks one), kept when it moves; a duplicated game gets new ones. A play keeps
 * its states by question id, so deleting or moving a question never moves a play's progress onto
 * another (docs/decisions/008-game-content-v2.md).
 */
const CONTENT_ID_PATTERN = /^[A-Za-z0-9_-]+$/;
export const contentIdSchema = lineText()
  .min(1)
  .max(MAX_CONTENT_ID)
  .regex(CONTENT_ID_PATTERN, 'must be letters, digits, - or _');

const ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** A new id: 12 random letters and digits (71 bits; ids are unique within one game). */
export function newContentId(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(12));
  let id = '';
  // 256 = 4 * 62 + 8: the few bytes at the top wrap onto the first letters, a bias that does not matter for uniqueness.
  for (const byte of bytes) id += ALPHABET[byte % ALPHABET.length];
  return id;
}

type WithIds = { id?: string; hints: ReadonlyArray<{ id?: string }> };

/**
 * The questions with every question and hint given an id: one it has keeps it (unless another item
 * came first with it), one without gets a new one. `fresh`: every id new, as a duplicate gets.
 */
export function withContentIds<Q extends WithIds>(
  questions: readonly Q[],
  options: { fresh?: boolean } = {},
): Array<Omit<Q, 'id' | 'hints'> & { id: string; hints: Array<Q['hints'][number] & { id: string }> }> {
  const seen = new Set<string>();
  const idFor = (id: string | undefined) => {
    let kept = !options.fresh && id !== undefined && !seen.has(id) ? id : newContentId();
    while (seen.has(kept)) kept = newContentId();
    seen.add(kept);
    return kept;
  };
  return questions.map((question) => ({
    ...question,
    id: idFor(question.id),
    hints: question.hints.map((hint) => ({ ...hint, id: idFor(hint.id) })),
  }));
}

/** The first id used twice among the questions and their hints (ids are unique within a game), or null. */
export function repeatedContentId(questions: ReadonlyArray<WithIds>): string | null {
  const seen = new Set<string>();
  for (const question of questions) {
    for (const id of [question.id, ...question.hints.map((hint) => hint.id)]) {
      if (id === undefined) continue;
      if (seen.has(id)) return id;
      seen.add(id);
    }
  }
  return null;
}
