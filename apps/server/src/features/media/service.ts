import { createHash } from 'node:crypto';
import path from 'node:path';
import type { Readable } from 'node:stream';
import sharp, { type OutputInfo } from 'sharp';
import { IMAGE_WIDTHS, MAX_IMAGE_WIDTH, isContentHashedKey, type ImageWidth } from '@streethunt/shared';
import { AppError, notFound } from '../../platform/errors.ts';
import type { ByteRange, Storage } from '../../platform/storage/storage.ts';
import { imageContentType, streamedContentType } from '../../platform/storage/media-types.ts';

export type MediaDeps = { storage: Storage };

/** Raster formats sharp may read for us; SVG (scripts, external references) is never taken as an upload. */
const RASTER_FORMATS = new Set(['jpeg', 'png', 'webp', 'avif', 'gif', 'heif', 'tiff']);

/** Decoding stops above this many pixels (about 50 megapixels), so a small file cannot unpack into gigabytes. */
const MAX_INPUT_PIXELS = 50_000_000;
/** A variant is never taller than this many times its width (a 1x10,000 strip stays small). */
const MAX_ASPECT = 4;
const WEBP = { quality: 78, effort: 4 } as const;

/** Where a variant is kept: by the original's bytes, so a file stored again under the same key never shows an old variant. */
const variantKey = (originalHash: string, width: ImageWidth) => `variants/${originalHash}-w${width}.webp`;

const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

export type MediaFile = {
  body: Buffer;
  contentType: string;
  /** A strong validator of exactly these bytes. */
  etag: string;
  /** The key names its content (a content hash), so the reply may be cached for good. */
  immutable: boolean;
};

/**
 * A stored image, or (with `width`) its variant at most `width` pixels wide as WebP: aspect kept,
 * never enlarged, turned upright, metadata (EXIF location) dropped. A variant is rendered once and
 * kept in storage beside the originals.
 */
export async function readMediaFile(deps: MediaDeps, input: { key: string; width?: ImageWidth }): Promise<MediaFile> {
  const contentType = imageContentType(input.key);
  if (!contentType) throw notFound('No image under this key');
  const original = await deps.storage.get(input.key);
  if (!original) throw notFound('No image under this key');
  const hash = sha256(original).slice(0, 32);
  const immutable = isContentHashedKey(input.key);
  if (!input.width) return { body: original, contentType, etag: `"${hash}"`, immutable };

  const key = variantKey(hash, input.width);
  const body = (await deps.storage.get(key)) ?? (await renderOnce(deps.storage, key, () => renderVariant(original, input.width!)));
  return { body, contentType: 'image/webp', etag: `"${hash}-w${input.width}"`, immutable };
}

/**
 * Where the bytes GET /media/{key}[?w] sends are stored: the image's own key, or its variant's
 * (rendered and kept first when it is not yet). For a storage with a public address, which then
 * serves them without the app.
 */
export async function storedImageKey(deps: MediaDeps, input: { key: string; width?: ImageWidth }): Promise<{ key: string; immutable: boolean }> {
  const immutable = isContentHashedKey(input.key);
  if (!imageContentType(input.key)) throw notFound('No image under this key');
  if (!input.width) {
    if (!(await deps.storage.exists(input.key))) throw notFound('No image under this key');
    return { key: input.key, immutable };
  }
  const original = await deps.storage.get(input.key);
  if (!original) throw notFound('No image under this key');
  const key = variantKey(sha256(original).slice(0, 32), input.width);
  if (!(await deps.storage.exists(key))) await renderOnce(deps.storage, key, () => renderVariant(original, input.width!));
  return { key, immutable };
}

/**
 * Removes an image's variants (rendered on demand, kept by the original's bytes). Another upload of
 * the very same bytes shares them, and has them rendered again when next asked.
 */
export async function removeImageVariants(storage: Storage, key: string): Promise<void> {
  const original = await storage.get(key);
  if (!original) return;
  const hash = sha256(original).slice(0, 32);
  await Promise.all(IMAGE_WIDTHS.map((width) => storage.remove(variantKey(hash, width))));
}

/** Variants being rendered right now, per storage: a burst of requests for a new variant renders it once. */
const rendering = new WeakMap<Storage, Map<string, Promise<Buffer>>>();

