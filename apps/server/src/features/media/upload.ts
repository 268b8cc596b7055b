import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { MAX_IMAGE_UPLOAD_BYTES, MAX_VIDEO_UPLOAD_BYTES, type MediaResource } from '@streethunt/shared';
import type { Db } from '../../db/client.ts';
import { media } from '../../db/schema.ts';
import { AppError, badRequest } from '../../platform/errors.ts';
import type { StagedFile, Storage } from '../../platform/storage/storage.ts';
import { toMediaResource } from './list.ts';
import type { VideoExtension } from './media-types.ts';
import { storeImage } from './service.ts';
import { SNIFF_BYTES, sniffMedia } from './sniff.ts';

export type UploadDeps = { db: Db; storage: Storage };

/** One part of a multipart upload, as the route hands it over: a file's bytes, or a plain field. */
export type UploadPart = { kind: 'file'; data: AsyncIterable<Uint8Array> } | { kind: 'field'; name: string };

const MB = 1024 * 1024;

export const notMedia = () => new AppError(415, 'validation', 'Only images and videos can be uploaded (JPEG, PNG, WebP, AVIF, GIF; MP4, WebM, QuickTime)');

export function tooLarge(kind: 'image' | 'video' | 'upload'): AppError {
  const what =
    kind === 'image' ? `An image may be at most ${MAX_IMAGE_UPLOAD_BYTES / MB} MB` : `${kind === 'video' ? 'A video' : 'An upload'} may be at most ${MAX_VIDEO_UPLOAD_BYTES / MB} MB`;
  return new AppError(413, 'payload_too_large', what);
}

type ReceivedFile =
  | { resourceType: 'image'; data: Buffer }
  | { resourceType: 'video'; mime: string; extension: VideoExtension; sha256: string; staged: StagedFile };

/**
 * POST /api/media/upload/: takes exactly one file and nothing else, an image or a video by its
 * content. An image is re-encoded (storeImage: upright, no EXIF, WebP, at most MAX_IMAGE_WIDTH
 * wide); a video is kept as it came, streamed to storage. Both land in the user's own folder under
 * their content hash. The file is held aside (memory for an image, staging for a video) until the
 * whole form has arrived, so a refused upload (a second file, a field, too large) stores nothing.
 */
export async function uploadMedia(deps: UploadDeps, input: { userId: string; parts: AsyncIterable<UploadPart> }): Promise<MediaResource> {
  let file: ReceivedFile | null = null;
  try {
    for await (const part of input.parts) {
      if (part.kind === 'field') throw badRequest('Send one file and no other field');
      if (file) throw badRequest('Send one file at a time');
      file = await receiveFile(deps.storage, part.data);
    }
    if (!file) throw badRequest('No file: send one image or video');
    return await keepFile(deps, input.userId, file);
  } finally {
    // Committed files stay; a staged file that was not committed goes.
    if (file?.resourceType === 'video') await file.staged.discard();
  }
}

/** Sniffs the first bytes, then reads on only as far as the type's cap allows. */
async function receiveFile(storage: Storage, data: AsyncIterable<Uint8Array>): Promise<ReceivedFile> {
  const chunks = data[Symbol.asyncIterator]();
  try {
    const head = await readHead(chunks, SNIFF_BYTES);
    const type = await sniffMedia(head);
    if (!type) throw notMedia();
    const cap = type.resourceType === 'image' ? MAX_IMAGE_UPLOAD_BYTES : MAX_VIDEO_UPLOAD_BYTES;
    const capped = upTo(cap, head, chunks, () => tooLarge(type.resourceType));
    if (type.resourceType === 'image') {
      const parts: Uint8Array[] = [];
      for await (const chunk of capped) parts.push(chunk);
      return { resourceType: 'image', data: Buffer.concat(parts) };
    }
    const hash = createHash('sha256');
    const staged = await storage.stage(hashing(capped, hash));
    return { resourceType: 'video', mime: type.mime, extension: type.extension, sha256: hash.digest('hex'), staged };
  } finally {
    // Stops the file stream when it was not read to its end (refused early), so the rest of the body is never read.
    await chunks.return?.();
  }
}

async function readHead(chunks: AsyncIterator<Uint8Array>, size: number): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  let length = 0;
  while (length < size) {
    const next = await chunks.next();
    if (next.done) break;
    parts.push(next.value);
    length += next.value.byteLength;
  }
  return Buffer.concat(parts);
}

/** The head, then the rest of the chunks, throwing as soon as more than `cap` bytes have come. */
async function* upTo(cap: number, head: Buffer, rest: AsyncIterator<Uint8Array>, over: () => Error): AsyncGenerator<Uint8Array> {
  let total = head.byteLength;
  if (total > cap) throw over();
  yield head;
  for (;;) {
    const next = await rest.next();
    if (next.done) return;
    total += next.value.byteLength;
    if (total > cap) throw over();
    yield next.value;
  }
}

async function* hashing(chunks: AsyncIterable<Uint8Array>, hash: ReturnType<typeof createHash>): AsyncGenerator<Uint8Array> {
  for await (const chunk of chunks) {
    hash.update(chunk);
    yield chunk;
  }
}

/** Stores the received file under the user's folder and records it; the same file uploaded again is one entry, moved to the top. */
async function keepFile(deps: UploadDeps, userId: string, file: ReceivedFile): Promise<MediaResource> {
  const folder = `uploads/${userId}`;
  let stored: { key: string; mime: string; bytes: number; width: number | null; height: number | null };
  if (file.resourceType === 'image') {
    stored = { ...(await storeImage(deps, { folder, data: file.data })), mime: 'image/webp' };
  } else {
    const key = `${folder}/${file.sha256.slice(0, 16)}.${file.extension}`;
    await file.staged.commit(key);
    stored = { key, mime: file.mime, bytes: file.staged.bytes, width: null, height: null };
  }
  const [existing] = await deps.db
    .select({ id: media.id, resourceType: media.resourceType, storageKey: media.storageKey })
    .from(media)
    .where(and(eq(media.userId, userId), eq(media.storageKey, stored.key)));
  if (existing) {
    await deps.db.update(media).set({ createdAt: new Date() }).where(eq(media.id, existing.id));
    return toMediaResource(existing);
  }
  const [row] = await deps.db
    .insert(media)
    .values({ userId, resourceType: file.resourceType, storageKey: stored.key, mime: stored.mime, bytes: stored.bytes, width: stored.width, height: stored.height })
    .returning({ id: media.id, resourceType: media.resourceType, storageKey: media.storageKey });
  return toMediaResource(row!);
}
