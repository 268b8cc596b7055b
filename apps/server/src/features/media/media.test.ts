import { readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { IMAGE_WIDTHS, mediaUrl } from '@streethunt/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaDir } from '../../platform/storage/create-storage.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { readMediaFile, saveImage } from './service.ts';
import { photo } from './test-support.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

describe('GET /media/{key}', () => {
  let t: TestApp;
  let storage: Storage;
  let key: string;
  beforeAll(async () => {
    t = await buildTestApp();
    storage = t.app.services.storage;
    key = await saveImage({ storage }, { folder: 'covers', data: await photo() });
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('serves a variant as WebP at the asked width, aspect kept, cached for good under a content-hashed key', async () => {
    expect(key).toMatch(/^covers\/[0-9a-f]{16}\.webp$/);
    const res = await get(mediaUrl(key, 480));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.headers.etag).toMatch(/^"[0-9a-f]{32}-w480"$/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 480, height: 270 });
  });

  it('has every allowed width, never wider than asked', async () => {
    for (const width of IMAGE_WIDTHS) {
      const res = await get(mediaUrl(key, width));
      expect(res.statusCode).toBe(200);
      const meta = await sharp(res.rawPayload).metadata();
      expect(meta.format).toBe('webp');
      // The original is 1280 wide (saveImage caps it), so every width is met exactly.
      expect(meta.width).toBe(width);
      expect(meta.height).toBe(Math.round((width * 9) / 16));
    }
  });

  it('renders a variant once and keeps it in storage; later requests get the kept bytes', async () => {
    const first = await get(mediaUrl(key, 640));
    const kept = (await readdir(path.join(mediaDir(t.config), 'variants'))).filter((name) => name.endsWith('-w640.webp'));
    expect(kept).toHaveLength(1);
    const variantKey = `variants/${kept[0]}`;
    expect(await storage.get(variantKey)).toEqual(first.rawPayload);
    // Proof that the kept file is what is served: change it behind the server's back.
    await storage.put(variantKey, Buffer.from('kept bytes'));
    expect((await get(mediaUrl(key, 640))).body).toBe('kept bytes');
    await storage.put(variantKey, first.rawPayload);
  });

  it('renders a burst of requests for a new variant once', async () => {
    const other = await saveImage({ storage }, { folder: 'covers', data: await photo({ width: 1000, height: 1000 }) });
    const puts: string[] = [];
    const counting: Storage = { ...storage, put: (k, data) => (puts.push(k), storage.put(k, data)) };
    const files = await Promise.all(Array.from({ length: 6 }, () => readMediaFile({ storage: counting }, { key: other, width: 320 })));
    expect(puts).toHaveLength(1);
    expect(new Set(files.map((f) => f.body.toString('base64'))).size).toBe(1);
    expect(await sharp(files[0].body).metadata()).toMatchObject({ width: 320, height: 320 });
    // And through HTTP, from the kept file.
    const replies = await Promise.all(Array.from({ length: 3 }, () => get(mediaUrl(other, 320))));
    expect(replies.map((r) => r.rawPayload.equals(files[0].body))).toEqual([true, true, true]);
  });

  it('strips EXIF (the GPS position) and turns the picture upright', async () => {
    const original = await photo({ orientation: 6 });
    expect((await sharp(original).metadata()).exif).toBeDefined();
    // Stored as is, as a file written by hand or an older upload would be.
    await storage.put('photos/sideways.jpg', original);
    const res = await get('/media/photos/sideways.jpg?w=480');
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 480, height: 853 });
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();

    const saved = await storage.get(await saveImage({ storage }, { folder: 'photos', data: original }));
    const savedMeta = await sharp(saved!).metadata();
    expect(savedMeta).toMatchObject({ format: 'webp', width: 900, height: 1600 });
    expect(savedMeta.exif).toBeUndefined();
  });

  it('never enlarges a small image', async () => {
    const small = await saveImage({ storage }, { folder: 'covers', data: await photo({ width: 300, height: 200 }) });
    const res = await get(mediaUrl(small, 1280));
    expect(res.statusCode).toBe(200);
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 300, height: 200 });
  });

  it('serves the original itself without w, with its own type', async () => {
    const res = await get(mediaUrl(key));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.rawPayload).toEqual(await storage.get(key));

    await storage.put('photos/plain.jpg', await photo({ width: 200, height: 100 }));
    const jpeg = await get('/media/photos/plain.jpg');
    expect(jpeg.headers['content-type']).toBe('image/jpeg');
    expect(jpeg.rawPayload).toEqual(await storage.get('photos/plain.jpg'));
  });

  it('asks caches to check a key that does not name its content, and shows a replaced file at once', async () => {
    await storage.put('photos/changing.jpg', await photo({ width: 800, height: 400 }));
    const before = await get('/media/photos/changing.jpg?w=320');
    expect(before.headers['cache-control']).toBe('no-cache');
    expect(await sharp(before.rawPayload).metadata()).toMatchObject({ width: 320, height: 160 });

    await storage.put('photos/changing.jpg', await photo({ width: 400, height: 400 }));
    const after = await get('/media/photos/changing.jpg?w=320');
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(await sharp(after.rawPayload).metadata()).toMatchObject({ width: 320, height: 320 });
  });

  it('answers a matching If-None-Match with 304 and no body, and HEAD with the headers alone', async () => {
    const { etag } = (await get(mediaUrl(key, 480))).headers;
    const notModified = await get(mediaUrl(key, 480), { 'if-none-match': `W/"nope", ${String(etag)}` });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
    expect(notModified.headers['cache-control']).toBe(IMMUTABLE);
    expect((await get(mediaUrl(key, 480), { 'if-none-match': '"other"' })).statusCode).toBe(200);

    const head = await t.app.inject({ method: 'HEAD', url: mediaUrl(key, 480) });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('image/webp');
    expect(head.body).toBe('');
  });

  it('answers a Range request with the whole image (a server may ignore Range), never an error', async () => {
    const res = await get(mediaUrl(key, 320), { range: 'bytes=0-10' });
    expect([200, 206]).toContain(res.statusCode);
    if (res.statusCode === 200) expect((await sharp(res.rawPayload).metadata()).width).toBe(320);
  });

  it('says 404 { message, code } for a key with nothing stored, or a file that is not an image', async () => {
    for (const url of ['/media/covers/0000000000000000.webp', '/media/covers/0000000000000000.webp?w=480', '/media/nothing.png']) {
      const res = await get(url);
      expect({ url, status: res.statusCode, code: res.json().code }).toEqual({ url, status: 404, code: 'not_found' });
      expect(res.json().message).toEqual(expect.any(String));
    }
    await storage.put('covers/broken.webp', Buffer.from('not an image at all'));
    const broken = await get('/media/covers/broken.webp?w=480');
    expect(broken.statusCode).toBe(404);
    expect(broken.json()).toMatchObject({ code: 'not_found', message: expect.any(String) });
    // Only images are served from here, whatever else the folder holds.
    await storage.put('notes/readme.txt', Buffer.from('text'));
    expect((await get('/media/notes/readme.txt')).statusCode).toBe(404);
  });

  it('refuses a width that is not one of the allowed ones with 400 { message, code }', async () => {
    for (const w of ['500', '0', '-320', '4.8e2', '0480', 'abc', '', '99999999999999999999']) {
      const res = await get(`${mediaUrl(key)}?w=${w}`);
      expect({ w, status: res.statusCode, code: res.json().code }).toEqual({ w, status: 400, code: 'validation' });
    }
    expect((await get(`${mediaUrl(key)}?w=320&w=480`)).statusCode).toBe(400);
  });

  it('refuses keys that try to leave the media folder (.., slashes, NUL, backslashes, odd encodings) with a 4xx, never a file outside', async () => {
    await writeFile(path.join(t.config.dataDir, 'secret.webp'), 'TOP SECRET');
    const urls = [
      '/media/../secret.webp',
      '/media/covers/../../secret.webp',
      '/media/..%2Fsecret.webp',
      '/media/covers%2F..%2F..%2Fsecret.webp',
      '/media/%2e%2e/secret.webp',
      '/media/%2e%2e%2fsecret.webp',
      '/media/%252e%252e%252fsecret.webp',
      '/media/covers/x%00.webp',
      '/media/%00',
      '/media/covers%5C..%5Csecret.webp',
      '/media//etc/passwd',
      '/media/covers//x.webp',
      '/media/covers/x.webp/',
      '/media/',
      '/media/covers',
      '/media/Covers/X.WEBP',
      '/media/covers/x.tar.gz',
      `/media/${'a'.repeat(300)}.webp`,
      '/media/%zz.webp',
      '/media/covers/x.webp?w=480&w=..',
    ];
    for (const url of urls) {
      const res = await get(url);
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.body, url).not.toContain('TOP SECRET');
      expect(res.json(), url).toEqual(expect.objectContaining({ message: expect.any(String), code: expect.any(String) }));
    }
    // The ones that reach the route are refused by its key rule, with 400.
    for (const url of ['/media/..%2Fsecret.webp', '/media/covers/x%00.webp', '/media/covers//x.webp', '/media/Covers/X.WEBP']) {
      expect((await get(url)).json(), url).toMatchObject({ code: 'validation' });
      expect((await get(url)).statusCode, url).toBe(400);
    }
  });

  it('is public and listed in the API documentation with its parameters', async () => {
    const docs = (await get('/api/docs/json')).json() as { paths: Record<string, { get?: { parameters?: { name: string }[] } }> };
    const route = Object.entries(docs.paths).find(([p]) => p.startsWith('/media/'));
    expect(route?.[1].get?.parameters?.map((p) => p.name)).toEqual(expect.arrayContaining(['w']));
  });
});

describe('saveImage', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('stores a raster image once, under the hash of what it stored', async () => {
    const storage = t.app.services.storage;
    const data = await photo();
    const key = await saveImage({ storage }, { folder: 'covers', data });
    expect(await saveImage({ storage }, { folder: 'covers', data })).toBe(key);
    expect(await readdir(path.join(mediaDir(t.config), 'covers'))).toEqual([key.slice('covers/'.length)]);
    const meta = await sharp((await storage.get(key))!).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 1280, height: 720 });
    expect(meta.exif).toBeUndefined();
  });

  it('refuses SVG (scripts, outside references) and anything that is not an image, with 415', async () => {
    const storage = t.app.services.storage;
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    for (const data of [svg, Buffer.from('plain text'), Buffer.alloc(0)]) {
      await expect(saveImage({ storage }, { folder: 'covers', data })).rejects.toMatchObject({ statusCode: 415 });
    }
  });
});
