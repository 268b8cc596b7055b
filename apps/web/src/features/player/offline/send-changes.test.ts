import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Progress } from '@streethunt/shared';
import { NetworkError } from '../../../api/client.ts';
import { ActionQueue, readQueue, type ProgressRequest, type QueueDeps } from '../action-queue.ts';
import { buildProgress, CODE, GAME_ID } from '../test-fixtures.ts';
import { forgetKept } from './kept-play.ts';
import { fakeWorkerAndLocks } from './test-locks.ts';

/*
 * When the outbox is sent: on the page shown again, on the worker's word (Background Sync), one tab at
 * a time.
 */

const { worker, locks } = fakeWorkerAndLocks();

function makeQueue(send: (request: ProgressRequest) => Promise<Progress>) {
  const deps = { send: vi.fn(send), onSent: vi.fn<QueueDeps['onSent']>(), onDropped: vi.fn<QueueDeps['onDropped']>(), onStalled: vi.fn<QueueDeps['onStalled']>(), retryMs: 60_000 };
  return { queue: new ActionQueue(deps), deps };
}

const answered = { action: 'set-question-status', questionIndex: 0, questionStatus: 'ANSWERED', answer: 'Bialik' } as const;
const done = { action: 'set-question-status', questionIndex: 0, questionStatus: 'DONE' } as const;
const offline = () => Promise.reject(new NetworkError('offline'));

describe('the outbox is sent', () => {
  beforeEach(() => forgetKept());

  it('when the page is shown again, and when the worker says the network is back (Background Sync asked for offline)', async () => {
    let online = false;
    const { queue, deps } = makeQueue(async () => (online ? buildProgress() : offline()));
    queue.enqueue(GAME_ID, CODE, answered);
    expect(await queue.flush()).toBe(false);
    const { sync } = await worker.ready;
    await vi.waitFor(() => expect(sync.register).toHaveBeenCalledWith('outbox'));

    // Back on the page, still no network: tried, kept.
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.waitFor(() => expect(deps.send).toHaveBeenCalledTimes(2));
    expect(readQueue()).toHaveLength(1);

    // The worker's sync event: the network is back.
    online = true;
    worker.dispatchEvent(new MessageEvent('message', { data: { type: 'flush-outbox' } }));
    await vi.waitFor(() => expect(readQueue()).toEqual([]));
    expect(deps.send).toHaveBeenCalledTimes(3);
    // Another message of the worker's is not a flush.
    worker.dispatchEvent(new MessageEvent('message', { data: { type: 'update-ready' } }));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(deps.send).toHaveBeenCalledTimes(3);
  });

  it('when the network returns, by the page’s one sender: a queue that sent once needs no listener of its own', async () => {
    let online = false;
    const { queue, deps } = makeQueue(async () => (online ? buildProgress() : offline()));
    queue.enqueue(GAME_ID, CODE, answered);
    expect(await queue.flush()).toBe(false);
    online = true;
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(readQueue()).toEqual([]));
    expect(deps.send).toHaveBeenCalledTimes(2);
  });

  it('by one tab at a time: a second tab waits for the lock, then finds the changes sent and sends none again', async () => {
    let release: (progress: Progress) => void = () => undefined;
    const first = makeQueue(() => new Promise<Progress>((resolve) => (release = resolve)));
    const second = makeQueue(async () => buildProgress());
    first.queue.enqueue(GAME_ID, CODE, answered);
    first.queue.enqueue(GAME_ID, CODE, done);

    const sending = first.queue.flush();
    await vi.waitFor(() => expect(first.deps.send).toHaveBeenCalledTimes(1));
    // The second tab (the same outbox) asks while the first holds the lock: it waits.
    const waiting = second.queue.flush();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(second.deps.send).not.toHaveBeenCalled();

    release(buildProgress());
    await vi.waitFor(() => expect(first.deps.send).toHaveBeenCalledTimes(2));
    release(buildProgress());
    expect(await sending).toBe(true);
    expect(await waiting).toBe(true);
    // Each change went once, in order, by the tab that held the lock.
    expect(first.deps.send.mock.calls.map(([request]) => 'questionStatus' in request && request.questionStatus)).toEqual(['ANSWERED', 'DONE']);
    expect(second.deps.send).not.toHaveBeenCalled();
    expect(locks.names.every((name) => name === 'streethunt-outbox')).toBe(true);
  });
});
