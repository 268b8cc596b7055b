import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { playPhotos, plays } from '../../db/schema.ts';
import type { Storage } from '../../platform/storage/storage.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * The stored files of the photos of a game's plays. A play's photo rows go with it (a cascade in the
 * database) but the files do not: whoever deletes plays reads these first and removes them once the
 * deletion has committed (removePhotoFiles).
 */
export async function photoKeysOfGame(db: Db | Tx, gameId: string): Promise<string[]> {
  const rows = await db.select({ key: playPhotos.mediaKey }).from(playPhotos).innerJoin(plays, eq(plays.id, playPhotos.playId)).where(eq(plays.gameId, gameId));
  return rows.map((row) => row.key);
}

/** Removes the files of photos no row holds any more (deleted, or replaced): one that cannot be removed is logged (a stray file), never fails the caller. */
export async function removePhotoFiles(storage: Storage, log: Pick<FastifyBaseLogger, 'error'>, keys: readonly string[]): Promise<void> {
  const results = await Promise.allSettled(keys.map((key) => storage.remove(key)));
  results.forEach((result, i) => {
    if (result.status === 'rejected') log.error({ err: result.reason, key: keys[i] }, 'a photo file no longer used could not be removed');
  });
}
