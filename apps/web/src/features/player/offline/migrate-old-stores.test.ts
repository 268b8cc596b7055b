import 'fake-indexeddb/auto';
import { Blob as NodeBlob } from 'node:buffer';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildGame, buildProgress, CODE, GAME_ID } from '../test-fixtures.ts';
import { migrateOldStores } from './migrate-old-stores.ts';
import { openOfflineDb, type OfflineDb } from './offline-db.ts';

/** The old photo database, as photo-queue.ts opened it before the one database. */
function seedOldPhotos(photos: object[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open('streethunt-photos', 1);
    req.onupgradeneeded = () => req.result.createObjectStore('photos', { keyPath: 'id' });
    req.onerror = () => reject(req.error ?? new Error('open failed'));
    req.onsuccess = () => {
      const tx = req.result.transaction('photos', 'readwrite');
      photos.forEach((photo) => tx.objectStore('photos').put(photo));
      tx.oncomplete = () => {
        req.result.close();
        resolve();
      };
    };
  });
}

const change = (id: string, questionIndex: number) => ({
  id,
  action: 'set-question-status',
  questionIndex,
  questionStatus: 'answered',
  gameId: GAME_ID,
  secretCode: CODE,
  at: '2026-05-01T10:00:00.000Z',
  attempts: 0,
});

function seedOldLocalStorage() {
  localStorage.setItem('activeGame', JSON.stringify({ game_id: GAME_ID, game_secret: CODE }));
  localStorage.setItem('player.grant', JSON.stringify({ game_id: GAME_ID, game_secret: CODE, grant: 'g-1' }));
  localStorage.setItem(`player.progress.${GAME_ID}`, JSON.stringify({ v: 2, value: buildProgress() }));
  localStorage.setItem(`player.game.${GAME_ID}`, JSON.stringify({ v: 2, value: { secret: CODE, game: buildGame() } }));
  localStorage.setItem(`player.event.${GAME_ID}`, JSON.stringify({ v: 1, secret: CODE, value: { view: { messages: [] }, dismissed: ['m1'] } }));
  localStorage.setItem(`player.verdicts.${GAME_ID}`, JSON.stringify({ v: 1, secret: CODE, read: ['q1 2026'] }));
  localStorage.setItem('player.wrong-tries', JSON.stringify({ [`${GAME_ID}:${CODE}:q1`]: 2 }));
  localStorage.setItem('player.queue', JSON.stringify([change('c', 0), change('a', 1), change('b', 2)]));
}

const oldPhotoDbExists = async () => (await indexedDB.databases()).some((db) => db.name === 'streethunt-photos');

describe('moving the old stores into the one database', () => {
  let db: OfflineDb;
  beforeEach(async () => {
    // A fresh IndexedDB per test: a phone as it was before the update.
    globalThis.indexedDB = new IDBFactory();
    localStorage.clear();
    db = await openOfflineDb();
  });
  afterEach(() => db.close());

  it('moves every old record as it was, the queue in its order and the photo blobs, then removes the old stores', async () => {
    seedOldLocalStorage();
    // Node's own Blob: fake-indexeddb clones with Node's structuredClone, which knows it (as browsers know theirs).
    const blob = new NodeBlob(['a photo'], { type: 'image/jpeg' });
    await seedOldPhotos([{ id: `${GAME_ID} ${CODE} q3`, gameId: GAME_ID, secretCode: CODE, questionId: 'q3', blob, at: '2026-05-01T10:01:00.000Z' }]);

    expect(await migrateOldStores(db)).toBe(true);

    expect(await db.get('kept', 'activeGame')).toEqual({ game_id: GAME_ID, game_secret: CODE });
    expect(await db.get('kept', 'player.grant')).toEqual({ game_id: GAME_ID, game_secret: CODE, grant: 'g-1' });
    expect(await db.get('kept', `player.progress.${GAME_ID}`)).toEqual({ v: 2, value: buildProgress() });
    expect(await db.get('kept', `player.game.${GAME_ID}`)).toEqual({ v: 2, value: { secret: CODE, game: buildGame() } });
    expect(await db.get('kept', `player.event.${GAME_ID}`)).toMatchObject({ v: 1, secret: CODE, value: { dismissed: ['m1'] } });
    expect(await db.get('kept', `player.verdicts.${GAME_ID}`)).toEqual({ v: 1, secret: CODE, read: ['q1 2026'] });
    expect(await db.get('kept', 'player.wrong-tries')).toEqual({ [`${GAME_ID}:${CODE}:q1`]: 2 });
    expect(((await db.getAll('outbox')) as { id: string }[]).map((action) => action.id)).toEqual(['c', 'a', 'b']);
    const [photo] = await db.getAll('photos');
    expect(photo?.questionId).toBe('q3');
    expect(await photo?.blob.text()).toBe('a photo');

    expect(Object.keys(localStorage).filter((key) => key.startsWith('player.') || key === 'activeGame')).toEqual([]);
    expect(await oldPhotoDbExists()).toBe(false);
  });

  it('drops a record of an older shape (another stamp) as the old store did, and leaves other keys alone', async () => {
    localStorage.setItem(`player.progress.${GAME_ID}`, JSON.stringify({ v: 1, value: buildProgress() }));
    localStorage.setItem(`player.game.${GAME_ID}`, JSON.stringify({ secret: CODE, game: buildGame() }));
    localStorage.setItem(`player.event.${GAME_ID}`, '{not json');
    localStorage.setItem(`player.language.${GAME_ID}`, JSON.stringify('he'));
    localStorage.setItem('session', 'kept');

    await migrateOldStores(db);

    expect(await db.getAllKeys('kept')).toEqual([]);
    expect(localStorage.getItem(`player.progress.${GAME_ID}`)).toBeNull();
    // The language choice stays a localStorage preference; what is not the player's is not touched.
    expect(localStorage.getItem(`player.language.${GAME_ID}`)).toBe('"he"');
    expect(localStorage.getItem('session')).toBe('kept');
  });

  it('runs once: a second run changes nothing, and no old photo database is made by looking for one', async () => {
    seedOldLocalStorage();
    expect(await migrateOldStores(db)).toBe(true);
    await db.put('outbox', change('d', 3), 3);
    const before = { kept: await db.getAll('kept'), outbox: await db.getAll('outbox'), photos: await db.getAll('photos') };
    // An old tab of the previous version writes its queue again: it is not moved a second time.
    localStorage.setItem('player.queue', JSON.stringify([change('x', 9)]));

    expect(await migrateOldStores(db)).toBe(false);

    expect({ kept: await db.getAll('kept'), outbox: await db.getAll('outbox'), photos: await db.getAll('photos') }).toEqual(before);
    expect(await oldPhotoDbExists()).toBe(false);
  });
});
