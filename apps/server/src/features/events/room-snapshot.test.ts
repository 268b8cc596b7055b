import { describe, expect, it } from 'vitest';
import type { EventTeam, FeedItem } from '@streethunt/shared';
import { ROOM_SNAPSHOT_MS, RoomSnapshots } from './room-snapshot.ts';

const team = (id: string, score: number): EventTeam => ({
  id,
  code: `CODE${id}`,
  name: `Team ${id}`,
  disqualified: false,
  startTime: null,
  endTime: null,
  answered: 0,
  skipped: 0,
  hints: 0,
  questionCount: 3,
  score,
  position: null,
  statuses: [null, null, null],
});
const line = (id: string, at: string): FeedItem => ({ id, at, kind: 'answered', teamId: 'a', questionNumber: 1, text: null });

describe('a process’s copy of an event’s standings', () => {
  it('is read from the database once, then kept current by the changes', async () => {
    const snapshots = new RoomSnapshots();
    let reads = 0;
    const read = async () => {
      reads += 1;
      return { teams: [team('a', 0), team('b', 0)], feed: [line('1', '2026-01-01T10:00:00.000Z')] };
    };
    await snapshots.read('e', read, 2);
    snapshots.team('e', team('b', 7), Date.now());
    snapshots.feed('e', line('2', '2026-01-01T10:01:00.000Z'));
    snapshots.feed('e', line('3', '2026-01-01T10:02:00.000Z'));
    snapshots.feed('e', line('3', '2026-01-01T10:02:00.000Z'));
    const now = await snapshots.read('e', read, 2);
    expect(reads).toBe(1);
    expect(now.teams.map((t) => [t.id, t.score])).toEqual([
      ['a', 0],
      ['b', 7],
    ]);
    // The newest lines first, each once, no more than asked for.
    expect(now.feed.map((l) => l.id)).toEqual(['3', '2']);
  });

  it('keeps a change that arrives while it is being built, unless the change is older than its read', async () => {
    const snapshots = new RoomSnapshots();
    let finish: (base: { teams: EventTeam[]; feed: FeedItem[] }) => void = () => undefined;
    const building = snapshots.read('e', () => new Promise((resolve) => (finish = resolve)), 10);
    snapshots.team('e', team('a', 5), Date.now() + 1);
    snapshots.team('e', team('b', 9), Date.now() - 60_000);
    finish({ teams: [team('a', 0), team('b', 1)], feed: [] });
    const built = await building;
    expect(built.teams.map((t) => t.score)).toEqual([5, 1]);
  });

  it('is read again after it is dropped, or when its read failed', async () => {
    const snapshots = new RoomSnapshots();
    let reads = 0;
    const read = async () => {
      reads += 1;
      if (reads === 1) throw new Error('database away');
      return { teams: [team('a', reads)], feed: [] };
    };
    await expect(snapshots.read('e', read, 10)).rejects.toThrow('database away');
    expect((await snapshots.read('e', read, 10)).teams[0].score).toBe(2);
    snapshots.drop('e');
    expect((await snapshots.read('e', read, 10)).teams[0].score).toBe(3);
  });

  it('ignores changes of events it holds no copy of', async () => {
    const snapshots = new RoomSnapshots();
    snapshots.team('other', team('a', 5), Date.now());
    const read = async () => ({ teams: [team('a', 0)], feed: [] });
    expect((await snapshots.read('other', read, 10)).teams[0].score).toBe(0);
  });

  it('when old, is still read at once while one new copy is built behind it, which then takes its place with the changes of the meantime', async () => {
    let clock = 1_000_000;
    const snapshots = new RoomSnapshots(() => clock);
    const finishes: Array<(base: { teams: EventTeam[]; feed: FeedItem[] }) => void> = [];
    const read = () => new Promise<{ teams: EventTeam[]; feed: FeedItem[] }>((resolve) => finishes.push(resolve));
    const first = snapshots.read('e', read, 10);
    finishes[0]({ teams: [team('a', 1), team('b', 1)], feed: [] });
    await first;
    clock += ROOM_SNAPSHOT_MS;
    // Old: answered from the copy without waiting, and one build starts, however many read meanwhile.
    expect((await snapshots.read('e', read, 10)).teams.map((t) => t.score)).toEqual([1, 1]);
    expect((await snapshots.read('e', read, 10)).teams.map((t) => t.score)).toEqual([1, 1]);
    expect(finishes).toHaveLength(2);
    // A change while it is built reaches the copy in use at once, and the new one when it is done.
    snapshots.team('e', team('a', 5), clock + 1);
    expect((await snapshots.read('e', read, 10)).teams.map((t) => t.score)).toEqual([5, 1]);
    finishes[1]({ teams: [team('a', 2), team('b', 3)], feed: [] });
    await Promise.resolve();
    await Promise.resolve();
    expect((await snapshots.read('e', read, 10)).teams.map((t) => t.score)).toEqual([5, 3]);
    expect(finishes).toHaveLength(2);
  });

  it('keeps an old copy in use when building the new one fails, and tries again on the next read', async () => {
    let clock = 1_000_000;
    const snapshots = new RoomSnapshots(() => clock);
    let reads = 0;
    const read = async () => {
      reads += 1;
      if (reads === 2) throw new Error('database away');
      return { teams: [team('a', reads)], feed: [] };
    };
    await snapshots.read('e', read, 10);
    clock += ROOM_SNAPSHOT_MS;
    expect((await snapshots.read('e', read, 10)).teams[0].score).toBe(1);
    await new Promise((resolve) => setImmediate(resolve));
    expect((await snapshots.read('e', read, 10)).teams[0].score).toBe(1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(reads).toBe(3);
    expect((await snapshots.read('e', read, 10)).teams[0].score).toBe(3);
  });
});
