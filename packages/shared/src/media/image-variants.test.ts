import { describe, expect, it } from 'vitest';
import { mediaFileParamsSchema, mediaFileQuerySchema } from '../schemas/media.ts';
import {
  IMAGE_WIDTHS,
  MAX_IMAGE_WIDTH,
  isContentHashedKey,
  isImageWidth,
  isMediaKey,
  mediaKeyFromUrl,
  mediaUrl,
  responsiveImage,
  snapImageWidth,
} from './image-variants.ts';

const KEY = 'covers/3f2a9c0d1e4b5a69.webp';

describe('media keys', () => {
  it('accepts folders and a file name with one extension', () => {
    for (const key of [KEY, 'a.png', 'images/user_1/photo-2.jpg', 'variants/0123456789abcdef0123456789abcdef-w480.webp']) {
      expect(isMediaKey(key), key).toBe(true);
    }
  });

  it('refuses anything that could leave the media folder or name two files', () => {
    for (const key of [
      '',
      '../x.webp',
      'covers/../x.webp',
      'covers/..',
      '/covers/x.webp',
      'covers//x.webp',
      'covers/x.webp/',
      'covers\\x.webp',
      'covers/x\0.webp',
      'covers/x.tar.gz',
      'covers/x',
      'Covers/X.webp',
      'covers/%2e%2e.webp',
      'covers/x .webp',
      'a/b/c/d/e/f.webp',
      `${'a'.repeat(200)}.webp`,
    ]) {
      expect(isMediaKey(key), JSON.stringify(key)).toBe(false);
    }
  });

  it('knows a content-hashed name (16 to 64 hex digits), which may be cached for good', () => {
    expect(isContentHashedKey(KEY)).toBe(true);
    expect(isContentHashedKey(`covers/${'a'.repeat(64)}.webp`)).toBe(true);
    expect(isContentHashedKey('3f2a9c0d1e4b5a69.png')).toBe(true);
    expect(isContentHashedKey('covers/3f2a9c0d1e4b5a6.webp')).toBe(false);
    expect(isContentHashedKey('covers/my-cover.webp')).toBe(false);
    expect(isContentHashedKey('covers/x3f2a9c0d1e4b5a69.webp')).toBe(false);
    expect(isContentHashedKey('../3f2a9c0d1e4b5a69.webp')).toBe(false);
    // A variant is named by its original's hash and its width.
    expect(isContentHashedKey(`variants/${'b'.repeat(32)}-w480.webp`)).toBe(true);
    expect(isContentHashedKey('variants/my-cover-w480.webp')).toBe(false);
  });
});

describe('image widths', () => {
  it('are a few fixed widths, smallest first, the widest a phone at 3x needs', () => {
    expect([...IMAGE_WIDTHS]).toEqual([...IMAGE_WIDTHS].sort((a, b) => a - b));
    expect(IMAGE_WIDTHS.length).toBeLessThanOrEqual(6);
    expect(MAX_IMAGE_WIDTH).toBe(1280);
    expect(isImageWidth(480)).toBe(true);
    expect(isImageWidth(500)).toBe(false);
  });

  it('snap up to the smallest width that covers the need, capped at the widest', () => {
    expect(snapImageWidth(1)).toBe(320);
    expect(snapImageWidth(320)).toBe(320);
    expect(snapImageWidth(321)).toBe(480);
    expect(snapImageWidth(700)).toBe(960);
    expect(snapImageWidth(5000)).toBe(1280);
  });
});

describe('media URLs', () => {
  it('build /media/{key} and /media/{key}?w=', () => {
    expect(mediaUrl(KEY)).toBe(`/media/${KEY}`);
    expect(mediaUrl(KEY, 480)).toBe(`/media/${KEY}?w=480`);
  });

  it('read the key back from our own paths only', () => {
    expect(mediaKeyFromUrl(`/media/${KEY}`)).toBe(KEY);
    expect(mediaKeyFromUrl(`/media/${KEY}?w=480`)).toBeNull();
    expect(mediaKeyFromUrl('https://cdn.example.com/media/covers/x.webp')).toBeNull();
    expect(mediaKeyFromUrl('//evil.example/media/x.webp')).toBeNull();
    expect(mediaKeyFromUrl('/media/../secret.webp')).toBeNull();
    expect(mediaKeyFromUrl('/api/media/x.webp')).toBeNull();
    expect(mediaKeyFromUrl('')).toBeNull();
  });

  it('give our media a srcset of every width and a fallback near the wanted width', () => {
    const image = responsiveImage(`/media/${KEY}`, 700);
    expect(image.src).toBe(`/media/${KEY}?w=960`);
    expect(image.srcSet).toBe(IMAGE_WIDTHS.map((w) => `/media/${KEY}?w=${w} ${w}w`).join(', '));
    expect(responsiveImage(`/media/${KEY}`).src).toBe(`/media/${KEY}?w=640`);
  });

  it('leave any other image as it is, without a srcset', () => {
    expect(responsiveImage('https://images.example.com/cover.jpg')).toEqual({ src: 'https://images.example.com/cover.jpg' });
    expect(responsiveImage('/media/Bad Key.jpg')).toEqual({ src: '/media/Bad Key.jpg' });
  });
});

describe('GET /media/{key} input', () => {
  it('takes a key and only an allowed width, written plainly', () => {
    expect(mediaFileParamsSchema.parse({ '*': KEY })).toEqual({ '*': KEY });
    expect(mediaFileParamsSchema.safeParse({ '*': '../x.webp' }).success).toBe(false);
    expect(mediaFileQuerySchema.parse({})).toEqual({});
    expect(mediaFileQuerySchema.parse({ w: '480' })).toEqual({ w: 480 });
    for (const w of ['500', '0480', '4.8e2', '', '-320', 'abc', ['320', '480']]) {
      expect(mediaFileQuerySchema.safeParse({ w }).success, JSON.stringify(w)).toBe(false);
    }
  });
});
