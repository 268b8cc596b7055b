import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Progress } from '@streethunt/shared';
import { ApiError, NetworkError } from '../../api/client.ts';
import { ActionQueue, MAX_SERVER_ATTEMPTS, readQueue, type ProgressRequest, type QueueDeps, type QueuedAction } from './action-queue.ts';
import { toRequest } from './offline/send-changes.ts';
import { forgetKept, keptOutbox } from './offline/kept-play.ts';
import { buildProgress, CODE, GAME_ID } from './test-fixtures.ts';

function makeQueue(send: (request: ProgressRequest) => Promise<Progress>) {
  const deps = {
    send: vi.fn(send),
    onSent: vi.fn<QueueDeps['onSent']>(),
    onDropped: vi.fn<QueueDeps['onDropped']>(),
    onStalled: vi.fn<QueueDeps['onStalled']>(),
  };
  return { queue: new ActionQueue(deps), deps };
}

const hint = { action: 'show-question-hint', questionIndex: 0, hintIndex: 1 } as const;
const answered = { action: 'set-question-status', questionIndex: 0, questionStatus: 'ANSWERED', answer: 'Bialik' } as const;
const done = { action: 'set-question-status', questionIndex: 0, questionStatus: 'DONE' } as const;
/** A queued change as kept in the queue. */
const readQueueItem = (change: typeof hint): QueuedAction => ({ ...change, id: 'a1', gameId: GAME_ID, secretCode: CODE, at: '2026-05-01T10:00:00.000Z', attempts: 0 });

