import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { MAX_AUDIO_DURATION_MS, MAX_AUDIO_UPLOAD_BYTES, MAX_IMAGE_UPLOAD_BYTES, MAX_VIDEO_UPLOAD_BYTES, type MediaResource } from '@streethunt/shared';
import type { Db } from '../../db/client.ts';
import { gameCodes, games, media, playPhotos } from '../../db/schema.ts';
import { AppError, badRequest } from '../../platform/errors.ts';
import type { StagedFile, Storage } from '../../platform/storage/storage.ts';
import { toMediaResource } from './list.ts';
import type { AudioExtension, VideoExtension } from '../../platform/storage/media-types.ts';
import { encodeImage } from './service.ts';
import { SNIFF_BYTES, sniffMedia } from './sniff.ts';
import { mediaProbe, type MediaProbe, type ProbedMedia } from './video-probe.ts';

export type UploadDeps = { db: Db; storage: Storage; /** What one user's uploads may take in storage (MEDIA_QUOTA_BYTES). */ quotaBytes: number };

/** One part of a multipart upload, as the route hands it over: a file's bytes, or a plain field. */
export type UploadPart = { kind: 'file'; data: AsyncIterable<Uint8Array> } | { kind: 'field'; name: string };

const MB = 1024 * 1024;

const notMedia = () => new AppError(415, 'validation', 'Only images, videos and recordings can be uploaded (JPEG, PNG, WebP, AVIF, GIF; MP4, WebM, QuickTime; MP3, M4A, Ogg)');

export function tooLarge(kind: 'image' | 'video' | 'audio' | 'upload'): AppError {
  const what =
    kind === 'image'
      ? `An image may be at most ${MAX_IMAGE_UPLOAD_BYTES / MB} MB`
      : kind === 'audio'
        ? `A recording may be at most ${MAX_AUDIO_UPLOAD_BYTES / MB} MB`
        : `${kind === 'video' ? 'A video' : 'An upload'} may be at most ${MAX_VIDEO_UPLOAD_BYTES / MB} MB`;
  return new AppError(413, 'payload_too_large', what);
}

function quotaFull(quotaBytes: number): AppError {
  return new AppError(413, 'quota', `Your uploads may take at most ${formatMegabytes(quotaBytes)} in all: delete files no game uses to make room`);
}

const badVideo = () => new AppError(400, 'bad_video', 'This file is not a video we can read (it needs a video track, in MP4, WebM or QuickTime)');
const badAudio = () => new AppError(400, 'bad_audio', 'This file is not a recording we can read (MP3, M4A with an audio track and no video, or Ogg Vorbis or Opus)');
const tooLong = () => new AppError(400, 'too_long', `A recording may be at most ${MAX_AUDIO_DURATION_MS / 60_000} minutes long`);

const formatMegabytes = (bytes: number) => (bytes >= 1024 * MB ? `${+(bytes / (1024 * MB)).toFixed(1)} GB` : `${+(bytes / MB).toFixed(1)} MB`);

type ReceivedFile =
  | { resourceType: 'image'; data: Buffer }
  | { resourceType: 'video' | 'audio'; mime: string; extension: VideoExtension | AudioExtension; sha256: string; staged: StagedFile; probed: ProbedMedia | null };

/** The bytes a user's uploads take now, with the photos teams sent playing the user's games (they are stored for the user too). */
export async function usedBytes(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ used: sql<string>`coalesce(sum(${media.bytes}), 0)` }).from(media).where(eq(media.userId, userId));
  const [photos] = await db
    .select({ used: sql<string>`coalesce(sum(${playPhotos.bytes}), 0)` })
    .from(playPhotos)
    .innerJoin(gameCodes, eq(gameCodes.id, playPhotos.codeId))
    .innerJoin(games, eq(games.id, gameCodes.gameId))
    .where(eq(games.userId, userId));
  return Number(row?.used ?? 0) + Number(photos?.used ?? 0);
}

/**
 * POST /api/media/upload/: takes exactly one file and nothing else, an image, a video or a recording
 * by its content. An image is re-encoded (storeImage: upright, no EXIF, WebP, at most MAX_IMAGE_WIDTH
 * wide); a video or a recording is kept as it came, streamed to storage. All land in the user's own
 * folder under their content hash. The file is held aside (memory for an image, staging else) until the
 * whole form has arrived, so a refused upload (a second file, a field, too large) stores nothing.
 */
export async function uploadMedia(deps: UploadDeps, input: { userId: string; parts: AsyncIterable<UploadPart> }): Promise<MediaResource> {
  let file: ReceivedFile | null = null;
  // A full library is refused before a byte of the file is read; keepFile checks again under a lock.
  if ((await usedBytes(deps.db, input.userId)) >= deps.quotaBytes) throw quotaFull(deps.quotaBytes);
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
    if (file && file.resourceType !== 'image') await file.staged.discard();
  }
}

/**
 * Sniffs the first bytes, then reads on only as far as the type's cap allows (the quota is checked
 * once the file is known: the same file again takes no more room). A video or a recording is read by
 * its parser as it streams past (video-probe.ts, audio-probe.ts).
 */
