import { and, desc, eq } from 'drizzle-orm';
import { mediaUrl, type MediaResource, type MediaType } from '@streethunt/shared';
import type { Db } from '../../db/client.ts';
import { media } from '../../db/schema.ts';

/** The picker shows this many at most; a creator with more sees the newest. */
export const MAX_LISTED_MEDIA = 500;

type MediaRow = Pick<typeof media.$inferSelect, 'id' | 'resourceType' | 'storageKey'>;

/** A stored upload as the spec's Media resource; its URL is root-relative, so it works under any host name. */
export const toMediaResource = (row: MediaRow): MediaResource => ({
  public_id: row.id,
  resource_type: row.resourceType,
  secure_url: mediaUrl(row.storageKey),
});

/** The user's own images or videos, newest upload first. */
export async function listMedia(deps: { db: Db }, input: { userId: string; type: MediaType }): Promise<MediaResource[]> {
  const rows = await deps.db
    .select({ id: media.id, resourceType: media.resourceType, storageKey: media.storageKey })
    .from(media)
    .where(and(eq(media.userId, input.userId), eq(media.resourceType, input.type)))
    .orderBy(desc(media.createdAt), desc(media.id))
    .limit(MAX_LISTED_MEDIA);
  return rows.map(toMediaResource);
}
