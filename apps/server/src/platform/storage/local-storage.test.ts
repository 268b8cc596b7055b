import { mkdir, mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLocalStorage, sweepStagedUploads } from './local-storage.ts';
import { StorageKeyError, type Storage } from './storage.ts';

describe('local storage', () => {
  let dir: string;
  let root: string;
  let storage: Storage;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'streethunt-storage-'));
    root = path.join(dir, 'media');
    storage = createLocalStorage(root);
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('writes a file under its key on the disk and reads the same bytes back', async () => {
    const bytes = Buffer.from([0, 1, 2, 250, 255, 10, 13]);
    expect(await storage.exists('covers/a1.webp')).toBe(false);
    expect(await storage.get('covers/a1.webp')).toBeNull();

    await storage.put('covers/a1.webp', bytes);
    expect(await readFile(path.join(root, 'covers', 'a1.webp'))).toEqual(bytes);
    expect(await storage.exists('covers/a1.webp')).toBe(true);
    expect(await storage.get('covers/a1.webp')).toEqual(bytes);
    // Nothing but the file itself is left behind.
    expect(await readdir(path.join(root, 'covers'))).toEqual(['a1.webp']);
  });

  it('removes a file by its key, keeps the others, and takes a key with no file as done', async () => {
    await storage.put('uploads/u1/a.webp', Buffer.from('a'));
    await storage.put('uploads/u1/b.webp', Buffer.from('b'));
    await storage.remove('uploads/u1/a.webp');
    expect(await storage.exists('uploads/u1/a.webp')).toBe(false);
    expect(await storage.get('uploads/u1/b.webp')).toEqual(Buffer.from('b'));
    await expect(storage.remove('uploads/u1/a.webp')).resolves.toBeUndefined();
    await expect(storage.remove('../outside.webp')).rejects.toBeInstanceOf(StorageKeyError);
  });

  it('replaces a file put again under the same key, and keeps other keys apart', async () => {
    await storage.put('x/y/z/deep.png', new Uint8Array([1]));
    await storage.put('x/y/z/deep.png', new Uint8Array([2, 3]));
    await storage.put('x/other.png', new Uint8Array([4]));
    expect(await storage.get('x/y/z/deep.png')).toEqual(Buffer.from([2, 3]));
    expect(await storage.get('x/other.png')).toEqual(Buffer.from([4]));
  });

  it('reads files another process wrote under the same folder (a restart, a second server)', async () => {
    await mkdir(path.join(root, 'covers'), { recursive: true });
    await writeFile(path.join(root, 'covers', 'old.jpg'), 'jpeg bytes');
    const again = createLocalStorage(root);
    expect((await again.get('covers/old.jpg'))?.toString()).toBe('jpeg bytes');
  });

  it('says a folder or a path through a file is not a stored file', async () => {
    await storage.put('covers/a.webp', new Uint8Array([1]));
    await mkdir(path.join(root, 'dir.webp'));
    expect(await storage.exists('dir.webp')).toBe(false);
    expect(await storage.get('dir.webp')).toBeNull();
    // 'covers/a.webp' is a file, so nothing can be under it; the key rule refuses the dot anyway.
    await expect(storage.get('covers/a.webp/b.webp')).rejects.toBeInstanceOf(StorageKeyError);
  });

  it('refuses keys that could leave its folder, before touching the disk', async () => {
    await writeFile(path.join(dir, 'secret.txt'), 'secret');
    for (const key of ['../secret.txt', 'covers/../../secret.txt', '/etc/passwd', 'a\0.webp', 'a\\b.webp', '', 'covers/']) {
      await expect(storage.get(key), JSON.stringify(key)).rejects.toBeInstanceOf(StorageKeyError);
      await expect(storage.exists(key), JSON.stringify(key)).rejects.toBeInstanceOf(StorageKeyError);
      await expect(storage.put(key, new Uint8Array([1])), JSON.stringify(key)).rejects.toBeInstanceOf(StorageKeyError);
    }
    expect(await readFile(path.join(dir, 'secret.txt'), 'utf8')).toBe('secret');
    expect(await readdir(dir)).toEqual(['secret.txt']);
  });

  it('keeps concurrent writes of one key whole: the file is one of them, never a mix', async () => {
    const a = Buffer.alloc(256 * 1024, 'a');
    const b = Buffer.alloc(256 * 1024, 'b');
    await Promise.all([storage.put('race.bin', a), storage.put('race.bin', b), storage.put('race.bin', a)]);
    const read = await storage.get('race.bin');
    expect([a.toString(), b.toString()]).toContain(read?.toString());
    expect(await readdir(root)).toEqual(['race.bin']);
  });
});

