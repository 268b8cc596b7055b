import { describe, expect, it } from 'vitest';
import type { Progress } from '@streethunt/shared';
import { ApiError, NetworkError } from '../../../api/client.ts';
import { memoryStore, PhotoQueue, type QueuedPhoto } from './photo-queue.ts';

const progress = { game_id: 'g' } as Progress;
const photo = (questionId: string) => ({ gameId: 'g', secretCode: 'CODE', questionId, blob: new Blob(['jpeg']) });

describe('the phone’s photo queue', () => {
  it('keeps a photo taken offline and sends it once the network is back, in the order taken', async () => {
    const store = memoryStore();
    let network = false;
    const sent: string[] = [];
    const heard: string[] = [];
    const queue = new PhotoQueue(
      store,
      async (p: QueuedPhoto) => {
        if (!network) throw new NetworkError('offline');
        sent.push(p.questionId);
        return progress;
      },
      { onSent: () => heard.push('sent'), onKept: () => heard.push('kept') },
    );
    await queue.add(photo('q2'), new Date('2026-11-27T10:00:00Z'));
    await queue.add(photo('q1'), new Date('2026-11-27T10:01:00Z'));
    expect((await queue.pending()).map((p) => p.questionId).sort()).toEqual(['q1', 'q2']);
    expect(sent).toEqual([]);
    expect(heard).toEqual(['kept', 'kept']);
    // A new photo of the same question replaces the kept one.
    await queue.add(photo('q1'), new Date('2026-11-27T10:02:00Z'));
    expect(await queue.pending()).toHaveLength(2);

    network = true;
    await queue.flush();
    expect(sent).toEqual(['q2', 'q1']);
    expect(await queue.pending()).toEqual([]);
    expect(heard.slice(-2)).toEqual(['sent', 'sent']);
  });

  it('keeps a photo the server cannot take now (5xx, 429); drops one it refuses (4xx), saying so', async () => {
    const store = memoryStore();
    let reply: Error = new ApiError(503, 'unavailable', 'down', {});
    const refused: string[] = [];
    const queue = new PhotoQueue(store, async () => Promise.reject(reply), { onSent: () => undefined, onRefused: (p, error) => refused.push(`${p.questionId}:${error.code}`) });
    await queue.add(photo('q1'));
    expect(await queue.pending()).toHaveLength(1);
    reply = new ApiError(429, 'rate_limited', 'slow down', {});
    await queue.flush();
    expect(await queue.pending()).toHaveLength(1);
    reply = new ApiError(409, 'conflict', 'This question was skipped', {});
    await queue.flush();
    expect(await queue.pending()).toEqual([]);
    expect(refused).toEqual(['q1:conflict']);
  });
});
