import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaUploadReplySchema } from '@streethunt/shared';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { nextIp } from '../../test/client-address.ts';
import { userWithToken } from '../../test/tokens.ts';
import { MULTIPART_TYPE, multipartBody, realMp4 } from './test-support.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

describe('GET /media/{key} for videos', () => {
  let t: TestApp;
  let video: Buffer;
  let url: string;
  beforeAll(async () => {
    t = await buildTestApp();
    const { token } = await userWithToken(t);
    video = realMp4({ mediaBytes: 200 * 1024 });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/media/upload/',
      payload: multipartBody([{ name: 'file', data: video, filename: 'walk.mp4', type: 'video/mp4' }]),
      headers: { 'content-type': MULTIPART_TYPE, 'x-access-token': token },
      remoteAddress: nextIp(),
    });
    url = mediaUploadReplySchema.parse(res.json()).data.secure_url;
  });
  afterAll(() => t.close());

  const get = (path: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: path, headers });

  it('serves an uploaded video whole, as stored, with its type, its length, ranges on offer and cached for good', async () => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers).toMatchObject({
      'content-type': 'video/mp4',
      'content-length': String(video.length),
      'accept-ranges': 'bytes',
      'cache-control': IMMUTABLE,
      'x-content-type-options': 'nosniff',
      etag: expect.stringMatching(/^"[0-9a-f]{16}"$/),
    });
    expect(res.rawPayload).toEqual(video);
  });

  it('answers a range with 206 and exactly those bytes, in every form a player asks', async () => {
    const cases: [string, number, number][] = [
      ['bytes=0-1', 0, 1],
      ['bytes=1000-1999', 1000, 1999],
      ['bytes=150000-', 150000, video.length - 1],
      ['bytes=-500', video.length - 500, video.length - 1],
      ['bytes=204000-999999', 204000, video.length - 1],
    ];
    for (const [range, start, end] of cases) {
      const res = await get(url, { range });
      expect({ range, status: res.statusCode }).toEqual({ range, status: 206 });
      expect(res.headers).toMatchObject({
        'content-range': `bytes ${start}-${end}/${video.length}`,
        'content-length': String(end - start + 1),
        'content-type': 'video/mp4',
        'accept-ranges': 'bytes',
        'cache-control': IMMUTABLE,
      });
      expect(res.rawPayload.equals(video.subarray(start, end + 1)), range).toBe(true);
    }
  });

  it('says 416 with the file’s length for a range past its end; sends it whole for a Range it does not take', async () => {
    for (const range of [`bytes=${video.length}-`, 'bytes=999999999-1000000000', 'bytes=-0']) {
      const res = await get(url, { range });
      expect({ range, status: res.statusCode }).toEqual({ range, status: 416 });
      expect(res.headers['content-range']).toBe(`bytes */${video.length}`);
      expect(res.json()).toMatchObject({ code: 'validation', message: expect.any(String) });
    }
    for (const range of ['bytes=0-1,5-6', 'lines=1-2', 'bytes=9-3', 'nonsense']) {
      const res = await get(url, { range });
      expect({ range, status: res.statusCode }).toEqual({ range, status: 200 });
      expect(res.rawPayload.length).toBe(video.length);
    }
  });

  it('honours If-Range, If-None-Match and HEAD', async () => {
    const { etag } = (await get(url)).headers;
    expect((await get(url, { range: 'bytes=0-9', 'if-range': String(etag) })).statusCode).toBe(206);
    const changed = await get(url, { range: 'bytes=0-9', 'if-range': '"someotherversion"' });
    expect(changed.statusCode).toBe(200);
    expect(changed.rawPayload.length).toBe(video.length);

    const notModified = await get(url, { 'if-none-match': String(etag) });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');

    const head = await t.app.inject({ method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
    expect(head.headers).toMatchObject({ 'content-length': String(video.length), 'content-type': 'video/mp4', 'accept-ranges': 'bytes' });
    expect(head.body).toBe('');
    const headRange = await t.app.inject({ method: 'HEAD', url, headers: { range: 'bytes=10-19' } });
    expect(headRange.statusCode).toBe(206);
    expect(headRange.headers).toMatchObject({ 'content-length': '10', 'content-range': `bytes 10-19/${video.length}` });
  });

  it('serves WebM and QuickTime with their own types, and asks caches to check a key that does not name its content', async () => {
    const storage = t.app.services.storage;
    await storage.put('clips/intro.webm', Buffer.from('webm bytes'));
    await storage.put('clips/intro.mov', Buffer.from('mov bytes'));
    const webm = await get('/media/clips/intro.webm');
    expect(webm.headers).toMatchObject({ 'content-type': 'video/webm', 'cache-control': 'no-cache', 'accept-ranges': 'bytes' });
    expect(webm.body).toBe('webm bytes');
    expect((await get('/media/clips/intro.mov')).headers['content-type']).toBe('video/quicktime');

    const before = webm.headers.etag;
    await storage.put('clips/intro.webm', Buffer.from('other webm bytes'));
    const after = await get('/media/clips/intro.webm', { 'if-none-match': String(before) });
    expect(after.statusCode).toBe(200);
    expect(after.body).toBe('other webm bytes');
  });

  it('says 404 for a missing video and 400 for a width asked of one', async () => {
    const missing = await get('/media/clips/0000000000000000.mp4');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('not_found');
    const sized = await get(`${url}?w=480`);
    expect(sized.statusCode).toBe(400);
    expect(sized.json().code).toBe('validation');
  });
});
