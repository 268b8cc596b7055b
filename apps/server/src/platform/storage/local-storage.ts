import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, stat, writeFile, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { assertStorageKey, StorageKeyError, type StagedFile, type Storage } from './storage.ts';

/** Errors that mean 'no file under this key' (a folder named like a file, a file where a folder would be). */
const MISSING = new Set(['ENOENT', 'ENOTDIR', 'EISDIR']);
const isMissing = (error: unknown) => MISSING.has((error as NodeJS.ErrnoException).code ?? '');

/**
 * Where uploads are received before they get a key. Inside `root` so that commit is a rename on one
 * file system; no key can name it (a key's folders never start with a dot), so it is never served.
 */
const STAGING_FOLDER = '.staging';

/** Files on the local disk under `root` (DATA_DIR/media), one file per key. */
export function createLocalStorage(root: string): Storage {
  const base = path.resolve(root);

  /** The file of a key, checked once more to be inside `root` whatever the key rule lets through. */
  function fileOf(key: string): string {
    assertStorageKey(key);
    const file = path.resolve(base, key);
    if (!file.startsWith(base + path.sep)) throw new StorageKeyError(key);
    return file;
  }

  return {
    async put(key, data) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Write beside, then rename: atomic on one file system, so a concurrent reader never sees half a file.
      const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        await writeFile(temporary, data);
        await rename(temporary, file);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
    async get(key) {
      const file = fileOf(key);
      try {
        return await readFile(file);
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async remove(key) {
      await rm(fileOf(key), { force: true });
    },
    async exists(key) {
      const file = fileOf(key);
      try {
        return (await stat(file)).isFile();
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
    async stat(key) {
      const file = fileOf(key);
      try {
        const info = await stat(file);
        return info.isFile() ? { bytes: info.size, modifiedAt: info.mtime } : null;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async read(key, range) {
      const file = fileOf(key);
      let handle: FileHandle | undefined;
      try {
        handle = await open(file, 'r');
        if (!(await handle.stat()).isFile()) {
          await handle.close();
          return null;
        }
      } catch (error) {
        await handle?.close();
        if (isMissing(error)) return null;
        throw error;
      }
      // The stream owns the handle from here and closes it when it ends or is destroyed.
      return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
    },
    async stage(source) {
      const { file: temporary, bytes } = await receiveUpload(base, source);
      let settled = false;
      const staged: StagedFile = {
        bytes,
        async commit(key) {
          const file = fileOf(key);
          if (settled) throw new Error('This staged file was already committed or discarded');
          await mkdir(path.dirname(file), { recursive: true });
          await rename(temporary, file);
          settled = true;
        },
        async discard() {
          settled = true;
          await rm(temporary, { force: true });
        },
      };
      return staged;
    },
  };
}

/**
 * Receives an upload into `root`'s staging folder under a random name: the file and its length, or
 * nothing left behind when `source` fails (its error is thrown).
 */
export async function receiveUpload(root: string, source: AsyncIterable<Uint8Array>): Promise<{ file: string; bytes: number }> {
  const staging = path.join(path.resolve(root), STAGING_FOLDER);
  await mkdir(staging, { recursive: true });
  const file = path.join(staging, `${randomBytes(12).toString('hex')}.part`);
  let bytes = 0;
  async function* counted(chunks: AsyncIterable<Uint8Array>) {
    for await (const chunk of chunks) {
      bytes += chunk.byteLength;
      yield chunk;
    }
  }
  const out = createWriteStream(file, { flags: 'wx' });
  try {
    await pipeline(counted(source), out);
  } catch (error) {
    // Removed once the stream has closed: were its open still under way, the file would appear after
    // the removal.
    if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
    await rm(file, { force: true });
    throw error;
  }
  return { file, bytes };
}

/** A staged upload this old was left by a process that stopped mid-upload (no upload takes an hour). */
const STALE_STAGED_UPLOAD_MS = 60 * 60_000;

/**
 * Removes uploads left half-received in `root`'s staging folder by a crash or a kill; the server calls
 * it at start. Only old ones: another process on the same DATA_DIR may be receiving one right now.
 * Returns how many it removed.
 */
export async function sweepStagedUploads(root: string, now = Date.now(), olderThanMs = STALE_STAGED_UPLOAD_MS): Promise<number> {
  const staging = path.join(path.resolve(root), STAGING_FOLDER);
  const names = await readdir(staging).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names.filter((n) => n.endsWith('.part'))) {
    const file = path.join(staging, name);
    const info = await stat(file).catch(() => null);
    if (info && now - info.mtimeMs > olderThanMs) {
      await rm(file, { force: true });
      removed += 1;
    }
  }
  return removed;
}
