import { and, eq, sql } from 'drizzle-orm';
import type { GameContent } from '@streethunt/shared';
import type { Db } from '../../db/client.ts';
import { gameVersions, games, plays } from '../../db/schema.ts';
import { perOwner, TtlMap } from '../../platform/ttl-map.ts';
import { readGameContent } from '../../db/read-game-content.ts';
import type { GameRow } from '../../db/game-rows.ts';

/*
 * A play keeps the version of the game it started on (plays.game_version, the game's save counter
 * then) until it ends: nothing saved later changes its questions, hints, answers or score. The games
 * row holds the latest version; a version that plays started on is kept in game_versions, copied
 * there by the save that replaces it (under the game's row lock, which a starting play also takes, so
 * no play can start on a version that is being replaced without the save seeing it). Kept versions
 * never change. See docs/decisions/008-game-content-v2.md.
 */

/** A version's content and the salt its answers were hashed with for the phone. */
export type GameVersion = { version: number; content: GameContent; answerSalt: string };

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Before a save replaces the row's content: when a play started on the row's version, that version is
 * kept (once). Call inside the save's transaction, after locking the row.
 */
export async function keepVersionForPlays(tx: Tx, gameId: string, version: number): Promise<void> {
  const [played] = await tx
    .select({ one: sql<number>`1` })
    .from(plays)
    .where(and(eq(plays.gameId, gameId), eq(plays.gameVersion, version)))
    .limit(1);
  if (!played) return;
  await tx.execute(sql`
    insert into ${gameVersions} (game_id, version, metadata, intro_page, questions, gameover_page, translations, answer_salt)
    select id, version, metadata, intro_page, questions, gameover_page, translations, answer_salt from ${games} where id = ${gameId}
    on conflict do nothing`);
}

/** The version a play starts on: the row's, read under a share lock so that no save replaces it meanwhile (see above). */
export async function versionToStartOn(tx: Tx, gameId: string): Promise<number | null> {
  const [row] = await tx.select({ version: games.version }).from(games).where(eq(games.id, gameId)).for('share');
  return row?.version ?? null;
}

/** Kept versions read so far, per database: they never change, so only their number bounds the cache. */
const keptVersions = perOwner((_db: Db) => new TtlMap<string, GameVersion>(60 * 60_000, 500));

/**
 * The content a play on `version` reads: the row's when it is that version (the common case: no read),
 * else the kept one. A row older than the play (a player's copy read a moment before a save) is read
 * again. A version with no kept copy (a play written by hand) reads the row, as every play did before
 * versions were kept.
 */
export async function contentOfVersion(db: Db, row: GameRow, version: number): Promise<GameVersion> {
  const latest = (of: GameRow) => ({ version: of.version, content: readGameContent(of), answerSalt: of.answerSalt });
  if (version === row.version) return latest(row);
  if (version > row.version) {
    const [fresh] = await db.select().from(games).where(eq(games.id, row.id));
    if (fresh) return contentOfVersion(db, fresh, Math.min(version, fresh.version));
  }
  const cache = keptVersions(db);
  const key = `${row.id}@${version}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const [found] = await db
    .select()
    .from(gameVersions)
    .where(and(eq(gameVersions.gameId, row.id), eq(gameVersions.version, version)));
  if (!found) return latest(row);
  const kept = { version, content: readGameContent(found), answerSalt: found.answerSalt };
  cache.set(key, kept);
  return kept;
}

/**
 * How long "this code has no play yet" is believed: a play may start any moment, and its phone reads
 * the game right after (the version then is the row's, unless a save came in that second).
 */
const NO_PLAY_MS = 1_000;
const playVersions = perOwner((_db: Db) => ({
  // A play's version never changes once it started: kept until pushed out.
  started: new TtlMap<string, number>(60 * 60_000, 50_000),
  none: new TtlMap<string, true>(NO_PLAY_MS, 50_000),
}));

/**
 * The version of the game the code's play is on, or null before it starts. Read for every player's
 * GET of the game, so it is kept: once known it never changes.
 */
export async function playVersionOfCode(db: Db, gameId: string, codeId: string): Promise<number | null> {
  const cache = playVersions(db);
  const key = `${gameId}\n${codeId}`;
  const known = cache.started.get(key);
  if (known !== undefined) return known;
  if (cache.none.has(key)) return null;
  const [play] = await db
    .select({ gameVersion: plays.gameVersion })
    .from(plays)
    .where(and(eq(plays.gameId, gameId), eq(plays.codeId, codeId)));
  if (play) cache.started.set(key, play.gameVersion);
  else cache.none.set(key, true);
  return play?.gameVersion ?? null;
}
