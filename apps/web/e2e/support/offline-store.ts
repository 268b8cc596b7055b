import type { Page } from 'playwright-core';

// The phone's offline database (apps/web/src/features/player/offline/offline-db.ts), read from a
// page, and the stores it replaced, seeded as an older version of the app left them.

/** How many changes wait in the progress outbox; 0 before the app made its database (reading never creates it). */
export function outboxLength(page: Page): Promise<number> {
  return page.evaluate(async () => {
    if (!(await indexedDB.databases()).some((db) => db.name === 'streethunt')) return 0;
    return new Promise<number>((resolve, reject) => {
      const open = indexedDB.open('streethunt');
      open.onerror = () => reject(open.error ?? new Error('open failed'));
      open.onsuccess = () => {
        const count = open.result.transaction('outbox').objectStore('outbox').count();
        count.onsuccess = () => {
          open.result.close();
          resolve(count.result);
        };
      };
    });
  });
}

export type OldStores = { localStorage: Record<string, unknown>; photos: { id: string; questionId: string; gameId: string; secretCode: string; at: string }[] };

/**
 * What the app kept before the one database: localStorage keys (as JSON) and the `streethunt-photos`
 * database with a small JPEG-typed blob per photo. Seeded from a page of the app's origin that does not
 * run the app (its favicon), so the app's first start finds them.
 */
export async function seedOldStores(page: Page, stores: OldStores): Promise<void> {
  await page.goto('/favicon.svg');
  await page.evaluate(async ({ localStorage: records, photos }) => {
    for (const [key, value] of Object.entries(records)) localStorage.setItem(key, JSON.stringify(value));
    await new Promise<void>((resolve, reject) => {
      const open = indexedDB.open('streethunt-photos', 1);
      open.onupgradeneeded = () => open.result.createObjectStore('photos', { keyPath: 'id' });
      open.onerror = () => reject(open.error ?? new Error('open failed'));
      open.onsuccess = () => {
        const tx = open.result.transaction('photos', 'readwrite');
        for (const photo of photos) tx.objectStore('photos').put({ ...photo, blob: new Blob(['not really a jpeg'], { type: 'image/jpeg' }) });
        tx.oncomplete = () => {
          open.result.close();
          resolve();
        };
      };
    });
  }, stores);
}

/** The old stores once the app moved them: what is left of them (nothing, once moved). */
export function oldStoresLeft(page: Page): Promise<{ keys: string[]; photoDb: boolean }> {
  return page.evaluate(async () => ({
    keys: Object.keys(localStorage).filter((key) => key === 'activeGame' || (key.startsWith('player.') && !key.startsWith('player.language.'))),
    photoDb: (await indexedDB.databases()).some((db) => db.name === 'streethunt-photos'),
  }));
}

/** The photos waiting in the new database's photo outbox: id, blob size and type. */
export function photosKept(page: Page): Promise<{ id: string; bytes: number; type: string }[]> {
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('streethunt');
        open.onerror = () => reject(open.error ?? new Error('open failed'));
        open.onsuccess = () => {
          const all = open.result.transaction('photos').objectStore('photos').getAll();
          all.onsuccess = () => {
            open.result.close();
            resolve((all.result as { id: string; blob: Blob }[]).map((photo) => ({ id: photo.id, bytes: photo.blob.size, type: photo.blob.type })));
          };
        };
      }),
  );
}

/** A record of the kept play (under player-store.ts STORE_KEYS, e.g. 'activeGame'); null when there is none. */
export function keptRecord(page: Page, key: string): Promise<unknown> {
  return page.evaluate(async (key) => {
    if (!(await indexedDB.databases()).some((db) => db.name === 'streethunt')) return null;
    return new Promise<unknown>((resolve, reject) => {
      const open = indexedDB.open('streethunt');
      open.onerror = () => reject(open.error ?? new Error('open failed'));
      open.onsuccess = () => {
        const get = open.result.transaction('kept').objectStore('kept').get(key);
        get.onsuccess = () => {
          open.result.close();
          resolve(get.result ?? null);
        };
      };
    });
  }, key);
}
