import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Config } from '../config.ts';

export type S3Server = {
  /** http://127.0.0.1:{port}: the S3 API, and (path style) each object at {endpoint}/{bucket}/{key}. */
  endpoint: string;
  bucket: string;
  /** The app's settings for this bucket, as a server process reads them. */
  env(options?: { publicUrl?: boolean }): Record<string, string>;
  config(options?: { publicUrl?: boolean }): S3Config;
  close(): Promise<void>;
};

/** s3rver's fixed keys: it checks every request's signature against them. */
const ACCESS_KEY = 'S3RVER';

/**
 * A real server speaking the S3 API on loopback (s3rver, objects in a folder of its own), with one
 * empty bucket: the storage adapter's tests and the several-processes test run against it.
 */
export async function startS3Server(): Promise<S3Server> {
  const directory = await mkdtemp(path.join(tmpdir(), 'streethunt-s3-'));
  const bucket = 'streethunt-media';
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, vhostBuckets: false, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const config = (options: { publicUrl?: boolean } = {}): S3Config => ({
    bucket,
    region: 'us-east-1',
    endpoint,
    credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: ACCESS_KEY },
    forcePathStyle: true,
    publicUrl: options.publicUrl ? `${endpoint}/${bucket}` : undefined,
  });
  return {
    endpoint,
    bucket,
    config,
    env(options = {}) {
      const c = config(options);
      return {
        S3_BUCKET: c.bucket,
        S3_REGION: c.region,
        S3_ENDPOINT: endpoint,
        S3_ACCESS_KEY_ID: ACCESS_KEY,
        S3_SECRET_ACCESS_KEY: ACCESS_KEY,
        S3_FORCE_PATH_STYLE: 'true',
        ...(c.publicUrl ? { S3_PUBLIC_URL: c.publicUrl } : {}),
      };
    },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