async function renderOnce(storage: Storage, key: string, render: () => Promise<Buffer>): Promise<Buffer> {
  let pending = rendering.get(storage);
  if (!pending) rendering.set(storage, (pending = new Map()));
  const running = pending.get(key);
  if (running) return running;
  const job = (async () => {
    const body = await render();
    await storage.put(key, body);
    return body;
  })().finally(() => pending.delete(key));
  pending.set(key, job);
  return job;
}

async function renderVariant(original: Buffer, width: ImageWidth): Promise<Buffer> {
  try {
    return await sharp(original, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize({ width, height: width * MAX_ASPECT, fit: 'inside', withoutEnlargement: true })
      .webp(WEBP)
      .toBuffer();
  } catch {
    // The stored bytes are no image sharp can read: as far as images go, there is nothing here.
    throw notFound('The file under this key is not an image that can be shown');
  }
}

export type StoredImage = { key: string; bytes: number; width: number; height: number };

/**
 * Stores an image as a new original: a raster image sharp can read, turned upright, at most
 * MAX_IMAGE_WIDTH wide, re-encoded as WebP without metadata (EXIF, its GPS position), under
 * `{folder}/{first 16 hex digits of its SHA-256}.webp`. Uploads and the demo seed use it.
 */
async function storeImage(deps: MediaDeps, input: { folder: string; data: Uint8Array }): Promise<StoredImage> {
  const image = await encodeImage(input);
  if (!(await deps.storage.exists(image.key))) await deps.storage.put(image.key, image.data);
  return { key: image.key, bytes: image.bytes, width: image.width, height: image.height };
}

/** What storeImage would store, and under which key, without storing it yet (an upload first checks its quota). */
export async function encodeImage(input: { folder: string; data: Uint8Array }): Promise<StoredImage & { data: Buffer }> {
  let webp: { data: Buffer; info: OutputInfo };
  try {
    const image = sharp(input.data, { limitInputPixels: MAX_INPUT_PIXELS });
    const { format } = await image.metadata();
    if (!RASTER_FORMATS.has(format)) throw new Error(`not a raster image: ${format}`);
    webp = await image
      .rotate()
      .resize({ width: MAX_IMAGE_WIDTH, height: MAX_IMAGE_WIDTH * MAX_ASPECT, fit: 'inside', withoutEnlargement: true })
      .webp(WEBP)
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new AppError(415, 'validation', 'This file is not an image we can use (JPEG, PNG, WebP, AVIF, GIF or HEIF)');
  }
  const key = `${input.folder}/${sha256(webp.data).slice(0, 16)}.webp`;
  return { key, data: webp.data, bytes: webp.data.byteLength, width: webp.info.width, height: webp.info.height };
}

/** storeImage, for callers that need only the key. */
export async function saveImage(deps: MediaDeps, input: { folder: string; data: Uint8Array }): Promise<string> {
  return (await storeImage(deps, input)).key;
}

export type VideoFile = {
  bytes: number;
  contentType: string;
  /** A strong validator: the content hash a video's key is named by, else its size and time of change. */
  etag: string;
  immutable: boolean;
};

/** Whether GET /media/{key} treats the key as a video or a recording (sent as stored, in ranges). */
export const isStreamedKey = (key: string) => streamedContentType(key) !== undefined;

/** What is known of a stored video without reading it. */
export async function findVideoFile(deps: MediaDeps, key: string): Promise<VideoFile> {
  const contentType = streamedContentType(key);
  const info = contentType ? await deps.storage.stat(key) : null;
  if (!contentType || !info) throw notFound('No video under this key');
  const immutable = isContentHashedKey(key);
  const etag = immutable ? `"${path.posix.basename(key, path.posix.extname(key))}"` : `"${info.bytes.toString(16)}-${info.modifiedAt.getTime().toString(16)}"`;
  return { bytes: info.bytes, contentType, etag, immutable };
}

/** A stored video's bytes (only `range` when given), streamed from storage. */
export async function readVideoFile(deps: MediaDeps, key: string, range?: ByteRange): Promise<Readable> {
  const stream = await deps.storage.read(key, range);
  if (!stream) throw notFound('No video under this key');
  return stream;
}
