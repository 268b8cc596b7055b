import { request } from 'node:http';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { MAX_IMAGE_UPLOAD_BYTES, MAX_VIDEO_UPLOAD_BYTES, mediaListReplySchema, mediaUploadReplySchema } from '@streethunt/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { media } from '../../db/schema.ts';
import { mediaDir } from '../../platform/storage/create-storage.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildMedia } from '../../test/factories.ts';
import { nextIp } from '../../test/client-address.ts';
import { userWithToken } from '../../test/tokens.ts';
import { countingUpload, filesUnder, mp4, MULTIPART_TYPE, multipartBody, photo, realMp4, realWebm, type FormPart } from './test-support.ts';

const UPLOAD = '/api/media/upload/';
const MB = 1024 * 1024;

describe('media uploads and the library', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  /** A logged-in user of their own, so limits and libraries never mix between tests. */
  const creator = () => userWithToken(t);
  const upload = (token: string | undefined, parts: FormPart[] | Buffer, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: UPLOAD,
      payload: Array.isArray(parts) ? multipartBody(parts) : parts,
      headers: { 'content-type': MULTIPART_TYPE, ...(token && { 'x-access-token': token }), ...headers },
      remoteAddress: nextIp(),
    });
  const file = (data: Uint8Array | string, filename = 'photo.jpg', type = 'image/jpeg'): FormPart => ({ name: 'file', data, filename, type });
  const list = (token: string | undefined, type: string) =>
    t.app.inject({ method: 'GET', url: `/api/media/${type}`, headers: token ? { 'x-access-token': token } : {}, remoteAddress: nextIp() });
  const rowsOf = (userId: string) => t.db.select().from(media).where(eq(media.userId, userId));
  const storedFiles = () => filesUnder(mediaDir(t.config));

  let filesBefore: string[];
  beforeEach(async () => {
    filesBefore = await storedFiles();
  });
  /** Proof that a refused upload stored nothing: no new file (staging included) and no row. */
  async function expectNothingStored(userId: string) {
    expect(await storedFiles()).toEqual(filesBefore);
    expect(await rowsOf(userId)).toEqual([]);
  }

  it('takes a phone photo: upright, EXIF and its GPS gone, WebP, in the user’s folder, served at its URL', async () => {
    const { user, token } = await creator();
    const original = await photo({ orientation: 6 });
    expect((await sharp(original).metadata()).exif).toBeDefined();

    const res = await upload(token, [file(original, 'IMG_0001.JPG')]);
    expect(res.statusCode).toBe(200);
    const { data } = mediaUploadReplySchema.parse(res.json());
    expect(data.resource_type).toBe('image');
    expect(data.secure_url).toMatch(new RegExp(`^/media/uploads/${user.id}/[0-9a-f]{16}\\.webp$`));

    const stored = await t.app.services.storage.get(data.secure_url.slice('/media/'.length));
    const meta = await sharp(stored!).metadata();
    // 1600x900 shot sideways (orientation 6) stands up as 900x1600.
    expect(meta).toMatchObject({ format: 'webp', width: 900, height: 1600 });
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(stored!.includes(Buffer.from('GPS'))).toBe(false);

    expect(await rowsOf(user.id)).toEqual([
      expect.objectContaining({ id: data.public_id, resourceType: 'image', mime: 'image/webp', bytes: stored!.length, width: 900, height: 1600 }),
    ]);
    const variant = await t.app.inject({ method: 'GET', url: `${data.secure_url}?w=480` });
    expect(variant.statusCode).toBe(200);
    expect(variant.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(await sharp(variant.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 480, height: 853 });
  });

  it('takes PNG, WebP, AVIF and GIF by their content, whatever their name says, and no wider than 1280', async () => {
    const { user, token } = await creator();
    // Each its own colour, so each is its own stored file.
    const base = (background: string) => sharp({ create: { width: 2000, height: 500, channels: 3, background } });
    const images = [
      await base('#204060').png().toBuffer(),
      await base('#602040').webp().toBuffer(),
      await base('#406020').avif({ effort: 0 }).toBuffer(),
      await base('#a0a0a0').gif().toBuffer(),
    ];
    for (const image of images) {
      const res = await upload(token, [file(image, 'notes.txt', 'text/plain')]);
      expect(res.statusCode).toBe(200);
      const key = res.json().data.secure_url.slice('/media/'.length);
      expect(await sharp((await t.app.services.storage.get(key))!).metadata()).toMatchObject({ format: 'webp', width: 1280, height: 320 });
    }
    expect(await rowsOf(user.id)).toHaveLength(4);
  });

  it('keeps a video as it came, under its content hash, with its own type', async () => {
    const { user, token } = await creator();
    for (const [bytes, extension, mime] of [
      [realMp4({ mediaBytes: 300 * 1024 }), 'mp4', 'video/mp4'],
      [realWebm(), 'webm', 'video/webm'],
      [realMp4({ brand: 'qt  ' }), 'mov', 'video/quicktime'],
    ] as const) {
      const res = await upload(token, [file(bytes, 'clip.jpg', 'image/jpeg')]);
      expect(res.statusCode).toBe(200);
      const { data } = mediaUploadReplySchema.parse(res.json());
      expect(data.resource_type).toBe('video');
      expect(data.secure_url).toMatch(new RegExp(`^/media/uploads/${user.id}/[0-9a-f]{16}\\.${extension}$`));
      expect(await t.app.services.storage.get(data.secure_url.slice('/media/'.length))).toEqual(bytes);
      expect((await rowsOf(user.id)).find((r) => r.id === data.public_id)).toMatchObject({ resourceType: 'video', mime, bytes: bytes.length });
    }
    expect((await storedFiles()).filter((f) => f.startsWith('.staging'))).toEqual([]);
  });

  it('the same file uploaded again is one entry, moved to the top of the library', async () => {
    const { user, token } = await creator();
    const first = await photo({ width: 300, height: 200 });
    const a = (await upload(token, [file(first)])).json().data;
    const b = (await upload(token, [file(await photo({ width: 200, height: 300 }))])).json().data;
    const again = (await upload(token, [file(first, 'copy.jpg')])).json().data;
    expect(again).toEqual(a);
    expect(await rowsOf(user.id)).toHaveLength(2);
    expect((await list(token, 'image')).json().data.resources.map((r: { public_id: string }) => r.public_id)).toEqual([a.public_id, b.public_id]);
  });

  it('lists only the caller’s own media of the type asked, newest first, as the spec’s resources', async () => {
    const { user, token } = await creator();
    const other = await creator();
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
    const older = await buildMedia(t.db, { userId: user.id, resourceType: 'image', createdAt: at(10) });
    const newer = await buildMedia(t.db, { userId: user.id, resourceType: 'image', createdAt: at(1) });
    const video = await buildMedia(t.db, { userId: user.id, resourceType: 'video', createdAt: at(5) });
    await buildMedia(t.db, { userId: other.user.id, resourceType: 'image' });
    await buildMedia(t.db, { userId: other.user.id, resourceType: 'video' });

    const images = await list(token, 'image');
    expect(images.statusCode).toBe(200);
    expect(mediaListReplySchema.parse(images.json())).toEqual({
      data: {
        resources: [newer, older].map((row) => ({ public_id: row.id, resource_type: 'image', secure_url: `/media/${row.storageKey}`, bytes: row.bytes, width: null, height: null, durationMs: null })),
        usage: { usedBytes: older.bytes + newer.bytes + video.bytes, quotaBytes: 1024 * 1024 * 1024 },
      },
    });
    expect((await list(token, 'video')).json().data.resources).toEqual([
      { public_id: video.id, resource_type: 'video', secure_url: `/media/${video.storageKey}`, bytes: video.bytes, width: null, height: null, durationMs: null },
    ]);
    const empty = await creator();
    expect((await list(empty.token, 'video')).json().data.resources).toEqual([]);
    for (const type of ['sound', 'images', 'IMAGE', '']) expect((await list(token, type)).statusCode, type).toBeGreaterThanOrEqual(400);
  });

  it('refuses a caller who is not logged in, with 401, and stores nothing', async () => {
    for (const type of ['image', 'video']) {
      const res = await list(undefined, type);
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('unauthorized');
    }
    const res = await upload(undefined, [file(await photo({ width: 100, height: 100 }))]);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('unauthorized');
    expect(await storedFiles()).toEqual(filesBefore);
    expect(await upload('not-a-token', [file(mp4())]).then((r) => r.statusCode)).toBe(401);
  });

  it('refuses with 415 a file that is not an image or video, whatever its name and declared type, and stores nothing', async () => {
    const { user, token } = await creator();
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>';
    // A HEIC header sniffs as an image; sharp here cannot decode it (nor garbage), so it is refused all the same.
    const fakeHeic = Buffer.concat([Buffer.from('00000018667479706865696300000000686569636d696631', 'hex'), Buffer.alloc(5000, 7)]);
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF');
    for (const data of ['just some text, not a photo', svg, '', pdf, fakeHeic, Buffer.from('GIF89a')]) {
      const res = await upload(token, [file(data, 'photo.jpg', 'image/jpeg')]);
      expect({ status: res.statusCode, code: res.json().code }).toEqual({ status: 415, code: 'validation' });
      expect(res.json().message).toMatch(/image|video/i);
    }
    await expectNothingStored(user.id);
  });

  it('refuses with 400 a second file, any other field, or no file at all, and stores nothing (not even the first file)', async () => {
    const { user, token } = await creator();
    const image = await photo({ width: 200, height: 200 });
    const bodies: (FormPart[] | Buffer)[] = [
      [file(mp4()), file(mp4(4096, 2), 'b.mp4', 'video/mp4')],
      [file(image), file(image)],
      [file(image), { name: 'upload_preset', data: 'x' }],
      [{ name: 'folder', data: 'covers' }, file(image)],
      [{ name: 'folder', data: 'covers' }],
      [],
      // Not multipart at all.
      Buffer.from('{"file":"x"}'),
      // Cut off in the middle of the file.
      multipartBody([file(mp4())]).subarray(0, 5000),
    ];
    for (const [i, body] of bodies.entries()) {
      const res = await upload(token, body, i === 6 ? { 'content-type': 'application/json' } : {});
      expect({ i, status: res.statusCode, code: res.json().code }).toEqual({ i, status: 400, code: 'validation' });
    }
    const noBoundary = await upload(token, multipartBody([file(image)]), { 'content-type': 'multipart/form-data' });
    expect(noBoundary.statusCode).toBe(400);
    await expectNothingStored(user.id);
  });

  it('refuses an image over 10 MB with 413 as soon as it passes the cap, without reading the rest', async () => {
    const { user, token } = await creator();
    const head = await photo({ width: 64, height: 64 });
    const { stream, counter } = countingUpload(head, 11 * MB);
    const res = await t.app.inject({ method: 'POST', url: UPLOAD, payload: stream, headers: { 'content-type': MULTIPART_TYPE, 'x-access-token': token }, remoteAddress: nextIp() });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ code: 'payload_too_large', message: expect.stringContaining('10 MB') });
    expect(res.headers.connection).toBe('close');
    // Read: the cap and what the pipes between held, never the whole 11 MB.
    expect(counter.pulled).toBeGreaterThan(MAX_IMAGE_UPLOAD_BYTES);
    expect(counter.pulled).toBeLessThan(MAX_IMAGE_UPLOAD_BYTES + 512 * 1024);
    await expectNothingStored(user.id);
  });

  it('over a real connection too: the client reads the 413 while still sending, and the server stops reading', async () => {
    const { user, token } = await creator();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const { stream, counter } = countingUpload(await photo({ width: 64, height: 64 }), 30 * MB);
    const reply = await new Promise<{ status?: number; body: string }>((resolve, reject) => {
      const req = request({ port, host: '127.0.0.1', method: 'POST', path: UPLOAD, headers: { 'content-type': MULTIPART_TYPE, 'x-access-token': token } }, (res) => {
        let body = '';
        res.setEncoding('utf8').on('data', (text: string) => (body += text));
        res.on('end', () => {
          stream.unpipe(req);
          req.destroy();
          resolve({ status: res.statusCode, body });
        });
      });
      req.on('error', reject);
      stream.pipe(req);
    });
    expect(reply.status).toBe(413);
    expect(JSON.parse(reply.body)).toMatchObject({ code: 'payload_too_large' });
    // Socket buffers hold a little more than in memory, still far from the 30 MB sent.
    expect(counter.pulled).toBeLessThan(MAX_IMAGE_UPLOAD_BYTES + 2 * MB);
    await expectNothingStored(user.id);
  });

  it('refuses at once, reading nothing, an upload whose declared length is over the video cap', async () => {
    const { user, token } = await creator();
    const { stream, counter } = countingUpload(mp4(), MAX_VIDEO_UPLOAD_BYTES + MB, { filename: 'long.mp4', type: 'video/mp4' });
    const res = await t.app.inject({
      method: 'POST',
      url: UPLOAD,
      payload: stream,
      headers: { 'content-type': MULTIPART_TYPE, 'content-length': String(counter.total), 'x-access-token': token },
      remoteAddress: nextIp(),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('payload_too_large');
    expect(counter.pulled).toBeLessThan(256 * 1024);
    await expectNothingStored(user.id);
  });

  it('refuses a streamed video over 100 MB with 413 once past the cap, and drops what it had received', async () => {
    const { user, token } = await creator();
    const { stream, counter } = countingUpload(mp4(), MAX_VIDEO_UPLOAD_BYTES + 4 * MB, { filename: 'long.mp4', type: 'video/mp4' });
    const res = await t.app.inject({ method: 'POST', url: UPLOAD, payload: stream, headers: { 'content-type': MULTIPART_TYPE, 'x-access-token': token }, remoteAddress: nextIp() });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ code: 'payload_too_large', message: expect.stringContaining('100 MB') });
    // Received up to the cap (staged, then dropped), and not much more.
    expect(counter.pulled).toBeGreaterThan(MAX_VIDEO_UPLOAD_BYTES);
    expect(counter.pulled).toBeLessThan(MAX_VIDEO_UPLOAD_BYTES + 512 * 1024);
    await expectNothingStored(user.id);
  }, 60_000);

  it('limits uploads to 30 a minute per user; another user is not held back', async () => {
    const { token } = await creator();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await upload(token, [file('not an image')])).statusCode);
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(415));
    expect(statuses[30]).toBe(429);
    const other = await creator();
    expect((await upload(other.token, [file('not an image')])).statusCode).toBe(415);
  });

  it('is listed in the API documentation under the spec’s paths', async () => {
    const docs = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, unknown>> };
    expect(docs.paths['/api/media/upload/']?.post).toBeDefined();
    expect(docs.paths['/api/media/{type}']?.get).toBeDefined();
  });
});
