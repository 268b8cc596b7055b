import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Progress } from '@streethunt/shared';
import type { ProgressRequest, QueueDeps } from '../action-queue.ts';
import { buildProgress, CODE, GAME_ID } from '../test-fixtures.ts';
import * as other from './kept-io.ts';
import { openOfflineDb } from './offline-db.ts';

/*
 * The progress outbox is one IndexedDB record per change: two tabs of one phone (two copies of the
 * database code, each with its connection, on one fake-indexeddb database) add and delete their own
 * records, and one cannot put back a change the other sent.
 */

/** A tab: its own copy of the kept mirror and the queue, over the phone's one database. */
async function openTab(send: (request: ProgressRequest) => Promise<Progress> = async () => buildProgress()) {
  vi.resetModules();
  const kept = await import('./kept-play.ts');
  const { ActionQueue, readQueue } = await import('../action-queue.ts');
  await kept.loadKept();
  const deps = { send: vi.fn(send), onSent: vi.fn<QueueDeps['onSent']>(), onDropped: vi.fn<QueueDeps['onDropped']>(), onStalled: vi.fn<QueueDeps['onStalled']>(), retryMs: 60_000 };
  const queue = new ActionQueue(deps);
  const statuses = () => readQueue().map((a) => ('questionStatus' in a ? a.questionStatus : a.action));
  return { kept, queue, deps, statuses };
}

/** The outbox as the database holds it: key and status of each record. */
async function records(): Promise<[number, string][]> {
  const db = await openOfflineDb();
  const tx = db.transaction('outbox');
  const [keys, values] = await Promise.all([tx.store.getAllKeys(), tx.store.getAll()]);
  db.close();
  return keys.map((key, i) => [key, (values[i] as { questionStatus: string }).questionStatus]);
}

const status = (questionIndex: number, questionStatus: 'ANSWERED' | 'DONE') => ({ action: 'set-question-status', questionIndex, questionStatus }) as const;

describe('the outbox, one record per change', () => {
  beforeEach(() => {
    globalThis.indexedDB = new IDBFactory();
  });

  it('adds each change as its own record under an increasing key, in the order made', async () => {
    const tab = await openTab();
    tab.queue.enqueue(GAME_ID, CODE, status(0, 'ANSWERED'));
    tab.queue.enqueue(GAME_ID, CODE, status(0, 'DONE'));
    await tab.kept.reloadOutbox();
    expect(await records()).toEqual([
      [0, 'ANSWERED'],
      [1, 'DONE'],
    ]);
  });

  it('a tab whose copy is stale cannot put back a change the other tab sent', async () => {
    const tab = await openTab();
    tab.queue.enqueue(GAME_ID, CODE, status(0, 'ANSWERED'));
    await tab.kept.reloadOutbox();
    // The other tab (its own copy of the database code and connection) read the outbox while the change waited.
    const stale = (await other.readOutbox()) as { id: string; attempts: number }[];
    expect(stale).toHaveLength(1);

    // This tab sends it: its record is deleted once the server took it.
    expect(await tab.queue.flush()).toBe(true);
    await tab.kept.reloadOutbox();
    expect(await records()).toEqual([]);

    // The other tab, its copy stale, adds a change of its own and counts a failure on the sent one: only its change is kept.
    const counted = { ...stale[0], attempts: 1 };
    await other.updateChange(counted);
    await other.addChange({ ...stale[0], id: 'other-tab', questionStatus: 'DONE' });
    expect((await records()).map(([, kept]) => kept)).toEqual(['DONE']);
    await tab.kept.reloadOutbox();
    expect(tab.statuses()).toEqual(['DONE']);
    expect(await tab.queue.flush()).toBe(true);
    expect(tab.deps.send.mock.calls.map(([request]) => 'questionStatus' in request && request.questionStatus)).toEqual(['ANSWERED', 'DONE']);
  });

  it('a server failure counts on the change’s own record, the others untouched', async () => {
    const failing = await openTab();
    // The tab's own copy of the client's errors (the sender tells them apart by class).
    const { ApiError } = await import('../../../api/client.ts');
    failing.deps.send.mockRejectedValue(new ApiError(503, 'unavailable', 'down', {}));
    failing.queue.enqueue(GAME_ID, CODE, status(0, 'ANSWERED'));
    failing.queue.enqueue(GAME_ID, CODE, status(0, 'DONE'));
    expect(await failing.queue.flush()).toBe(false);
    await failing.kept.reloadOutbox();
    const db = await openOfflineDb();
    expect((await db.getAll('outbox')).map((a) => (a as { attempts: number }).attempts)).toEqual([1, 0]);
    db.close();
    expect(await records()).toEqual([
      [0, 'ANSWERED'],
      [1, 'DONE'],
    ]);
  });

  it('reads an outbox an earlier version kept (records 0, 1, ...) in its order, and adds after it', async () => {
    const db = await openOfflineDb();
    await db.put('outbox', { id: 'old-1', action: 'set-question-status', gameId: GAME_ID, secretCode: CODE, questionIndex: 0, questionStatus: 'ANSWERED', at: '2026-05-01T10:00:00.000Z', attempts: 0 }, 0);
    await db.put('outbox', { id: 'old-2', action: 'set-question-status', gameId: GAME_ID, secretCode: CODE, questionIndex: 0, questionStatus: 'DONE', at: '2026-05-01T10:00:05.000Z', attempts: 0 }, 1);
    db.close();
    const tab = await openTab();
    expect(tab.statuses()).toEqual(['ANSWERED', 'DONE']);
    tab.queue.enqueue(GAME_ID, CODE, status(1, 'ANSWERED'));
    await tab.kept.reloadOutbox();
    expect(await records()).toEqual([
      [0, 'ANSWERED'],
      [1, 'DONE'],
      [2, 'ANSWERED'],
    ]);
  });
});
