import type { Readable } from 'node:stream';
import { isMediaKey } from '@streethunt/shared';

/**
 * Where media files live, by key (`covers/3f2a9c0d1e4b5a69.webp`): on the local disk under
 * DATA_DIR/media (local-storage.ts), or in an S3 bucket that every machine shares (s3-storage.ts),
 * as create-storage.ts chooses from the configuration. Keys follow the shared media-key rule; any
 * other key is refused before it reaches the disk or the bucket.
 */
export interface Storage {
  /** Stores `data` under `key`, replacing what was there; readers see the old file or the new one, never half of one. */
  put(key: string, data: Uint8Array): Promise<void>;
  /** The stored bytes, or null when nothing is stored under `key`. */
  get(key: string): Promise<Buffer | null>;
  exists(key: string): Promise<boolean>;
  /** Removes the file under `key`; nothing happens when there is none. */
  remove(key: string): Promise<void>;
  /** Size and last change of the stored file, or null when nothing is stored under `key`. */
  stat(key: string): Promise<StoredFileInfo | null>;
  /**
   * The stored bytes as a stream (only `range`, both ends included, when given), or null when
   * nothing is stored: a video is sent in pieces, never read whole into memory.
   */
  read(key: string, range?: ByteRange): Promise<Readable | null>;
  /**
   * Receives a stream (an upload) under no key yet, so an upload refused halfway leaves nothing
   * behind: `commit` then shows it under its key (named by its content, known only at the end),
   * `discard` drops it. When `source` fails, nothing is kept and its error is thrown.
   */
  stage(source: AsyncIterable<Uint8Array>): Promise<StagedFile>;
  /**
   * Where anyone can fetch the file under `key` without the app (a bucket's public address, a CDN),
   * when the storage has such an address; GET /media/{key} then redirects there.
   */
  publicUrl?: (key: string) => string;
}

type StoredFileInfo = { bytes: number; modifiedAt: Date };

/** Bytes `start` to `end` of a file, both included (as HTTP ranges count them). */
export type ByteRange = { start: number; end: number };

export interface StagedFile {
  /** How many bytes were received. */
  readonly bytes: number;
  /** Stores the received bytes under `key`, replacing what was there. */
  commit(key: string): Promise<void>;
  /** Drops the received bytes; safe to call after commit or twice. */
  discard(): Promise<void>;
}

export class StorageKeyError extends Error {
  constructor(key: string) {
    super(`Not a storage key: ${JSON.stringify(key.slice(0, 80))}`);
  }
}

/** Throws unless `key` is a valid media key. */
export function assertStorageKey(key: string): void {
  if (!isMediaKey(key)) throw new StorageKeyError(key);
}
