import { eq } from 'drizzle-orm';
import type { Db } from './client.ts';
import { readGameContent, readGameMetadata, readTranslations } from './read-game-content.ts';
import { games } from './schema.ts';
import { cacheBus } from '../platform/shared-state/cache-bus.ts';
import { perOwner, TtlMap } from '../platform/ttl-map.ts';

/*
 * The games table as every feature reads it: a row by id (fresh, or as players see it, cached a few
 * seconds on each process), its content read leniently, and word to every process that a row changed.
 */

export type GameRow = typeof games.$inferSelect;

/** A row's content columns as they are stored, to copy a game's content to another row (a next version, its publishing). */
export const contentColumns = ({ metadata, introPage, questions, gameoverPage, translations }: GameRow) => ({ metadata, introPage, questions, gameoverPage, translations });

/** Re-exported: every feature reads a stored game's content from here. */
export { readGameContent, readGameMetadata, readTranslations };

export async function findGame(db: Db, gameId: string): Promise<GameRow | null> {
  const [row] = await db.select().from(games).where(eq(games.id, gameId));
  return row ?? null;
}

/** How long a player may see a game as it was: approved games are not edited (the editor hides Save). */
const PLAYER_GAME_CACHE_MS = 5_000;

/*
 * The caches below are bounded by bytes as well as by count: a game's content may be a megabyte, so
 * a count alone bounds nothing. UTF-16 strings take up to two bytes a character, and the parsed objects
 * beside them about as much again.
 */
const PLAYER_GAMES_BYTES = 64 * 1024 * 1024;

/** A stored row's size in memory, estimated from its content's JSON (read once, when cached). */
const rowBytes = (row: GameRow | null) =>
  row === null ? 64 : 4 * (JSON.stringify(row.metadata).length + JSON.stringify(row.introPage).length + JSON.stringify(row.questions).length + JSON.stringify(row.gameoverPage).length);

const playerGames = perOwner((db: Db) => {
  const cache = new TtlMap<string, GameRow | null>(PLAYER_GAME_CACHE_MS, 2_000, Date.now, { max: PLAYER_GAMES_BYTES, of: rowBytes });
  cacheBus(db).onForget('game', (gameId) => (gameId === null ? cache.clear() : cache.delete(gameId)));
  return cache;
});

/**
 * A game as players see it, read at most every PLAYER_GAME_CACHE_MS per process: the row with its
 * JSONB content is the costliest read of a player's request. The owner and admins read it fresh.
 */
export async function findGameForPlayers(db: Db, gameId: string): Promise<GameRow | null> {
  const cache = playerGames(db);
  if (cache.has(gameId)) return cache.get(gameId) ?? null;
  const row = await findGame(db, gameId);
  cache.set(gameId, row);
  return row;
}

/** Call after changing a game so players see the change at once, on every process (the cache bus). */
export function forgetGame(db: Db, gameId: string): void {
  cacheBus(db).forget('game', gameId);
}
