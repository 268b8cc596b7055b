import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DeleteObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type S3Server } from '../../test/s3-server.ts';
import { createS3Storage } from './s3-storage.ts';
import { describeStorageContract } from './storage-contract.ts';

let server: S3Server;
beforeAll(async () => {
  server = await startS3Server();
});
afterAll(() => server.close());

/** The bucket's keys and the uploads being received on this machine, as one list. */
async function openS3(options: { publicUrl?: boolean } = {}) {
  const config = server.config(options);
  const stagingDir = await mkdtemp(path.join(tmpdir(), 'streethunt-s3-staging-'));
  const client = new S3Client({ region: config.region, endpoint: config.endpoint, credentials: config.credentials, forcePathStyle: true });
  const keys = async () => ((await client.send(new ListObjectsV2Command({ Bucket: config.bucket }))).Contents ?? []).map((o) => o.Key!);
  const staged = async () => (await readdir(stagingDir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).map((e) => `staging:${e.name}`);
  return {
    storage: createS3Storage({ ...config, stagingDir }),
    kept: async () => [...(await keys()), ...(await staged())].sort(),
    // s3rver writes a PUT straight into its file (S3 itself keeps one whole): storage-contract.ts.
    wholeConcurrentWrites: false,
    async close() {
      await Promise.all((await keys()).map((Key) => client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key }))));
      await rm(stagingDir, { recursive: true, force: true });
      client.destroy();
    },
  };
}

describeStorageContract('S3 storage', () => openS3());

describe('S3 storage: the bucket', () => {
  it('stores each object with the type and caching the app sends for it, served as such from the public address', async () => {
    const t = await openS3({ publicUrl: true });
    try {
      await t.storage.put('covers/0123456789abcdef.webp', Buffer.from('webp bytes'));
      await t.storage.put('demo/cover.jpg', Buffer.from('jpeg bytes'));
      const hashed = await fetch(t.storage.publicUrl!('covers/0123456789abcdef.webp'));
      expect(hashed.status).toBe(200);
      expect(hashed.headers.get('content-type')).toBe('image/webp');
      expect(hashed.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(await hashed.text()).toBe('webp bytes');
      const named = await fetch(t.storage.publicUrl!('demo/cover.jpg'));
      expect(named.headers.get('content-type')).toBe('image/jpeg');
      expect(named.headers.get('cache-control')).toBe('no-cache');
    } finally {
      await t.close();
    }
  });

  it('has no public address unless one is set', async () => {
    const t = await openS3();
    expect(t.storage.publicUrl).toBeUndefined();
    await t.close();
  });

  it('fails loudly, not as "nothing there", when the bucket cannot be reached', async () => {
    const stagingDir = await mkdtemp(path.join(tmpdir(), 'streethunt-s3-staging-'));
    const storage = createS3Storage({ ...server.config(), endpoint: 'http://127.0.0.1:9', stagingDir });
    await expect(storage.get('covers/a.webp')).rejects.toThrow();
    await expect(storage.exists('covers/a.webp')).rejects.toThrow();
    await rm(stagingDir, { recursive: true, force: true });
  });
});
