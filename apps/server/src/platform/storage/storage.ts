import { isMediaKey } from '@streethunt/shared';

/**
 * Where media files live, by key (`covers/3f2a9c0d1e4b5a69.webp`). The local implementation keeps
 * them under DATA_DIR/media; object storage can come later behind the same interface (DESIGN.md
 * sections 2 and 8). Keys follow the shared media-key rule; any other key is refused before it
 * reaches the disk.
 */
export interface Storage {
  /** Stores `data` under `key`, replacing what was there; readers see the old file or the new one, never half of one. */
  put(key: string, data: Uint8Array): Promise<void>;
  /** The stored bytes, or null when nothing is stored under `key`. */
  get(key: string): Promise<Buffer | null>;
  exists(key: string): Promise<boolean>;
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
