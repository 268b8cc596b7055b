import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { mediaListReplySchema, mediaUploadReplySchema } from '@streethunt/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { media } from '../../db/schema.ts';
import { testDatabaseKinds } from '../../db/test-database.ts';
import { mediaDir } from '../../platform/storage/create-storage.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildGame, buildUser, gameContent } from '../../test/factories.ts';
import { nextIp } from '../../test/client-address.ts';
import { userWithToken } from '../../test/tokens.ts';
import { filesUnder, mp4, MULTIPART_TYPE, multipartBody, photo, realMp4, realWebm } from './test-support.ts';

const UPLOAD = '/api/media/upload/';
/** Room for two of the 120 KB videos below, not three. */
const QUOTA = 300_000;
const video = (durationMs: number, options: Parameters<typeof realMp4>[0] = {}) => realMp4({ mediaBytes: 120_000, durationMs, ...options });

describe.each(testDatabaseKinds())('uploads are real videos, within a quota, and can be deleted on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ kind, env: { MEDIA_QUOTA_BYTES: String(QUOTA) } });
  });
  afterAll(() => t.close());

  const creator = () => userWithToken(t);
  const upload = (token: string, data: Uint8Array, filename = 'clip.mp4', type = 'video/mp4') =>
    t.app.inject({
      method: 'POST',
      url: UPLOAD,
      payload: multipartBody([{ name: 'file', data, filename, type }]),
      headers: { 'content-type': MULTIPART_TYPE, 'x-access-token': token },
      remoteAddress: nextIp(),
    });
  const list = async (token: string, type: 'image' | 'video') =>
    mediaListReplySchema.parse((await t.app.inject({ method: 'GET', url: `/api/media/${type}`, headers: { 'x-access-token': token }, remoteAddress: nextIp() })).json()).data;
  const remove = (token: string, id: string) => t.app.inject({ method: 'DELETE', url: `/api/media/${id}`, headers: { 'x-access-token': token }, remoteAddress: nextIp() });
  const rowsOf = (userId: string) => t.db.select().from(media).where(eq(media.userId, userId));
  const storedFiles = () => filesUnder(mediaDir(t.config));
  let filesBefore: string[];
  beforeEach(async () => {
    filesBefore = await storedFiles();
  });
  async function expectNothingStored(userId: string, rowsBefore = 0) {
    expect(await storedFiles()).toEqual(filesBefore);
    expect(await rowsOf(userId)).toHaveLength(rowsBefore);
  }

  it('refuses a video header on bytes that are no video with 400 bad_video, and stores nothing', async () => {
    const { user, token } = await creator();
    const noise = (head: Buffer) => Buffer.concat([head, randomBytes(200_000)]);
    for (const [data, name] of [
      [noise(mp4(64).subarray(0, 24)), 'noise.mp4'],
      [mp4(150_000), 'mdat-only.mp4'],
      // The EBML header and the Segment's start, then noise.
      [noise(realWebm().subarray(0, realWebm().indexOf(Buffer.from('18538067', 'hex')) + 12)), 'noise.webm'],
      [realWebm({ videoTrack: false }), 'sound-only.webm'],
      [realMp4({ mediaBytes: 1000 }).subarray(0, 200), 'cut.mp4'],
    ] as const) {
      const res = await upload(token, data, name);
      expect({ name, status: res.statusCode, body: res.json() }).toEqual({ name, status: 400, body: { message: expect.any(String), code: 'bad_video' } });
    }
    await expectNothingStored(user.id);
  });

  it('takes real MP4 (moov first or last), QuickTime and WebM, and records the frame size and length it read', async () => {
    const { user, token } = await creator();
    const cases = [
      { data: realMp4({ width: 1280, height: 720, durationMs: 4200 }), expected: { width: 1280, height: 720, durationMs: 4200 } },
      { data: realMp4({ width: 720, height: 1280, durationMs: 61_000, moovLast: true }), expected: { width: 720, height: 1280, durationMs: 61_000 } },
      { data: realMp4({ brand: 'qt  ', width: 640, height: 480, durationMs: 900 }), expected: { width: 640, height: 480, durationMs: 900 } },
      { data: realWebm({ width: 854, height: 480, durationMs: 12_500 }), expected: { width: 854, height: 480, durationMs: 12_500 } },
      // A browser's own recording states no length: kept, its length unknown.
      { data: realWebm({ width: 320, height: 240, durationMs: null }), expected: { width: 320, height: 240, durationMs: null } },
    ];
    for (const { data, expected } of cases) {
      const res = await upload(token, data);
      expect(res.statusCode, res.body).toBe(200);
      const resource = mediaUploadReplySchema.parse(res.json()).data;
      expect(resource).toMatchObject({ resource_type: 'video', bytes: data.length, ...expected });
      expect((await rowsOf(user.id)).find((r) => r.id === resource.public_id)).toMatchObject({ bytes: data.length, ...expected });
    }
    const listed = await list(token, 'video');
    expect(listed.resources.map((r) => [r.width, r.height, r.durationMs])).toEqual(cases.map((c) => [c.expected.width, c.expected.height, c.expected.durationMs]).reverse());
    expect(listed.usage).toEqual({ usedBytes: cases.reduce((sum, c) => sum + c.data.length, 0), quotaBytes: QUOTA });
  });

  it('refuses an upload past the quota with 413 quota and stores nothing; the same file again takes no more room', async () => {
    const { user, token } = await creator();
    const first = video(1000);
    expect((await upload(token, first)).statusCode).toBe(200);
    expect((await upload(token, video(2000))).statusCode).toBe(200);
    // The same file again is the same entry, and fits.
    expect((await upload(token, first)).statusCode).toBe(200);
    const filesWithTwo = await storedFiles();
    const over = await upload(token, video(3000));
    expect(over.statusCode).toBe(413);
    expect(over.json()).toEqual({ message: expect.any(String), code: 'quota' });
    expect(await storedFiles()).toEqual(filesWithTwo);
    expect(await rowsOf(user.id)).toHaveLength(2);
    // Images count too, as stored: a small photo fits in what is left, and takes its share.
    const image = await upload(token, await photo({ width: 800, height: 600 }), 'p.jpg', 'image/jpeg');
    expect(image.statusCode).toBe(200);
    const rows = await rowsOf(user.id);
    expect(rows).toHaveLength(3);
    expect((await list(token, 'image')).usage).toEqual({ usedBytes: rows.reduce((sum, r) => sum + r.bytes, 0), quotaBytes: QUOTA });
    // Another user's room is their own.
    const other = await creator();
    expect((await upload(other.token, video(3000))).statusCode).toBe(200);
  });

  it('two uploads at once cannot both take the last room', async () => {
    const { user, token } = await creator();
    expect((await upload(token, video(1000))).statusCode).toBe(200);
    const statuses = (await Promise.all([upload(token, video(2000)), upload(token, video(3000)), upload(token, video(4000))])).map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 413, 413]);
    const rows = await rowsOf(user.id);
    expect(rows).toHaveLength(2);
    expect(rows.reduce((sum, r) => sum + r.bytes, 0)).toBeLessThanOrEqual(QUOTA);
    expect((await filesUnder(mediaDir(t.config))).filter((f) => f.startsWith(`uploads/${user.id}/`))).toHaveLength(2);
  });

  it('deletes an upload no game uses: its file goes and its room is free again; 409 while any game uses it; 404 for another’s', async () => {
    const { user, token } = await creator();
    const a = mediaUploadReplySchema.parse((await upload(token, video(1000))).json()).data;
    const b = mediaUploadReplySchema.parse((await upload(token, video(2000))).json()).data;
    const keyOf = (url: string) => url.slice('/media/'.length);
    expect((await upload(token, video(3000))).statusCode).toBe(413);

    // Used by a game, even someone else's (a copied link), in any part of its content: 409, nothing changes.
    const stranger = await buildUser(t.db);
    await buildGame(t.db, { userId: stranger.id, content: { questions: [{ ...gameContent().questions[0]!, content: `<p><video src="${b.secure_url}"></video></p>` }] } });
    const used = await remove(token, b.public_id);
    expect(used.statusCode).toBe(409);
    expect(used.json().code).toBe('conflict');
    expect(await t.app.services.storage.exists(keyOf(b.secure_url))).toBe(true);

    // Not the caller's: 404, nothing changes.
    const other = await creator();
    expect((await remove(other.token, a.public_id)).statusCode).toBe(404);
    expect(await rowsOf(user.id)).toHaveLength(2);

    const gone = await remove(token, a.public_id);
    expect(gone.statusCode, gone.body).toBe(200);
    expect(gone.json()).toEqual({ data: { deleted: true } });
    expect(await t.app.services.storage.exists(keyOf(a.secure_url))).toBe(false);
    expect((await rowsOf(user.id)).map((r) => r.id)).toEqual([b.public_id]);
    expect((await list(token, 'video')).usage?.usedBytes).toBe(video(2000).length);
    expect((await remove(token, a.public_id)).statusCode).toBe(404);
    // The room is there again.
    expect((await upload(token, video(3000))).statusCode).toBe(200);
  });

  it('deletes an image with the variants rendered of it', async () => {
    const { token } = await creator();
    const image = mediaUploadReplySchema.parse((await upload(token, await photo(), 'photo.png', 'image/png')).json()).data;
    for (const width of [320, 640]) expect((await t.app.inject({ method: 'GET', url: `${image.secure_url}?w=${width}`, remoteAddress: nextIp() })).statusCode).toBe(200);
    const variants = async () => (await filesUnder(mediaDir(t.config))).filter((file) => file.startsWith('variants/'));
    const before = await variants();
    expect(before.length).toBeGreaterThanOrEqual(2);
    expect((await remove(token, image.public_id)).statusCode).toBe(200);
    const after = await variants();
    expect(before.length - after.length).toBe(2);
    expect(await t.app.services.storage.exists(image.secure_url.slice('/media/'.length))).toBe(false);
  });

  it('refuses a delete without a login (401) or with a malformed id (400)', async () => {
    const { token } = await creator();
    expect((await t.app.inject({ method: 'DELETE', url: '/api/media/abc', remoteAddress: nextIp() })).statusCode).toBe(401);
    expect((await remove(token, 'not*an*id')).statusCode).toBe(400);
  });
});
