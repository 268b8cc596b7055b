import { toEditableGame, type EditableGame, type GameContentLike, type GameStatus } from '@streethunt/shared';

/** A game as the server sends it to its owner: GET /api/games/{id} (answers with value) or a studio reply. */
type ServerGame = GameContentLike & { userId: string; status: GameStatus; version?: number; reviewNote?: string | null; nextVersionOf?: string | null };

/** What the editor knows of the stored game: its content, and the version a save must name. */
export type ServerCopy = {
  game: EditableGame;
  version: number;
  status: GameStatus;
  userId: string;
  /** Why an admin sent the game back (or took it off the list), shown above the editor. */
  reviewNote: string | null;
  /** On the draft of an approved game's next version: that game's id (it stays on sale as it is until this is approved). */
  nextVersionOf?: string | null;
};

export function toServerCopy(game: ServerGame): ServerCopy {
  // An owner's reply always names its version; 1 is the first one, should it ever be missing.
  return {
    // The translations travel with the content the editor edits and saves (toEditableGame may not carry them).
    game: { ...toEditableGame(game), ...(game.translations && { translations: game.translations }) },
    version: game.version ?? 1,
    status: game.status,
    userId: game.userId,
    reviewNote: game.reviewNote ?? null,
    nextVersionOf: game.nextVersionOf ?? null,
  };
}

/** Whether two copies hold the same content (what a save would change); a key set to undefined counts as absent. */
export function sameGame(a: EditableGame, b: EditableGame): boolean {
  return sameValue(a, b);
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const defined = (value: object) => Object.entries(value).filter(([, v]) => v !== undefined);
  const left = defined(a);
  const right = new Map(defined(b));
  return left.length === right.size && left.every(([key, value]) => right.has(key) && sameValue(value, right.get(key)));
}
