import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { isContentHashedKey } from '@streethunt/shared';
import type { S3Config } from '../../config.ts';
import { receiveUpload } from './local-storage.ts';
import { imageContentType, streamedContentType } from './media-types.ts';
import { assertStorageKey, type StagedFile, type Storage } from './storage.ts';

/** The bucket (config.ts's S3Config), and where uploads are received first. */
export type S3StorageOptions = S3Config & {
  /**
   * A folder on this machine's disk where an upload is received before it has a key (its length is
   * known only at the end, and a refused upload must leave nothing in the bucket); swept at start as
   * the local disk's is.
   */
  stagingDir: string;
};

/** Stored objects carry the caching the app itself would send for them, so a CDN in front serves them alike. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/** The SDK's errors carry the HTTP status; 404 is 'no object under this key' (NoSuchKey, NotFound). */
const isMissing = (error: unknown) => (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;

/**
 * Media in an S3 bucket (AWS, or any service speaking its API), one object per key, so several
 * machines behind a load balancer see the same files. A PUT replaces an object whole, so readers see
 * the old bytes or the new ones, never half.
 */
export function createS3Storage(options: S3StorageOptions): Storage {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    credentials: options.credentials,
    forcePathStyle: options.forcePathStyle,
    // Checksums only where the API demands them: many S3-compatible servers refuse the newer trailers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = options.bucket;

  const objectHeaders = (key: string) => ({
    ContentType: imageContentType(key) ?? streamedContentType(key) ?? 'application/octet-stream',
    CacheControl: isContentHashedKey(key) ? IMMUTABLE : REVALIDATE,
  });

  async function head(key: string) {
    assertStorageKey(key);
    try {
      return await client.send(new HeadObjectCommand({ Bucket, Key: key }));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async function getObject(key: string, range?: { start: number; end: number }) {
    assertStorageKey(key);
    try {
      const reply = await client.send(new GetObjectCommand({ Bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }));
      return reply.Body ?? null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  const storage: Storage = {
    async put(key, data) {
      assertStorageKey(key);
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: data, ContentLength: data.byteLength, ...objectHeaders(key) }));
    },
    async get(key) {
      const body = await getObject(key);
      return body ? Buffer.from(await body.transformToByteArray()) : null;
    },
    async exists(key) {
      return (await head(key)) !== null;
    },
    async remove(key) {
      assertStorageKey(key);
      // S3 answers a delete of a missing key as done.
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async stat(key) {
      const info = await head(key);
      return info ? { bytes: info.ContentLength ?? 0, modifiedAt: info.LastModified ?? new Date(0) } : null;
    },
    async read(key, range) {
      // In Node the SDK's body is the HTTP response itself, a Readable: the object streams, never whole in memory.
      return (await getObject(key, range)) as Readable | null;
    },
    async stage(source) {
      const { file, bytes } = await receiveUpload(options.stagingDir, source);
      let settled = false;
      const staged: StagedFile = {
        bytes,
        async commit(key) {
          assertStorageKey(key);
          if (settled) throw new Error('This staged file was already committed or discarded');
          await client.send(new PutObjectCommand({ Bucket, Key: key, Body: createReadStream(file), ContentLength: bytes, ...objectHeaders(key) }));
          settled = true;
          await rm(file, { force: true });
        },
        async discard() {
          settled = true;
          await rm(file, { force: true });
        },
      };
      return staged;
    },
    publicUrl: options.publicUrl ? (key) => `${options.publicUrl}/${key}` : undefined,
  };
  return storage;
}
