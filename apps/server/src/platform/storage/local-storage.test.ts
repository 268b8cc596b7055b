import { mkdir, mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLocalStorage, sweepStagedUploads } from './local-storage.ts';
import { describeStorageContract } from './storage-contract.ts';
import { StorageKeyError, type Storage } from './storage.ts';

/** Every file under `root`, staging included, as slash-separated paths relative to it. */
async function filesUnder(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
}

async function openLocal() {
  const dir = await mkdtemp(path.join(tmpdir(), 'streethunt-storage-'));
  const root = path.join(dir, 'media');
  return { dir, root, storage: createLocalStorage(root), kept: () => filesUnder(root), close: () => rm(dir, { recursive: true, force: true }), wholeConcurrentWrites: true };
}

describeStorageContract('local storage', openLocal);

describe('local storage: the disk', () => {
  let t: Awaited<ReturnType<typeof openLocal>>;
  let storage: Storage;
  beforeEach(async () => {
    t = await openLocal();
    storage = t.storage;
  });
  afterEach(() => t.close());

  const bytes = Buffer.alloc(1000, 7);
  async function* chunks(data: Buffer) {
    yield data.subarray(0, 500);
    yield data.subarray(500);
  }

  it('writes one file per key under its folder', async () => {
    await storage.put('covers/a1.webp', bytes);
    expect(await readFile(path.join(t.root, 'covers', 'a1.webp'))).toEqual(bytes);
  });

  it('reads files another process wrote under the same folder (a restart, a second server)', async () => {
    await mkdir(path.join(t.root, 'covers'), { recursive: true });
    await writeFile(path.join(t.root, 'covers', 'old.jpg'), 'jpeg bytes');
    const again = createLocalStorage(t.root);
    expect((await again.get('covers/old.jpg'))?.toString()).toBe('jpeg bytes');
  });

  it('says a folder or a path through a file is not a stored file', async () => {
    await storage.put('covers/a.webp', new Uint8Array([1]));
    await mkdir(path.join(t.root, 'dir.webp'));
    expect(await storage.exists('dir.webp')).toBe(false);
    expect(await storage.get('dir.webp')).toBeNull();
    expect(await storage.stat('dir.webp')).toBeNull();
    expect(await storage.read('dir.webp')).toBeNull();
    // 'covers/a.webp' is a file, so nothing can be under it; the key rule refuses the dot anyway.
    await expect(storage.get('covers/a.webp/b.webp')).rejects.toBeInstanceOf(StorageKeyError);
  });

  it('never touches a file outside its folder for a key that climbs out', async () => {
    await writeFile(path.join(t.dir, 'secret.txt'), 'secret');
    await expect(storage.put('../secret.txt', new Uint8Array([1]))).rejects.toBeInstanceOf(StorageKeyError);
    expect(await readFile(path.join(t.dir, 'secret.txt'), 'utf8')).toBe('secret');
  });

  it('sweeps uploads a stopped process left half-received, but not one being received now', async () => {
    const left = await storage.stage(chunks(bytes));
    const [oldFile] = await t.kept();
    expect(oldFile).toMatch(/^\.staging\/[0-9a-f]+\.part$/);
    const fresh = await storage.stage(chunks(bytes));
    // The first was received two hours ago (its mtime), the other just now.
    const hoursAgo = new Date(Date.now() - 2 * 60 * 60_000);
    await utimes(path.join(t.root, oldFile!), hoursAgo, hoursAgo);
    expect(await sweepStagedUploads(t.root)).toBe(1);
    expect(await t.kept()).toHaveLength(1);
    expect(await t.kept()).not.toContain(oldFile);
    await fresh.commit('uploads/u1/fresh.mp4');
    await left.discard();
    expect(await t.kept()).toEqual(['uploads/u1/fresh.mp4']);
    expect(await sweepStagedUploads(path.join(t.dir, 'nothing-here'))).toBe(0);
  });
});
