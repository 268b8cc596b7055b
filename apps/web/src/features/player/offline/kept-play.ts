/**
 * What the phone keeps of its play, read synchronously by the screens (the session's constructor, the
 * game's cached reply, the wrong tries): an in-memory mirror of the IndexedDB database (offline-db.ts),
 * filled once by loadKept() and written through on every change. The database code (the `idb`
 * library, the migration from the old stores) loads in its own chunk, off the page's first load.
 *
 * Until loadKept() has finished, writes stay in memory only: the screen drawn before (as the server
 * drew it, with nothing kept) must not overwrite what the database holds.
 */
let records = new Map<string, unknown>();
let outbox: unknown[] = [];
// Where there is no IndexedDB (the server drawing a page, the unit tests), the mirror is all there is.
const hasDb = typeof indexedDB !== 'undefined';
let loaded = !hasDb;
let loading: Promise<void> | null = null;
let writes: Promise<unknown> = Promise.resolve();

const io = () => import('./kept-io.ts');

/** Reads the database into the mirror (once; later calls get the same promise). A failing database leaves the mirror as it is. */
export function loadKept(): Promise<void> {
  loading ??= loaded
    ? Promise.resolve()
    : io()
        .then((db) => db.readAll())
        .then(
          (all) => {
            records = all.records;
            outbox = all.outbox;
          },
          () => undefined,
        )
        .then(() => {
          loaded = true;
        });
  return loading;
}

export const isKeptLoaded = (): boolean => loaded;

function writeThrough(work: (db: Awaited<ReturnType<typeof io>>) => Promise<void>): void {
  if (!loaded || !hasDb) return;
  // In order, one after the other: the last write of a key is the one kept.
  writes = writes.then(() => io().then(work)).catch(() => undefined);
}

export function keptGet(key: string): unknown {
  return records.has(key) ? records.get(key) : null;
}

/** Keeps a record; null removes it. */
export function keptPut(key: string, value: unknown): void {
  if (value === null) records.delete(key);
  else records.set(key, value);
  writeThrough((db) => db.putRecord(key, value));
}

export const keptKeys = (): string[] => [...records.keys()];

/** The progress outbox, in the order the changes were made. */
export const keptOutbox = (): unknown[] => outbox;

/** Reads the outbox again from the database, after this tab's own writes: another tab may have sent or added changes. */
export function reloadOutbox(): Promise<void> {
  return loaded && hasDb
    ? writes
        .then(io)
        .then((db) => db.readOutbox())
        .then(
          (list) => {
            outbox = list;
          },
          () => undefined,
        )
    : Promise.resolve();
}

/** The outbox as this tab now sees it, and the one record that changed in the database (kept-io.ts: one record per change). */
export function keepOutbox(list: unknown[], change: (db: Awaited<ReturnType<typeof io>>) => Promise<void>): void {
  outbox = list;
  writeThrough(change);
}

/** Empties the mirror (tests start from a phone that keeps nothing). */
export function forgetKept(): void {
  records.clear();
  outbox = [];
}
