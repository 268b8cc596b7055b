import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { mediaListReplySchema, mediaUploadReplySchema } from '@streethunt/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { media } from '../../db/schema.ts';
import { testDatabaseKinds } from '../../db/test-database.ts';
import { mediaDir } from '../../platform/storage/create-storage.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { nextIp } from '../../test/client-address.ts';
import { userWithToken } from '../../test/tokens.ts';
import { filesUnder, MULTIPART_TYPE, multipartBody, realM4a, realMp3, realMp4, realOgg } from './test-support.ts';

const UPLOAD = '/api/media/upload/';
/** Room for the recordings of one test, not for an 11-minute one on top. */
const QUOTA = 400_000;

describe.each(testDatabaseKinds())('recordings (mp3, m4a, ogg) are uploaded, measured, counted and served on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ kind, env: { MEDIA_QUOTA_BYTES: String(QUOTA) } });
  });
  afterAll(() => t.close());

  const creator = () => userWithToken(t);
  // The names and declared types lie on purpose: the content alone says what a file is.
  const upload = (token: string, data: Uint8Array, filename = 'voice.bin', type = 'application/octet-stream') =>
    t.app.inject({
      method: 'POST',
      url: UPLOAD,
      payload: multipartBody([{ name: 'file', data, filename, type }]),
      headers: { 'content-type': MULTIPART_TYPE, 'x-access-token': token },
      remoteAddress: nextIp(),
    });
  const list = async (token: string) =>
    mediaListReplySchema.parse((await t.app.inject({ method: 'GET', url: '/api/media/audio', headers: { 'x-access-token': token }, remoteAddress: nextIp() })).json()).data;
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

  it('takes MP3, M4A (by its brand, or an mp42 file with audio alone) and Ogg Opus and Vorbis, with the length their parsers read', async () => {
    const { user, token } = await creator();
    const cases = [
      { data: realMp3({ seconds: 3 }), extension: 'mp3', type: 'audio/mpeg', durationMs: 3004 },
      { data: realMp3({ seconds: 90, quality: 'low', id3: false }), extension: 'mp3', type: 'audio/mpeg', durationMs: 90_000 },
      { data: realM4a({ durationMs: 4200 }), extension: 'm4a', type: 'audio/mp4', durationMs: 4200 },
      { data: realM4a({ durationMs: 2500, brand: 'mp42' }), extension: 'm4a', type: 'audio/mp4', durationMs: 2500 },
      { data: realOgg({ seconds: 5, codec: 'opus' }), extension: 'ogg', type: 'audio/ogg', durationMs: 5000 },
      { data: realOgg({ seconds: 4, codec: 'vorbis' }), extension: 'ogg', type: 'audio/ogg', durationMs: 4000 },
    ] as const;
    for (const c of cases) {
      const res = await upload(token, c.data);
      expect(res.statusCode, c.extension).toBe(200);
      const { data } = mediaUploadReplySchema.parse(res.json());
      expect(data).toMatchObject({ resource_type: 'audio', bytes: c.data.length, width: null, height: null, durationMs: c.durationMs });
      expect(data.secure_url).toMatch(new RegExp(`^/media/uploads/${user.id}/[0-9a-f]{16}\\.${c.extension}$`));
      const served = await t.app.inject({ method: 'GET', url: data.secure_url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe(c.type);
      expect(served.rawPayload).toEqual(c.data);
    }
    const library = await list(token);
    expect(library.resources).toHaveLength(cases.length);
    expect(library.resources.every((r) => r.resource_type === 'audio')).toBe(true);
    // Recordings are not among the videos or images.
    const videos = mediaListReplySchema.parse((await t.app.inject({ method: 'GET', url: '/api/media/video', headers: { 'x-access-token': token }, remoteAddress: nextIp() })).json());
    expect(videos.data.resources).toEqual([]);
  });

  it('keeps an MPEG-4 file with a video track a video, whatever its brand', async () => {
    const { token } = await creator();
    const res = await upload(token, realMp4({ mediaBytes: 1000 }));
    expect(mediaUploadReplySchema.parse(res.json()).data.resource_type).toBe('video');
  });

  it('refuses a renamed file, a header on noise, a cut file and an Ogg video with 4xx { message, code }, and stores nothing', async () => {
    const { user, token } = await creator();
    const theora = realOgg({ seconds: 2 });
    // The first packet of the first page says Theora: a video in Ogg is no recording of ours.
    theora.write('\x80theora\0', 28, 'latin1');
    const cases: [Buffer, number, string, string][] = [
      [Buffer.from('#!/bin/sh\necho not a song\n'), 415, 'validation', 'script.mp3'],
      [Buffer.concat([realMp3({ seconds: 1 }).subarray(0, 30), randomBytes(5000)]), 400, 'bad_audio', 'noise.mp3'],
      [Buffer.concat([Buffer.from('OggS\0\x02', 'latin1'), randomBytes(5000)]), 415, 'validation', 'noise.ogg'],
      [realOgg({ seconds: 3 }).subarray(0, 150), 400, 'bad_audio', 'cut.ogg'],
      [theora, 415, 'validation', 'video.ogg'],
      [realM4a().subarray(0, 120), 400, 'bad_audio', 'cut.m4a'],
    ];
    for (const [data, status, code, name] of cases) {
      const res = await upload(token, data, name, 'audio/mpeg');
      expect(res.statusCode, name).toBe(status);
      expect(res.json(), name).toMatchObject({ code, message: expect.any(String) });
    }
    await expectNothingStored(user.id);
  });

  it('refuses a recording longer than 10 minutes with 400 too_long, however it is packed, and stores nothing', async () => {
    const { user, token } = await creator();
    for (const data of [realMp3({ seconds: 11 * 60, quality: 'low' }), realOgg({ seconds: 11 * 60 }), realM4a({ durationMs: 11 * 60_000 })]) {
      const res = await upload(token, data);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 'too_long', message: 'A recording may be at most 10 minutes long' });
    }
    // Exactly 10 minutes is allowed.
    const ten = await upload(token, realOgg({ seconds: 10 * 60 }));
    expect(ten.statusCode).toBe(200);
    expect(mediaUploadReplySchema.parse(ten.json()).data.durationMs).toBe(600_000);
    expect(await rowsOf(user.id)).toHaveLength(1);
  });

  it('counts recordings in the quota, and refuses one past it with 413 quota', async () => {
    const { user, token } = await creator();
    const first = realMp3({ seconds: 5 * 60, quality: 'low' }); // about 300 KB
    expect((await upload(token, first)).statusCode).toBe(200);
    expect((await list(token)).usage).toEqual({ usedBytes: first.length, quotaBytes: QUOTA });
    const before = await storedFiles();
    const second = await upload(token, realMp3({ seconds: 2 * 60, quality: 'low' }));
    expect(second.statusCode).toBe(413);
    expect(second.json()).toMatchObject({ code: 'quota' });
    expect(await storedFiles()).toEqual(before);
    expect(await rowsOf(user.id)).toHaveLength(1);
  });

  it('serves a recording in byte ranges, as a phone seeks', async () => {
    const { token } = await creator();
    const data = realMp3({ seconds: 2 });
    const url = mediaUploadReplySchema.parse((await upload(token, data)).json()).data.secure_url;
    const res = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=100-199' } });
    expect(res.statusCode).toBe(206);
    expect(res.headers).toMatchObject({ 'content-type': 'audio/mpeg', 'content-range': `bytes 100-199/${data.length}`, 'accept-ranges': 'bytes', 'content-length': '100' });
    expect(res.rawPayload).toEqual(data.subarray(100, 200));
    const head = await t.app.inject({ method: 'HEAD', url });
    expect(head.headers['content-length']).toBe(String(data.length));
    expect((await t.app.inject({ method: 'GET', url: `${url}?w=480` })).statusCode).toBe(400);
  });
});
