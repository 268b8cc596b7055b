import type { Db } from '../../db/client.ts';
import { plays } from '../../db/schema.ts';
import { cacheBus } from '../../platform/shared-state/cache-bus.ts';
import { perOwner, TtlMap } from '../../platform/ttl-map.ts';
import { playWhere, type PlayContext, type PlayRow } from './play-context.ts';

/**
 * Plays as this process last read or wrote them. Every write goes through the database under a row
 * lock and then lands here, and tells the other processes to drop their copy (the cache bus), so reads
 * are never older than the last write of any process (while Redis is away: at most PLAY_CACHE_MS).
 * Reads of the play are the bulk of a playing phone's calls.
 */
export const PLAY_CACHE_MS = 1_000;
const playCaches = perOwner((db: Db) => {
  const cache = new TtlMap<string, PlayRow | null>(PLAY_CACHE_MS, 20_000);
  cacheBus(db).onForget('play', (key) => (key === null ? cache.clear() : cache.delete(key)));
  return cache;
});
const playKey = (ctx: PlayContext) => `${ctx.game.id}\n${ctx.code.id}`;

export function rememberPlay(db: Db, ctx: PlayContext, play: PlayRow): void {
  const cache = playCaches(db);
  const key = playKey(ctx);
  const cached = cache.get(key);
  // Updates of one play are serialized by its row lock and stamped in order; never keep an older one.
  if (cached && cached.lastUpdate > play.lastUpdate) return;
  cacheBus(db).forget('play', key);
  cache.set(key, play);
}

export async function findPlay(db: Db, ctx: PlayContext): Promise<PlayRow | null> {
  const cache = playCaches(db);
  const key = playKey(ctx);
  if (cache.has(key)) return cache.get(key) ?? null;
  const [play] = await db.select().from(plays).where(playWhere(ctx));
  cache.set(key, play ?? null);
  return play ?? null;
}

/** The play as this process holds it: a row, null (known not started), or undefined (not held). */
export function cachedPlay(db: Db, ctx: PlayContext): PlayRow | null | undefined {
  return playCaches(db).get(playKey(ctx));
}

export const holdsPlay = (db: Db, ctx: PlayContext): boolean => playCaches(db).has(playKey(ctx));
