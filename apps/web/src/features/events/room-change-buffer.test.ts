import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ROOM_DRAW_MS, bufferRoomChanges } from './room-change-buffer.ts';
import { buildFeedItem, buildTeam } from './test-data.ts';

describe('the control room’s changes, gathered', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('hands over a moment’s changes together, in the order they came, at most every few hundred ms', () => {
    const flush = vi.fn();
    const buffer = bufferRoomChanges(flush);
    for (let i = 0; i < 600; i++) buffer.positions([{ teamId: `t${i}`, lat: 32, lng: 34, at: '2026-05-01T08:00:00.000Z' }]);
    buffer.team(buildTeam('t1', { answered: 1 }));
    buffer.feed(buildFeedItem('f1'));
    buffer.feed(buildFeedItem('f2'));
    expect(flush).not.toHaveBeenCalled();
    vi.advanceTimersByTime(ROOM_DRAW_MS);
    expect(flush).toHaveBeenCalledTimes(1);
    const [changes] = flush.mock.calls[0];
    expect(changes.positions).toHaveLength(600);
    expect(changes.teams.map((team: { answered: number }) => team.answered)).toEqual([1]);
    expect(changes.feed.map((item: { id: string }) => item.id)).toEqual(['f1', 'f2']);

    // Quiet: nothing to draw. Then the next change waits at most one moment.
    vi.advanceTimersByTime(ROOM_DRAW_MS * 4);
    expect(flush).toHaveBeenCalledTimes(1);
    buffer.feed(buildFeedItem('f3'));
    vi.advanceTimersByTime(ROOM_DRAW_MS);
    expect(flush).toHaveBeenCalledTimes(2);
  });

  it('drops what waits once stopped', () => {
    const flush = vi.fn();
    const buffer = bufferRoomChanges(flush);
    buffer.feed(buildFeedItem('f1'));
    buffer.stop();
    vi.advanceTimersByTime(ROOM_DRAW_MS * 2);
    expect(flush).not.toHaveBeenCalled();
  });
});