async function receiveFile(storage: Storage, data: AsyncIterable<Uint8Array>): Promise<ReceivedFile> {
  const chunks = data[Symbol.asyncIterator]();
  try {
    const head = await readHead(chunks, SNIFF_BYTES);
    const type = await sniffMedia(head);
    if (!type) throw notMedia();
    const cap = type.resourceType === 'image' ? MAX_IMAGE_UPLOAD_BYTES : type.resourceType === 'audio' ? MAX_AUDIO_UPLOAD_BYTES : MAX_VIDEO_UPLOAD_BYTES;
    const capped = upTo(cap, head, chunks, () => tooLarge(type.resourceType));
    if (type.resourceType === 'image') {
      const parts: Uint8Array[] = [];
      for await (const chunk of capped) parts.push(chunk);
      return { resourceType: 'image', data: Buffer.concat(parts) };
    }
    const hash = createHash('sha256');
    const probe = mediaProbe(type.extension);
    const staged = await storage.stage(probing(hashing(capped, hash), probe));
    return { resourceType: type.resourceType, mime: type.mime, extension: type.extension, sha256: hash.digest('hex'), staged, probed: probe.finish() };
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

async function* probing(chunks: AsyncIterable<Uint8Array>, probe: MediaProbe): AsyncGenerator<Uint8Array> {
  for await (const chunk of chunks) {
    probe.push(chunk);
    yield chunk;
  }
}

async function* hashing(chunks: AsyncIterable<Uint8Array>, hash: ReturnType<typeof createHash>): AsyncGenerator<Uint8Array> {
  for await (const chunk of chunks) {
    hash.update(chunk);
    yield chunk;
  }
}

/**
 * Records the received file and stores it under the user's folder, within their quota: under a lock
 * of the user's own (two uploads at once cannot both take the last room), the row and the file go in
 * together or not at all. The same file uploaded again is one entry, moved to the top, and takes no
 * more room.
 */
async function keepFile(deps: UploadDeps, userId: string, file: ReceivedFile): Promise<MediaResource> {
  const folder = `uploads/${userId}`;
  let stored: { key: string; mime: string; bytes: number; width: number | null; height: number | null; durationMs: number | null };
  let store: () => Promise<void>;
  let resourceType: MediaResource['resource_type'];
  if (file.resourceType === 'image') {
    resourceType = 'image';
    const image = await encodeImage({ folder, data: file.data });
    stored = { key: image.key, mime: 'image/webp', bytes: image.bytes, width: image.width, height: image.height, durationMs: null };
    store = async () => {
      if (!(await deps.storage.exists(image.key))) await deps.storage.put(image.key, image.data);
    };
  } else {
    const kept = streamedFile(file);
    resourceType = kept.resourceType;
    const key = `${folder}/${file.sha256.slice(0, 16)}.${kept.extension}`;
    stored = { key, mime: kept.mime, bytes: file.staged.bytes, width: kept.width, height: kept.height, durationMs: kept.durationMs };
    store = () => file.staged.commit(key);
  }
  const columns = { id: media.id, resourceType: media.resourceType, storageKey: media.storageKey, bytes: media.bytes, width: media.width, height: media.height, durationMs: media.durationMs };
  const row = await deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`media:${userId}`}, 0))`);
    const [existing] = await tx.select(columns).from(media).where(and(eq(media.userId, userId), eq(media.storageKey, stored.key)));
    if (existing) {
      await tx.update(media).set({ createdAt: new Date() }).where(eq(media.id, existing.id));
      return existing;
    }
    if ((await usedBytes(tx, userId)) + stored.bytes > deps.quotaBytes) throw quotaFull(deps.quotaBytes);
    const { key: storageKey, ...rest } = stored;
    const [inserted] = await tx.insert(media).values({ userId, resourceType, storageKey, ...rest }).returning(columns);
    // Inside the transaction: a file that cannot be stored leaves no row.
    await store();
    return inserted!;
  });
  return toMediaResource(row);
}

type KeptStream = {
  resourceType: 'video' | 'audio';
  extension: VideoExtension | AudioExtension;
  mime: string;
  width: number | null;
  height: number | null;
  durationMs: number | null;
};

/**
 * What a streamed upload is kept as, by what its parser read (the sniffed type only says which
 * parser): a video needs a video track; a recording audio alone, a length the parser read, at most
 * MAX_AUDIO_DURATION_MS. An MPEG-4 file sniffed as video (brand mp42, isom) with audio alone is a
 * recording (m4a), and is held to a recording's size cap.
 */
function streamedFile(file: Extract<ReceivedFile, { staged: StagedFile }>): KeptStream {
  const { probed } = file;
  if (probed?.kind === 'video') {
    if (file.resourceType === 'audio') throw badAudio();
    return { resourceType: 'video', extension: file.extension, mime: file.mime, ...probed.video };
  }
  const audioOnly = probed?.kind === 'audio' && (file.resourceType === 'audio' || file.extension === 'mp4');
  if (!audioOnly) throw file.resourceType === 'audio' ? badAudio() : badVideo();
  if (probed.durationMs === null || probed.durationMs <= 0) throw badAudio();
  if (probed.durationMs > MAX_AUDIO_DURATION_MS) throw tooLong();
  if (file.staged.bytes > MAX_AUDIO_UPLOAD_BYTES) throw tooLarge('audio');
  const extension = file.resourceType === 'audio' ? file.extension : 'm4a';
  return { resourceType: 'audio', extension, mime: extension === 'm4a' ? 'audio/mp4' : file.mime, width: null, height: null, durationMs: probed.durationMs };
}
