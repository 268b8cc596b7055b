import { gameReplySchema, progressSchema, type GameReply, type Progress } from '@streethunt/shared';

/**
 * What the phone keeps of a play (spec section 3, local persistence): the active game
 * `{ game_id, game_secret }`, and for it the last progress and game reply, so that a reload without
 * network still shows the play. Opening another game resets all of it (spec section 4).
 */
export type ActiveGame = { game_id: string; game_secret: string | null };

export const STORE_KEYS = {
  active: 'activeGame',
  progress: (gameId: string) => `player.progress.${gameId}`,
  game: (gameId: string) => `player.game.${gameId}`,
} as const;

const PREFIXES = ['player.progress.', 'player.game.'];

function read(key: string): unknown {
  try {
    const raw = localStorage.getItem(key);
    return raw ? JSON.parse(raw) : null;
  } catch {
    return null;
  }
}

function write(key: string, value: unknown): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(value));
  } catch {
    /* storage full or disabled: the play still works for this visit */
  }
}

export function readActiveGame(): ActiveGame | null {
  const value = read(STORE_KEYS.active) as Partial<ActiveGame> | null;
  if (!value || typeof value.game_id !== 'string') return null;
  return { game_id: value.game_id, game_secret: typeof value.game_secret === 'string' && value.game_secret ? value.game_secret : null };
}

/** Removes what is kept for any game but `keepGameId`. */
function forgetOtherGames(keepGameId: string): void {
  try {
    const doomed: string[] = [];
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (!key) continue;
      const prefix = PREFIXES.find((p) => key.startsWith(p));
      if (prefix && key.slice(prefix.length) !== keepGameId) doomed.push(key);
    }
    doomed.forEach((key) => localStorage.removeItem(key));
  } catch {
    /* nothing kept */
  }
}

/**
 * Opening a game: the same id keeps the play; another id resets the active game and its progress.
 * Changes waiting to be sent are kept apart (action-queue.ts) and still reach the server.
 */
export function openGame(gameId: string): ActiveGame {
  const active = readActiveGame();
  if (active?.game_id === gameId) return active;
  const fresh: ActiveGame = { game_id: gameId, game_secret: null };
  write(STORE_KEYS.active, fresh);
  forgetOtherGames(gameId);
  write(STORE_KEYS.progress(gameId), null);
  return fresh;
}

/** A valid code: the play of this code replaces whatever was kept for the game. */
export function storeCode(progress: Progress): ActiveGame {
  const active: ActiveGame = { game_id: progress.game_id, game_secret: progress.game_secret };
  write(STORE_KEYS.active, active);
  forgetOtherGames(progress.game_id);
  write(STORE_KEYS.progress(progress.game_id), progress);
  return active;
}

/** The kept progress of the active play of this game, if any. */
export function readProgress(gameId: string): Progress | null {
  const active = readActiveGame();
  if (active?.game_id !== gameId || !active.game_secret) return null;
  const parsed = progressSchema.safeParse(read(STORE_KEYS.progress(gameId)));
  if (!parsed.success || parsed.data.game_secret !== active.game_secret) return null;
  return parsed.data;
}

/** Keeps a progress of the active play; one of another play (a stale reply) is ignored. */
export function writeProgress(progress: Progress): void {
  const active = readActiveGame();
  if (active?.game_id !== progress.game_id || active.game_secret !== progress.game_secret) return;
  write(STORE_KEYS.progress(progress.game_id), progress);
}

type CachedGame = { secret: string | null; game: GameReply };

/** The last game reply fetched with this code (or without one). */
export function readCachedGame(gameId: string, secret: string | null): GameReply | null {
  const value = read(STORE_KEYS.game(gameId)) as Partial<CachedGame> | null;
  if (!value || (value.secret ?? null) !== secret) return null;
  const parsed = gameReplySchema.safeParse(value.game);
  return parsed.success && parsed.data._id === gameId ? parsed.data : null;
}

export function writeCachedGame(game: GameReply, secret: string | null): void {
  const active = readActiveGame();
  if (active && active.game_id !== game._id) return;
  write(STORE_KEYS.game(game._id), { secret, game } satisfies CachedGame);
}
