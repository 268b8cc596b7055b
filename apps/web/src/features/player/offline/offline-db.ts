import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { QueuedPhoto } from '../photo/photo-queue.ts';

/**
 * The one database of what the phone keeps (DESIGN.md section 14): the kept play (records under the
 * keys of player-store.ts STORE_KEYS: the active game, its grant, progress, game reply, event, photo
 * verdicts read, wrong tries), the progress outbox in the order the changes were made, and the photo
 * outbox with its blobs. One version: a change of shape is a new version with its own upgrade step.
 */
const DB_NAME = 'streethunt';
const DB_VERSION = 1;

interface OfflineSchema extends DBSchema {
  /** The kept play: a record per key, as player-store.ts and its neighbours shape it. */
  kept: { key: string; value: unknown };
  /** The progress outbox: one QueuedAction per record, under an increasing key (the order made); a record is deleted only once the server took its change. */
  outbox: { key: number; value: unknown };
  /** The photo outbox: one photo per play and question. */
  photos: { key: string; value: QueuedPhoto };
  /** 'migrated': the old stores (localStorage, the `streethunt-photos` database) were moved in. */
  meta: { key: string; value: unknown };
}

export type OfflineDb = IDBPDatabase<OfflineSchema>;

export function openOfflineDb(): Promise<OfflineDb> {
  return openDB<OfflineSchema>(DB_NAME, DB_VERSION, {
    upgrade(db) {
      db.createObjectStore('kept');
      db.createObjectStore('outbox');
      db.createObjectStore('photos', { keyPath: 'id' });
      db.createObjectStore('meta');
    },
  });
}
