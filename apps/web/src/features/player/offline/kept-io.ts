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

/** The outbox, in the order the changes were made (their keys'). */
export async function readOutbox(): Promise<unknown[]> {
  return (await db()).getAll('outbox');
}

/** The outbox's records whose change has this id (one, unless an older app wrote it twice), by key. */
async function keysOf(tx: { store: { openCursor(): Promise<{ key: number; value: unknown; continue(): Promise<unknown> } | null> } }, id: string): Promise<number[]> {
  const keys: number[] = [];
  for (let cursor = await tx.store.openCursor(); cursor; cursor = (await cursor.continue()) as typeof cursor) {
    if ((cursor.value as { id?: unknown } | null)?.id === id) keys.push(cursor.key);
  }
  return keys;
}

/*
 * The outbox is one record per change, under an increasing key: a tab adds its change's record, and
 * deletes a change's record by its key once the server took it, never rewriting the others. A tab
 * whose copy of the outbox is stale (another tab sent some meanwhile) cannot put a sent change back.
 */

/** A new change, after every change kept. */
export async function addChange(action: unknown): Promise<void> {
  const tx = (await db()).transaction('outbox', 'readwrite');
  const last = await tx.store.openCursor(null, 'prev');
  await tx.store.put(action, last ? last.key + 1 : 0);
  await tx.done;
}

/** A change the server took (or refused): its record goes. */
export async function removeChange(id: string): Promise<void> {
  const tx = (await db()).transaction('outbox', 'readwrite');
  await Promise.all((await keysOf(tx, id)).map((key) => tx.store.delete(key)));
  await tx.done;
}

/** A change still waiting, counted again (its server failures): only if it is still there. */
export async function updateChange(action: { id: string }): Promise<void> {
  const tx = (await db()).transaction('outbox', 'readwrite');
  await Promise.all((await keysOf(tx, action.id)).map((key) => tx.store.put(action, key)));
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
