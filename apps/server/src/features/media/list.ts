import { and, desc, eq, sql } from 'drizzle-orm';
import { mediaUrl, type MediaResource, type MediaType } from '@streethunt/shared';
import type { Db } from '../../db/client.ts';
import { games, media } from '../../db/schema.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import { removeImageVariants } from './service.ts';

/** The picker shows this many at most; a creator with more sees the newest. */
const MAX_LISTED_MEDIA = 500;

type MediaRow = Pick<typeof media.$inferSelect, 'id' | 'resourceType' | 'storageKey' | 'bytes' | 'width' | 'height' | 'durationMs'>;

/** A stored upload as the spec's Media resource (and its size, frame and length); its URL is root-relative, so it works under any host name. */
export const toMediaResource = (row: MediaRow): MediaResource => ({
  public_id: row.id,
  resource_type: row.resourceType,
  secure_url: mediaUrl(row.storageKey),
  bytes: row.bytes,
  width: row.width,
  height: row.height,
  durationMs: row.durationMs,
});

/** The user's own images, videos or recordings, newest upload first. */
export async function listMedia(deps: { db: Db }, input: { userId: string; type: MediaType }): Promise<MediaResource[]> {
  const rows = await deps.db
    .select({ id: media.id, resourceType: media.resourceType, storageKey: media.storageKey, bytes: media.bytes, width: media.width, height: media.height, durationMs: media.durationMs })
    .from(media)
    .where(and(eq(media.userId, input.userId), eq(media.resourceType, input.type)))
    .orderBy(desc(media.createdAt), desc(media.id))
    .limit(MAX_LISTED_MEDIA);
  return rows.map(toMediaResource);
}

/**
 * DELETE /api/media/{mediaId}: the caller's own upload, when no game (theirs or anyone's: a copied
 * link counts) names its file anywhere in its content; 409 when one does. The row goes, then the
 * file, so the quota is freed at once.
 */
export async function deleteMedia(deps: { db: Db; storage: Storage }, input: { userId: string; mediaId: string }): Promise<void> {
  const [row] = await deps.db
    .select({ id: media.id, storageKey: media.storageKey, resourceType: media.resourceType })
    .from(media)
    .where(and(eq(media.id, input.mediaId), eq(media.userId, input.userId)));
  if (!row) throw notFound('No such file in your library');
  const content = sql`(${games.metadata}::text || ${games.introPage}::text || ${games.questions}::text || ${games.gameoverPage}::text)`;
  const [used] = await deps.db
    .select({ id: games.id })
    .from(games)
    .where(sql`strpos(${content}, ${row.storageKey}) > 0`)
    .limit(1);
  if (used) throw conflict('A game uses this file: take it out of the game first');
  await deps.db.delete(media).where(eq(media.id, row.id));
  if (row.resourceType === 'image') await removeImageVariants(deps.storage, row.storageKey);
  await deps.storage.remove(row.storageKey);
}
