import { describe, expect, it } from 'vitest';
import type { Progress } from '@streethunt/shared';
import { ApiError } from '../../../api/client.ts';
import { memoryStore, PhotoOutbox, type PhotoOutcome } from './photo-queue.ts';

const progress = { game_id: 'g' } as Progress;
const photo = (questionId: string) => ({ gameId: 'g', secretCode: 'CODE', questionId, blob: new Blob(['jpeg']) });

describe('the phone’s photo outbox', () => {
  it('keeps photos in the order taken; a new photo of the same question replaces the kept one', async () => {
    const outbox = new PhotoOutbox(memoryStore());
    let changes = 0;
    outbox.subscribe(() => changes++);
    await outbox.add(photo('q2'), new Date('2026-11-27T10:00:00Z'));
    await outbox.add(photo('q1'), new Date('2026-11-27T10:01:00Z'));
    expect((await outbox.pending()).map((p) => p.questionId)).toEqual(['q2', 'q1']);
    await outbox.add(photo('q2'), new Date('2026-11-27T10:02:00Z'));
    expect((await outbox.pending()).map((p) => p.questionId)).toEqual(['q1', 'q2']);
    expect(changes).toBe(3);
  });

  it('a sent or refused photo leaves; a kept one stays; listeners hear each outcome', async () => {
    const outbox = new PhotoOutbox(memoryStore());
    const heard: string[] = [];
    outbox.onOutcome((outcome: PhotoOutcome) => heard.push(`${outcome.photo.questionId}:${outcome.kind}`));
    await outbox.add(photo('q1'), new Date('2026-11-27T10:00:00Z'));
    await outbox.add(photo('q2'), new Date('2026-11-27T10:01:00Z'));
    const [q1, q2] = await outbox.pending();
    await outbox.settle({ kind: 'kept', photo: q1 });
    expect(await outbox.pending()).toHaveLength(2);
    await outbox.settle({ kind: 'sent', photo: q1, progress });
    await outbox.settle({ kind: 'refused', photo: q2, error: new ApiError(409, 'conflict', 'skipped', {}) });
    expect(await outbox.pending()).toEqual([]);
    expect(heard).toEqual(['q1:kept', 'q1:sent', 'q2:refused']);
  });

  it('a photo retaken while the old one was being sent is kept (the new one still goes)', async () => {
    const outbox = new PhotoOutbox(memoryStore());
    await outbox.add(photo('q1'), new Date('2026-11-27T10:00:00Z'));
    const [old] = await outbox.pending();
    await outbox.add(photo('q1'), new Date('2026-11-27T10:05:00Z'));
    await outbox.settle({ kind: 'sent', photo: old, progress });
    expect((await outbox.pending()).map((p) => p.at)).toEqual(['2026-11-27T10:05:00.000Z']);
  });
});
