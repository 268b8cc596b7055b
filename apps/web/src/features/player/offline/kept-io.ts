import { migrateOldStores } from './migrate-old-stores.ts';
import { openOfflineDb, type OfflineDb } from './offline-db.ts';
import type { QueuedPhoto } from '../photo/photo-queue.ts';

/*
 * The database side of the kept mirror (kept-play.ts) and of the photo outbox: loaded in its own chunk
 * the first time the player page reads what is kept. Opening it moves the old stores in, once.
 */

// Fetched with the database, as the page starts: the outbox's sender and the offline notice must be
// on the phone before the network drops, when the first change made offline needs them.
void import('./send-changes.ts');
void import('./outbox-status.tsx');

let opened: Promise<OfflineDb> | null = null;

function db(): Promise<OfflineDb> {
  opened ??= openOfflineDb().then(async (db) => {
    await migrateOldStores(db);
    return db;
  });
  // A refused open (private browsing) is tried again next time rather than kept failing.
  opened.catch(() => {
    opened = null;
  });
  return opened;
}

export async function readAll(): Promise<{ records: Map<string, unknown>; outbox: unknown[] }> {
  const tx = (await db()).transaction(['kept', 'outbox']);
  const kept = tx.objectStore('kept');
  const [keys, values, outbox] = await Promise.all([kept.getAllKeys(), kept.getAll(), tx.objectStore('outbox').getAll()]);
  return { records: new Map(keys.map((key, i) => [key, values[i]])), outbox };
}

export async function putRecord(key: string, value: unknown): Promise<void> {
  const store = (await db()).transaction('kept', 'readwrite').store;
  await (value === null ? store.delete(key) : store.put(value, key));
}

export async function readOutbox(): Promise<unknown[]> {
  return (await db()).getAll('outbox');
}

/** The whole outbox, in its order. */
export async function writeOutbox(list: unknown[]): Promise<void> {
  const tx = (await db()).transaction('outbox', 'readwrite');
  await tx.store.clear();
  await Promise.all(list.map((action, i) => tx.store.put(action, i)));
  await tx.done;
}

const photoListeners = new Set<() => void>();

/** Hears every change of the photo outbox (the outbox line counts its photos). */
export function onPhotosChanged(listener: () => void): () => void {
  photoListeners.add(listener);
  return () => photoListeners.delete(listener);
}

export async function putPhoto(photo: QueuedPhoto): Promise<void> {
  await (await db()).put('photos', photo);
  photoListeners.forEach((listener) => listener());
}

export async function allPhotos(): Promise<QueuedPhoto[]> {
  return (await db()).getAll('photos');
}

export async function removePhoto(id: string): Promise<void> {
  await (await db()).delete('photos', id);
  photoListeners.forEach((listener) => listener());
}
