/**
 * Our own media files and their sized variants, one rule for the server that renders them and the
 * web app that asks for them.
 *
 * A stored file has a key such as `covers/3f2a9c0d1e4b5a69.webp` and is served at `/media/{key}`;
 * `/media/{key}?w=480` is the same image re-encoded as WebP at most 480 pixels wide. Only the widths
 * below exist, so nobody can make the server render (and keep) thousands of variants.
 */

/** The widths a variant may have, in CSS pixels of the image, smallest first. */
export const IMAGE_WIDTHS = [320, 480, 640, 960, 1280] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];
/** The widest variant; stored originals are no wider either. */
export const MAX_IMAGE_WIDTH: ImageWidth = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1];

/** Where the server serves stored media (outside /api, beside the spec's /api/media listing calls). */
const MEDIA_PATH_PREFIX = '/media/';

/** Longest key we accept, in characters. */
const MEDIA_KEY_MAX_LENGTH = 200;

/**
 * A key: slash-separated folder names of lower-case letters, digits, `-` and `_`, then a file name
 * with one extension. No `.` elsewhere, so no `..`; no empty segment, no leading slash, no NUL.
 */
const MEDIA_KEY = /^(?:[a-z0-9_-]+\/){0,4}[a-z0-9_-]+\.[a-z0-9]{1,8}$/;

/**
 * A file name that is the hash of its content (16 to 64 hex digits), or of its original's with the
 * variant's width (`…-w480.webp`): such a file never changes.
 */
const CONTENT_HASHED_NAME = /(?:^|\/)[0-9a-f]{16,64}(?:-w\d{3,4})?\.[a-z0-9]{1,8}$/;

export function isMediaKey(key: string): boolean {
  return key.length <= MEDIA_KEY_MAX_LENGTH && MEDIA_KEY.test(key);
}

/** True when the key's file name is its content hash, so every reply for it may be cached for good. */
export function isContentHashedKey(key: string): boolean {
  return isMediaKey(key) && CONTENT_HASHED_NAME.test(key);
}

export function isImageWidth(width: number): width is ImageWidth {
  return (IMAGE_WIDTHS as readonly number[]).includes(width);
}

/** The smallest allowed width that covers `width` pixels (the widest one for anything wider). */
export function snapImageWidth(width: number): ImageWidth {
  return IMAGE_WIDTHS.find((w) => w >= width) ?? MAX_IMAGE_WIDTH;
}

/** The public path of a stored file, or of its variant `width` pixels wide. */
export function mediaUrl(key: string, width?: ImageWidth): string {
  return `${MEDIA_PATH_PREFIX}${key}${width ? `?w=${width}` : ''}`;
}

/** The key of one of our own media paths (`/media/{key}`, no query), or null for any other URL. */
export function mediaKeyFromUrl(url: string): string | null {
  if (!url.startsWith(MEDIA_PATH_PREFIX)) return null;
  const key = url.slice(MEDIA_PATH_PREFIX.length);
  return isMediaKey(key) ? key : null;
}

export type ResponsiveImage = {
  /** The fallback `src`: a variant of `fallbackWidth` for our media, the URL itself for anything else. */
  src: string;
  /** `srcset` with every allowed width, only for our own media. */
  srcSet?: string;
};

/**
 * What an `<img>` needs to show `url` at the size the screen needs: for our own media, a `srcset`
 * of every variant (the browser picks by `sizes` and pixel density) and a fallback of about
 * `fallbackWidth` pixels; any other URL as it is.
 */
export function responsiveImage(url: string, fallbackWidth: number = 640): ResponsiveImage {
  const key = mediaKeyFromUrl(url);
  if (!key) return { src: url };
  return {
    src: mediaUrl(key, snapImageWidth(fallbackWidth)),
    srcSet: IMAGE_WIDTHS.map((w) => `${mediaUrl(key, w)} ${w}w`).join(', '),
  };
}
