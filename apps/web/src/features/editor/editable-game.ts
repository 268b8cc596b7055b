import type { EditableGame, GameLocation, GameMetadata, GameStatus } from '@streethunt/shared';

/** A game as the server sends it to its owner: GET /api/games/{id} (answers with value) or a studio reply. */
type ServerGame = {
  userId: string;
  status: GameStatus;
  version?: number;
  metadata: GameMetadata;
  introPage: { content: string };
  gameoverPage: { content: string; hideGameSummary: boolean };
  questions?: ReadonlyArray<{
    content: string;
    location?: GameLocation | null;
    answer: { value?: string; content: string; contentAfterAnswer: string };
    hints: ReadonlyArray<{ content: string; title?: string }>;
  }>;
};

/** What the editor knows of the stored game: its content, and the version a save must name. */
export type ServerCopy = { game: EditableGame; version: number; status: GameStatus; userId: string };

/** A price as the editor holds it: '' (not set) or a number; a stored text price is read as its number. */
export function editorPrice(price: string | number): '' | number {
  if (typeof price === 'number') return Number.isFinite(price) ? price : '';
  const text = price.trim();
  return text !== '' && Number.isFinite(Number(text)) ? Number(text) : '';
}

/** The editable part of a game the server sent (salts and hashes dropped, every field named). */
export function toEditableGame(game: ServerGame): EditableGame {
  const m = game.metadata;
  return {
    metadata: {
      name: m.name,
      locationCity: m.locationCity,
      locationText: m.locationText,
      price: editorPrice(m.price),
      currencyCode: 'ILS',
      language: m.language,
      map: m.map,
      coverImage: m.coverImage,
      location: m.location ?? null,
    },
    introPage: { content: game.introPage.content },
    questions: (game.questions ?? []).map((question) => ({
      content: question.content,
      location: question.location ?? null,
      answer: { value: question.answer.value ?? '', content: question.answer.content, contentAfterAnswer: question.answer.contentAfterAnswer },
      hints: question.hints.map((hint) => (hint.title === undefined ? { content: hint.content } : { content: hint.content, title: hint.title })),
    })),
    gameoverPage: { content: game.gameoverPage.content, hideGameSummary: game.gameoverPage.hideGameSummary },
  };
}

export function toServerCopy(game: ServerGame): ServerCopy {
  // An owner's reply always names its version; 1 is the first one, should it ever be missing.
  return { game: toEditableGame(game), version: game.version ?? 1, status: game.status, userId: game.userId };
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
