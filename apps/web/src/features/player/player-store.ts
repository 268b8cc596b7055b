import type { GameReply, Progress } from '@streethunt/shared';
import { keptGet, keptKeys, keptPut } from './offline/kept-play.ts';

/**
 * What the phone keeps of a play (spec section 3, local persistence; in the offline database, DESIGN.md section 14): the active game
 * `{ game_id, game_secret }`, and for it the last progress and game reply, so that a reload without
 * network still shows the play. Opening another game resets all of it (spec section 4).
 */
export type ActiveGame = { game_id: string; game_secret: string | null };

export const STORE_KEYS = {
  active: 'activeGame',
  /** The active play's grant, beside the active game (whose shape the spec gives). */
  grant: 'player.grant',
  progress: (gameId: string) => `player.progress.${gameId}`,
  game: (gameId: string) => `player.game.${gameId}`,
  /** The play's live event, if its code is an event team's (event/kept-team-event.ts). */
  event: (gameId: string) => `player.event.${gameId}`,
  /** The photo verdicts read on this phone (photo/kept-verdicts.ts). */
  verdicts: (gameId: string) => `player.verdicts.${gameId}`,
  /** The language this phone plays the game in, when not its own (kept-language.ts): a preference read as the page draws, left in localStorage. */
  language: (gameId: string) => `player.language.${gameId}`,
} as const;

/**
 * Progress and game replies are kept as the server sent them (already checked by its reply schemas).
 * What an older app version kept in another shape carries another stamp and is dropped, so the phone
 * needs no schema library to read them back. Bump it when the kept shapes change.
 */
export const STORE_VERSION = 2;

type Stamped<T> = { v: typeof STORE_VERSION; value: T };

/**
 * A progress of this play, as our server builds it for replies and live events. A light check, not a
 * schema: the server built the value from its own checked reply shape.
 */
export function isProgressOf(value: unknown, gameId: string, secret: string): value is Progress {
  const progress = value as Partial<Progress> | null;
  return Boolean(progress && typeof progress === 'object' && progress.game_id === gameId && progress.game_secret === secret && Array.isArray(progress.questions));
}

function stamped<T>(raw: unknown): T | null {
  const box = raw as Partial<Stamped<T>> | null;
  return box && typeof box === 'object' && box.v === STORE_VERSION && box.value && typeof box.value === 'object' ? box.value : null;
}

// Kept in the one offline database, read through its in-memory mirror (offline/kept-play.ts).
const PREFIXES = ['player.progress.', 'player.game.', 'player.event.', 'player.verdicts.'];

export function readActiveGame(): ActiveGame | null {
  const value = keptGet(STORE_KEYS.active) as Partial<ActiveGame> | null;
  if (!value || typeof value.game_id !== 'string') return null;
  return { game_id: value.game_id, game_secret: typeof value.game_secret === 'string' && value.game_secret ? value.game_secret : null };
}

/** Removes what is kept for any game but `keepGameId`. */
function forgetOtherGames(keepGameId: string): void {
  for (const key of keptKeys()) {
    const prefix = PREFIXES.find((p) => key.startsWith(p));
    if (prefix && key.slice(prefix.length) !== keepGameId) keptPut(key, null);
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
  keptPut(STORE_KEYS.active, fresh);
  keptPut(STORE_KEYS.grant, null);
  forgetOtherGames(gameId);
  keptPut(STORE_KEYS.progress(gameId), null);
  return fresh;
}

/**
 * The play grant the server gave with the play (set-start-time): sent back with the play's calls, it
 * keeps the play going when this address is blocked for wrong codes (someone else on the same school
 * network guessing). Kept for the active play only.
 */
type KeptGrant = { game_id: string; game_secret: string; grant: string };

/** The kept grant of this game's play with this code, or undefined. */
export function readGrant(gameId: string, secret: string | null): string | undefined {
  if (!secret) return undefined;
  const kept = keptGet(STORE_KEYS.grant) as Partial<KeptGrant> | null;
  return kept && kept.game_id === gameId && kept.game_secret === secret && typeof kept.grant === 'string' && kept.grant ? kept.grant : undefined;
}

/**
 * A valid code: the play of this code replaces whatever was kept for the game. `grant` is the play's
 * grant from set-start-time; without one, a grant kept for this very play stays.
 */
export function storeCode(progress: Progress, grant?: string): ActiveGame {
  const active: ActiveGame = { game_id: progress.game_id, game_secret: progress.game_secret };
  const keep = grant ?? readGrant(progress.game_id, progress.game_secret);
  keptPut(STORE_KEYS.grant, keep ? ({ game_id: progress.game_id, game_secret: progress.game_secret, grant: keep } satisfies KeptGrant) : null);
  keptPut(STORE_KEYS.active, active);
  forgetOtherGames(progress.game_id);
  keptPut(STORE_KEYS.progress(progress.game_id), { v: STORE_VERSION, value: progress } satisfies Stamped<Progress>);
  return active;
}

/** The kept progress of the active play of this game, if any. */
export function readProgress(gameId: string): Progress | null {
  const active = readActiveGame();
  if (active?.game_id !== gameId || !active.game_secret) return null;
  const progress = stamped<Progress>(keptGet(STORE_KEYS.progress(gameId)));
  return isProgressOf(progress, gameId, active.game_secret) ? progress : null;
}

/** Keeps a progress of the active play; one of another play (a stale reply) is ignored. */
export function writeProgress(progress: Progress): void {
  const active = readActiveGame();
  if (active?.game_id !== progress.game_id || active.game_secret !== progress.game_secret) return;
  keptPut(STORE_KEYS.progress(progress.game_id), { v: STORE_VERSION, value: progress } satisfies Stamped<Progress>);
}

type CachedGame = { secret: string | null; game: GameReply };

/** The last game reply fetched with this code (or without one). */
export function readCachedGame(gameId: string, secret: string | null): GameReply | null {
  const value = stamped<CachedGame>(keptGet(STORE_KEYS.game(gameId)));
  if (!value || (value.secret ?? null) !== secret) return null;
  return value.game?._id === gameId && value.game.metadata ? value.game : null;
}

export function writeCachedGame(game: GameReply, secret: string | null): void {
  const active = readActiveGame();
  if (active && active.game_id !== game._id) return;
  keptPut(STORE_KEYS.game(game._id), { v: STORE_VERSION, value: { secret, game } } satisfies Stamped<CachedGame>);
}
