import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { MAX_IMAGE_WIDTH, isContentHashedKey, type ImageWidth } from '@streethunt/shared';
import { AppError, notFound } from '../../platform/errors.ts';
import type { Storage } from '../../platform/storage/storage.ts';

export type MediaDeps = { storage: Storage };

/** Files the media route serves, by extension: images only, for now. */
const IMAGE_TYPES: Record<string, string> = {
  webp: 'image/webp',
  avif: 'image/avif',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
};
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
  const contentType = IMAGE_TYPES[input.key.slice(input.key.lastIndexOf('.') + 1)];
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

/**
 * Stores an image as a new original: a raster image sharp can read, turned upright, at most
 * MAX_IMAGE_WIDTH wide, re-encoded as WebP without metadata, under `{folder}/{first 16 hex digits
 * of its SHA-256}.webp`. Returns the key. The demo seed uses it now; uploads will.
 */
export async function saveImage(deps: MediaDeps, input: { folder: string; data: Uint8Array }): Promise<string> {
  let webp: Buffer;
  try {
    const image = sharp(input.data, { limitInputPixels: MAX_INPUT_PIXELS });
    const { format } = await image.metadata();
    if (!RASTER_FORMATS.has(format)) throw new Error(`not a raster image: ${format}`);
    webp = await image
      .rotate()
      .resize({ width: MAX_IMAGE_WIDTH, height: MAX_IMAGE_WIDTH * MAX_ASPECT, fit: 'inside', withoutEnlargement: true })
      .webp(WEBP)
      .toBuffer();
  } catch {
    throw new AppError(415, 'validation', 'This file is not an image we can use (JPEG, PNG, WebP, AVIF, GIF or HEIF)');
  }
  const key = `${input.folder}/${sha256(webp).slice(0, 16)}.webp`;
  if (!(await deps.storage.exists(key))) await deps.storage.put(key, webp);
  return key;
}
