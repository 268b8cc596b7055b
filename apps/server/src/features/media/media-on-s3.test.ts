import sharp from 'sharp';
import { mediaUploadReplySchema, mediaUrl } from '@streethunt/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { nextIp } from '../../test/client-address.ts';
import { buildUser } from '../../test/factories.ts';
import { startS3Server, type S3Server } from '../../test/s3-server.ts';
import { tokenFor } from '../../test/tokens.ts';
import { MULTIPART_TYPE, multipartBody, photo, realMp4 } from './test-support.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

describe('media in an S3 bucket', () => {
  let s3: S3Server;
  beforeAll(async () => {
    s3 = await startS3Server();
  });
  afterAll(() => s3.close());

  async function uploadAs(t: TestApp, data: Buffer, filename: string, type: string) {
    const token = await tokenFor(t.app, await buildUser(t.db));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/media/upload/',
      payload: multipartBody([{ name: 'file', data, filename, type }]),
      headers: { 'content-type': MULTIPART_TYPE, 'x-access-token': token },
      remoteAddress: nextIp(),
    });
    expect(res.statusCode, res.body).toBe(200);
    return mediaUploadReplySchema.parse(res.json()).data.secure_url;
  }

  describe('served through the app', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp({ env: s3.env() });
    });
    afterAll(() => t.close());

    it('keeps an uploaded photo in the bucket and serves it and its variants with the same headers as from the disk', async () => {
      const url = await uploadAs(t, await photo(), 'IMG_0001.JPG', 'image/jpeg');
      const key = url.slice('/media/'.length);
      // In the bucket itself, as its public address would give it.
      const object = await fetch(`${s3.endpoint}/${s3.bucket}/${key}`);
      expect(object.status).toBe(200);
      expect(object.headers.get('content-type')).toBe('image/webp');

      const original = await t.app.inject({ method: 'GET', url });
      expect(original.statusCode).toBe(200);
      expect(original.headers['content-type']).toBe('image/webp');
      expect(original.headers['cache-control']).toBe(IMMUTABLE);
      expect(original.headers.etag).toMatch(/^"[0-9a-f]{32}"$/);
      expect(Buffer.from(await object.arrayBuffer())).toEqual(original.rawPayload);

      const variant = await t.app.inject({ method: 'GET', url: mediaUrl(key, 480) });
      expect(variant.statusCode).toBe(200);
      expect(variant.headers['cache-control']).toBe(IMMUTABLE);
      expect(await sharp(variant.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 480 });
      const again = await t.app.inject({ method: 'GET', url: mediaUrl(key, 480), headers: { 'if-none-match': variant.headers.etag as string } });
      expect(again.statusCode).toBe(304);
    });

    it('receives a video on this machine, sends it to the bucket, and answers byte ranges from there', async () => {
      const video = realMp4({ mediaBytes: 200_000 });
      const url = await uploadAs(t, video, 'clip.mp4', 'video/mp4');
      const range = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=100-199' } });
      expect(range.statusCode).toBe(206);
      expect(range.headers['content-range']).toBe(`bytes 100-199/${video.length}`);
      expect(range.rawPayload).toEqual(video.subarray(100, 200));
      expect(range.headers['cache-control']).toBe(IMMUTABLE);
    });
  });

  describe('served from the public address', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp({ env: s3.env({ publicUrl: true }) });
    });
    afterAll(() => t.close());

    it('redirects for good to the object, a variant rendered first, and lets pages load media from there', async () => {
      const url = await uploadAs(t, await photo(), 'IMG_0002.JPG', 'image/jpeg');
      const key = url.slice('/media/'.length);
      const original = await t.app.inject({ method: 'GET', url });
      expect(original.statusCode).toBe(301);
      expect(original.headers.location).toBe(`${s3.endpoint}/${s3.bucket}/${key}`);
      expect(original.headers['cache-control']).toBe(IMMUTABLE);

      const variant = await t.app.inject({ method: 'GET', url: mediaUrl(key, 320) });
      expect(variant.statusCode).toBe(301);
      expect(variant.headers.location).toMatch(new RegExp(`^${s3.endpoint}/${s3.bucket}/variants/[0-9a-f]{32}-w320\\.webp$`));
      const object = await fetch(variant.headers.location as string);
      expect(object.headers.get('cache-control')).toBe(IMMUTABLE);
      expect(await sharp(Buffer.from(await object.arrayBuffer())).metadata()).toMatchObject({ format: 'webp', width: 320 });

      expect((await t.app.inject({ method: 'GET', url: '/media/covers/0000000000000000.webp' })).statusCode).toBe(404);
      const csp = String((await t.app.inject({ method: 'GET', url: '/api/health' })).headers['content-security-policy']);
      expect(csp).toMatch(new RegExp(`img-src [^;]*${s3.endpoint}`));
      expect(csp).toMatch(new RegExp(`media-src [^;]*${s3.endpoint}`));
    });
  });
});