describe('action queue', () => {
  beforeEach(() => forgetKept());

  it('keeps changes in the offline store, in order, across page loads', () => {
    const { queue } = makeQueue(async () => buildProgress());
    queue.enqueue(GAME_ID, CODE, hint);
    queue.enqueue(GAME_ID, CODE, answered);
    // A new page (a reload) reads the same queue.
    const again = makeQueue(async () => buildProgress()).queue;
    expect(again.pending(GAME_ID, CODE).map((a) => a.action)).toEqual(['show-question-hint', 'set-question-status']);
    expect(keptOutbox()).toHaveLength(2);
    expect(again.pending(GAME_ID, 'OTHER')).toEqual([]);
  });

  it('sends in order, one at a time, and empties', async () => {
    const order: string[] = [];
    let inFlight = 0;
    const { queue, deps } = makeQueue(async (request) => {
      inFlight++;
      expect(inFlight).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 1));
      order.push(request.action === 'set-question-status' ? request.questionStatus : request.action);
      inFlight--;
      return buildProgress();
    });
    queue.enqueue(GAME_ID, CODE, hint);
    queue.enqueue(GAME_ID, CODE, answered);
    const first = queue.flush();
    // A change made while sending joins the same run, at the end.
    queue.enqueue(GAME_ID, CODE, done);
    expect(queue.flush()).toBe(first);
    await expect(first).resolves.toBe(true);
    expect(order).toEqual(['show-question-hint', 'ANSWERED', 'DONE']);
    expect(deps.send.mock.calls[1][0]).toEqual({
      action: 'set-question-status',
      gameId: GAME_ID,
      secretCode: CODE,
      questionIndex: 0,
      questionStatus: 'ANSWERED',
      answer: 'Bialik',
    });
    expect(deps.onSent).toHaveBeenCalledTimes(3);
    expect(readQueue()).toEqual([]);
    expect(keptOutbox()).toEqual([]);
  });

  it('keeps the change on a network failure and sends it on the next try', async () => {
    let online = false;
    const { queue, deps } = makeQueue(async () => {
      if (!online) throw new NetworkError('Failed to fetch');
      return buildProgress();
    });
    queue.enqueue(GAME_ID, CODE, hint);
    queue.enqueue(GAME_ID, CODE, answered);
    await expect(queue.flush()).resolves.toBe(false);
    expect(deps.onStalled).toHaveBeenCalledWith(expect.any(NetworkError));
    expect(queue.pending()).toHaveLength(2);
    online = true;
    await expect(queue.flush()).resolves.toBe(true);
    expect(deps.send.mock.calls.map(([request]) => request.action)).toEqual(['show-question-hint', 'show-question-hint', 'set-question-status']);
    expect(queue.pending()).toEqual([]);
  });

  it('retries when rate limited or the server fails, and gives a failing change up in the end', async () => {
    const { queue, deps } = makeQueue(async () => {
      throw new ApiError(503, 'internal', 'down', {});
    });
    queue.enqueue(GAME_ID, CODE, hint);
    for (let i = 1; i < MAX_SERVER_ATTEMPTS; i++) await expect(queue.flush()).resolves.toBe(false);
    expect(queue.pending()[0].attempts).toBe(MAX_SERVER_ATTEMPTS - 1);
    await expect(queue.flush()).resolves.toBe(true);
    expect(deps.onDropped).toHaveBeenCalledTimes(1);

    const limited = makeQueue(async () => {
      throw new ApiError(429, 'rate_limited', 'slow down', {});
    });
    limited.queue.enqueue(GAME_ID, CODE, hint);
    for (let i = 0; i < MAX_SERVER_ATTEMPTS + 2; i++) await limited.queue.flush();
    expect(limited.queue.pending()).toHaveLength(1);
    expect(limited.deps.onDropped).not.toHaveBeenCalled();
  });

  it('drops a change the server refuses (4xx) and goes on with the next', async () => {
    const { queue, deps } = makeQueue(async (request) => {
      if (request.action === 'set-question-status' && request.questionStatus === 'ANSWERED') {
        throw new ApiError(422, 'wrong_answer', 'wrong answer', {});
      }
      return buildProgress();
    });
    queue.enqueue(GAME_ID, CODE, answered);
    queue.enqueue(GAME_ID, CODE, hint);
    await expect(queue.flush()).resolves.toBe(true);
    expect(deps.onDropped).toHaveBeenCalledTimes(1);
    expect(deps.onDropped.mock.calls[0][0]).toMatchObject({ action: 'set-question-status', questionStatus: 'ANSWERED' });
    expect(deps.onSent).toHaveBeenCalledTimes(1);
    expect(queue.pending()).toEqual([]);
  });

  it('runs again at once when asked while a try is failing (the network came back meanwhile)', async () => {
    let online = false;
    let release: () => void = () => undefined;
    const { queue } = makeQueue(
      (request) =>
        new Promise((resolve, reject) => {
          if (online) return resolve(buildProgress());
          release = () => reject(new NetworkError('offline ' + request.action));
        }),
    );
    queue.enqueue(GAME_ID, CODE, hint);
    const running = queue.flush();
    // The 'online' event arrives while the try made offline is still waiting for its failure.
    online = true;
    expect(queue.flush()).toBe(running);
    release();
    await expect(running).resolves.toBe(true);
    expect(queue.pending()).toEqual([]);
  });

  it('sends each change with the grant its play had when it was made, and none when it had none', async () => {
    const { queue, deps } = makeQueue(async () => buildProgress());
    queue.enqueue(GAME_ID, CODE, hint, { grant: 'gRant_0123456789abcdef' });
    queue.enqueue(GAME_ID, CODE, done);
    // Kept across a reload like the rest of the change.
    expect(readQueue().map((a) => a.grant)).toEqual(['gRant_0123456789abcdef', undefined]);
    expect(await queue.flush()).toBe(true);
    expect(deps.send.mock.calls.map(([r]) => r)).toEqual([
      { action: 'show-question-hint', gameId: GAME_ID, secretCode: CODE, grant: 'gRant_0123456789abcdef', questionIndex: 0, hintIndex: 1 },
      { action: 'set-question-status', gameId: GAME_ID, secretCode: CODE, questionIndex: 0, questionStatus: 'DONE' },
    ]);
    expect(toRequest({ ...readQueueItem(hint), grant: 'x' })).toMatchObject({ grant: 'x' });
  });
});