describe('local storage: streams', () => {
  let dir: string;
  let root: string;
  let storage: Storage;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'streethunt-storage-'));
    root = path.join(dir, 'media');
    storage = createLocalStorage(root);
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  const bytes = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));
  async function* chunks(data: Buffer, size = 64) {
    for (let i = 0; i < data.length; i += size) yield data.subarray(i, i + size);
  }
  const readAll = async (stream: NodeJS.ReadableStream | null) => {
    if (!stream) return null;
    const parts: Buffer[] = [];
    for await (const part of stream) parts.push(Buffer.from(part as Uint8Array));
    return Buffer.concat(parts);
  };
  /** Every file under the storage folder, staging included, as paths relative to it. */
  const filesOnDisk = async () => (await readdir(root, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).map((e) => path.relative(root, path.join(e.parentPath, e.name)));

  it('stats and reads a stored file whole or by range, both ends included', async () => {
    await storage.put('videos/a.mp4', bytes);
    expect(await storage.stat('videos/a.mp4')).toEqual({ bytes: 1000, modifiedAt: expect.any(Date) });
    expect(await readAll(await storage.read('videos/a.mp4'))).toEqual(bytes);
    expect(await readAll(await storage.read('videos/a.mp4', { start: 10, end: 19 }))).toEqual(bytes.subarray(10, 20));
    expect(await readAll(await storage.read('videos/a.mp4', { start: 999, end: 999 }))).toEqual(bytes.subarray(999));
  });

  it('says null for a missing file or a folder, and refuses bad keys', async () => {
    await mkdir(path.join(root, 'dir.mp4'), { recursive: true });
    for (const key of ['nothing.mp4', 'dir.mp4']) {
      expect(await storage.stat(key)).toBeNull();
      expect(await storage.read(key)).toBeNull();
    }
    await expect(storage.read('../x.mp4')).rejects.toBeInstanceOf(StorageKeyError);
    await expect(storage.stat('../x.mp4')).rejects.toBeInstanceOf(StorageKeyError);
  });

  it('stages a stream under no key, then commits it under one', async () => {
    const staged = await storage.stage(chunks(bytes));
    expect(staged.bytes).toBe(1000);
    expect(await storage.exists('videos/b.mp4')).toBe(false);
    await staged.commit('videos/b.mp4');
    expect(await storage.get('videos/b.mp4')).toEqual(bytes);
    expect(await filesOnDisk()).toEqual([path.join('videos', 'b.mp4')]);
    await expect(staged.commit('videos/c.mp4')).rejects.toThrow();
  });

  it('leaves nothing behind when a staged file is discarded or its source fails halfway', async () => {
    const staged = await storage.stage(chunks(bytes));
    await staged.discard();
    await staged.discard();
    expect(await filesOnDisk()).toEqual([]);

    async function* failing() {
      yield bytes.subarray(0, 100);
      throw new Error('client went away');
    }
    await expect(storage.stage(failing())).rejects.toThrow('client went away');
    expect(await filesOnDisk()).toEqual([]);
    await expect(staged.commit('../escape.mp4')).rejects.toBeInstanceOf(StorageKeyError);
  });

  it('sweeps uploads a stopped process left half-received, but not one being received now', async () => {
    const left = await storage.stage(chunks(bytes));
    const [oldFile] = await filesOnDisk();
    expect(oldFile).toMatch(/\.part$/);
    const fresh = await storage.stage(chunks(bytes));
    // The first was received two hours ago (its mtime), the other just now.
    const hoursAgo = new Date(Date.now() - 2 * 60 * 60_000);
    await utimes(path.join(root, oldFile!), hoursAgo, hoursAgo);
    expect(await sweepStagedUploads(root)).toBe(1);
    expect(await filesOnDisk()).toHaveLength(1);
    expect(await filesOnDisk()).not.toContain(oldFile);
    await fresh.commit('uploads/u1/fresh.mp4');
    await left.discard();
    expect(await filesOnDisk()).toEqual([path.join('uploads', 'u1', 'fresh.mp4')]);
    expect(await sweepStagedUploads(path.join(dir, 'nothing-here'))).toBe(0);
  });
});
