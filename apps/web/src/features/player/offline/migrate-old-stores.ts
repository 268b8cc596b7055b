import type { QueuedPhoto } from '../photo/photo-queue.ts';
import type { OfflineDb } from './offline-db.ts';

/*
 * Before the one database, what the phone kept sat in five stores: localStorage (the active game, its
 * grant, progress and game reply per game, the event, the photo verdicts read, the wrong tries, the
 * progress queue) and the `streethunt-photos` database (the photo queue). On the first open of the new
 * database they are moved in, in one transaction, then removed. A phone updated mid-game loses nothing:
 * its play, its queued answers (in their order) and its photos carry over.
 */

const OLD_PHOTO_DB = 'streethunt-photos';
const OLD_QUEUE = 'player.queue';
const MIGRATED = 'migrated';

/** The kept records of the old localStorage keys the new database keeps as they were, by the stamp each carried. */
const OLD_RECORDS: { matches(key: string): boolean; valid(value: unknown): boolean }[] = [
  { matches: (key) => key === 'activeGame', valid: (value) => typeof (value as { game_id?: unknown } | null)?.game_id === 'string' },
  { matches: (key) => key === 'player.grant', valid: (value) => typeof (value as { grant?: unknown } | null)?.grant === 'string' },
  { matches: (key) => key === 'player.wrong-tries', valid: (value) => value !== null && typeof value === 'object' && !Array.isArray(value) },
  // Stamped with the store version of their shape: another stamp is an older shape, dropped as the old store did.
  ...['player.progress.', 'player.game.'].map((prefix) => ({ matches: (key: string) => key.startsWith(prefix), valid: (value: unknown) => stampOf(value) === 2 })),
  ...['player.event.', 'player.verdicts.'].map((prefix) => ({ matches: (key: string) => key.startsWith(prefix), valid: (value: unknown) => stampOf(value) === 1 })),
];

const stampOf = (value: unknown): unknown => (value !== null && typeof value === 'object' ? (value as { v?: unknown }).v : undefined);

function parse(raw: string | null): unknown {
  try {
    return raw === null ? null : JSON.parse(raw);
  } catch {
    return null;
  }
}

type OldStores = { records: [string, unknown][]; queue: unknown[]; removable: string[] };

function readOldLocalStorage(): OldStores {
  const found: OldStores = { records: [], queue: [], removable: [] };
  if (typeof localStorage === 'undefined') return found;
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (key === null) continue;
    if (key === OLD_QUEUE) {
      const queue = parse(localStorage.getItem(key));
      if (Array.isArray(queue)) found.queue = queue.filter((action: { id?: unknown } | null) => typeof action?.id === 'string');
      found.removable.push(key);
      continue;
    }
    const kind = OLD_RECORDS.find((record) => record.matches(key));
    if (!kind) continue;
    found.removable.push(key);
    const value = parse(localStorage.getItem(key));
    if (kind.valid(value)) found.records.push([key, value]);
  }
  return found;
}

/** Every photo of the old database; none when it does not exist (it is not created by looking). */
function readOldPhotos(): Promise<QueuedPhoto[]> {
  if (typeof indexedDB === 'undefined') return Promise.resolve([]);
  return new Promise((resolve) => {
    const req = indexedDB.open(OLD_PHOTO_DB);
    req.onupgradeneeded = (event) => {
      // No old database: leave none behind.
      if (event.oldVersion === 0) req.transaction?.abort();
    };
    req.onerror = () => resolve([]);
    req.onsuccess = () => {
      const old = req.result;
      if (!old.objectStoreNames.contains('photos')) {
        old.close();
        resolve([]);
        return;
      }
      const all = old.transaction('photos').objectStore('photos').getAll();
      all.onsuccess = () => {
        old.close();
        resolve(all.result as QueuedPhoto[]);
      };
      all.onerror = () => {
        old.close();
        resolve([]);
      };
    };
  });
}

function deleteOldPhotoDb(): Promise<void> {
  return new Promise((resolve) => {
    const req = indexedDB.deleteDatabase(OLD_PHOTO_DB);
    req.onsuccess = req.onerror = req.onblocked = () => resolve();
  });
}

/** Moves the old stores into `db`, once (the `migrated` marker); true when it moved them this time. */
export async function migrateOldStores(db: OfflineDb): Promise<boolean> {
  if ((await db.get('meta', MIGRATED)) !== undefined) return false;
  const old = readOldLocalStorage();
  const photos = await readOldPhotos();
  const tx = db.transaction(['kept', 'outbox', 'photos', 'meta'], 'readwrite');
  // Another tab may have moved them meanwhile: the marker is checked again inside the transaction that writes.
  if ((await tx.objectStore('meta').get(MIGRATED)) !== undefined) {
    await tx.done;
    return false;
  }
  const writes: Promise<unknown>[] = [
    ...old.records.map(([key, value]) => tx.objectStore('kept').put(value, key)),
    ...old.queue.map((action, i) => tx.objectStore('outbox').put(action, i)),
    ...photos.map((photo) => tx.objectStore('photos').put(photo)),
    tx.objectStore('meta').put(new Date().toISOString(), MIGRATED),
  ];
  await Promise.all(writes);
  await tx.done;
  old.removable.forEach((key) => localStorage.removeItem(key));
  await deleteOldPhotoDb();
  return true;
}
