import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Progress } from '@streethunt/shared';
import { ApiError, NetworkError } from '../../../api/client.ts';
import { ActionQueue, readQueue, type ProgressRequest, type QueueDeps } from '../action-queue.ts';
import { uploadPhoto } from '../photo/photo-api.ts';
import { memoryStore, resetPhotoOutbox, type PhotoOutbox, type PhotoOutcome, type QueuedPhoto } from '../photo/photo-queue.ts';
import { buildProgress, CODE, GAME_ID } from '../test-fixtures.ts';
import { forgetKept } from './kept-play.ts';
import { fakeWorkerAndLocks } from './test-locks.ts';

/*
 * The one outbox sender sends both outboxes: the progress changes in the order made and the photos in
 * the order taken, interleaved by time, each once.
 */

fakeWorkerAndLocks();
vi.mock('../photo/photo-api.ts', () => ({ uploadPhoto: vi.fn() }));
const upload = vi.mocked(uploadPhoto);

let outbox: PhotoOutbox;
let network: 'up' | 'down' = 'up';
/** Everything the server was sent, in order: a change by its status, a photo by its question. */
let sent: string[] = [];

const at = (minute: number) => new Date(Date.UTC(2026, 10, 27, 10, minute));
const photo = (questionId: string) => ({ gameId: GAME_ID, secretCode: CODE, questionId, blob: new Blob(['jpeg']) });
const change = (questionIndex: number, questionStatus: 'ANSWERED' | 'DONE') => ({ action: 'set-question-status', questionIndex, questionStatus }) as const;

function makeQueue(send: (request: ProgressRequest) => Promise<Progress> = serverTakes) {
  const deps = { send: vi.fn(send), onSent: vi.fn<QueueDeps['onSent']>(), onDropped: vi.fn<QueueDeps['onDropped']>(), onStalled: vi.fn<QueueDeps['onStalled']>(), retryMs: 60_000 };
  return { queue: new ActionQueue(deps), deps };
}

async function serverTakes(request: ProgressRequest): Promise<Progress> {
  if (network === 'down') throw new NetworkError('offline');
  if ('questionStatus' in request) sent.push(`${request.questionIndex}:${request.questionStatus}`);
  return buildProgress();
}

describe('the outbox sender sends the photos too', () => {
  beforeEach(() => {
    forgetKept();
    outbox = resetPhotoOutbox(memoryStore());
    network = 'up';
    sent = [];
    upload.mockReset();
    upload.mockImplementation(async (p: QueuedPhoto) => {
      if (network === 'down') throw new NetworkError('offline');
      sent.push(`photo ${p.questionId}`);
      return buildProgress();
    });
  });

  it('in the order made across the two outboxes: a photo taken after changes goes after them', async () => {
    const { queue, deps } = makeQueue();
    network = 'down';
    await outbox.add(photo('q0'), at(0));
    queue.enqueue(GAME_ID, CODE, change(0, 'ANSWERED'), { at: at(1) });
    queue.enqueue(GAME_ID, CODE, change(0, 'DONE'), { at: at(2) });
    await outbox.add(photo('q1'), at(3));
    queue.enqueue(GAME_ID, CODE, change(1, 'ANSWERED'), { at: at(4) });
    // Offline: the first (the photo) is tried and kept; nothing leaves either outbox.
    expect(await queue.flush()).toBe(false);
    expect(sent).toEqual([]);
    expect(readQueue()).toHaveLength(3);
    expect(await outbox.pending()).toHaveLength(2);

    network = 'up';
    expect(await queue.flush()).toBe(true);
    expect(sent).toEqual(['photo q0', '0:ANSWERED', '0:DONE', 'photo q1', '1:ANSWERED']);
    expect(readQueue()).toEqual([]);
    expect(await outbox.pending()).toEqual([]);
    // The play takes the server's progress from each reply, the photos' too.
    expect(deps.onSent).toHaveBeenCalledTimes(5);
    expect(deps.onSent.mock.calls[0][0]).toMatchObject({ gameId: GAME_ID, secretCode: CODE, questionId: 'q0' });
  });

  it('each once: flushes asked for while one runs, from this page or another queue, send nothing twice', async () => {
    let release: () => void = () => undefined;
    upload.mockImplementation(async (p: QueuedPhoto) => {
      await new Promise<void>((resolve) => (release = resolve));
      sent.push(`photo ${p.questionId}`);
      return buildProgress();
    });
    const first = makeQueue();
    const second = makeQueue();
    await outbox.add(photo('q0'), at(0));
    first.queue.enqueue(GAME_ID, CODE, change(0, 'ANSWERED'), { at: at(1) });

    const running = first.queue.flush();
    await vi.waitFor(() => expect(upload).toHaveBeenCalledTimes(1));
    const joined = first.queue.flush();
    const other = second.queue.flush();
    release();
    expect(await running).toBe(true);
    expect(await joined).toBe(true);
    expect(await other).toBe(true);
    expect(upload).toHaveBeenCalledTimes(1);
    expect(sent).toEqual(['photo q0', '0:ANSWERED']);
  });

  it('a photo the server refuses (4xx) is dropped and the screen told; the changes after it still go', async () => {
    upload.mockRejectedValue(new ApiError(409, 'too_many_photos', 'too many', {}));
    const heard: string[] = [];
    outbox.onOutcome((outcome: PhotoOutcome) => heard.push(`${outcome.kind}${outcome.kind === 'refused' ? ` ${outcome.error.code}` : ''}`));
    const { queue, deps } = makeQueue();
    await outbox.add(photo('q0'), at(0));
    queue.enqueue(GAME_ID, CODE, change(0, 'ANSWERED'), { at: at(1) });
    expect(await queue.flush()).toBe(true);
    expect(heard).toEqual(['refused too_many_photos']);
    expect(await outbox.pending()).toEqual([]);
    expect(sent).toEqual(['0:ANSWERED']);
    expect(deps.onSent).toHaveBeenCalledTimes(1);
  });

  it('a photo that meets no network (or a busy server) is kept, the screen told, and the changes after it wait', async () => {
    const heard: string[] = [];
    outbox.onOutcome((outcome: PhotoOutcome) => heard.push(outcome.kind));
    const { queue, deps } = makeQueue();
    await outbox.add(photo('q0'), at(0));
    queue.enqueue(GAME_ID, CODE, change(0, 'ANSWERED'), { at: at(1) });
    network = 'down';
    expect(await queue.flush()).toBe(false);
    upload.mockRejectedValueOnce(new ApiError(503, 'unavailable', 'down', {}));
    expect(await queue.flush()).toBe(false);
    expect(heard).toEqual(['kept', 'kept']);
    expect(deps.onStalled).toHaveBeenCalledTimes(2);
    expect(deps.onStalled.mock.calls[0][0]).toBeInstanceOf(NetworkError);
    expect(await outbox.pending()).toHaveLength(1);
    expect(readQueue()).toHaveLength(1);
    expect(deps.send).not.toHaveBeenCalled();

    network = 'up';
    expect(await queue.flush()).toBe(true);
    expect(heard).toEqual(['kept', 'kept', 'sent']);
    expect(sent).toEqual(['photo q0', '0:ANSWERED']);
  });
});
