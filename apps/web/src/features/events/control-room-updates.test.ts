import { describe, expect, it } from 'vitest';
import { FEED_MAX, applyEventSummary, applyFeedItem, applyRoomChanges, applyTeamChange } from './control-room-updates.ts';
import { buildEvent, buildFeedItem, buildRoom, buildTeam } from './test-data.ts';

describe('control room updates', () => {
  it('replace the team that changed, in its place, and leave the others as they were', () => {
    const room = buildRoom();
    const changed = { ...room.teams[1], answered: 4, score: 60 };
    const next = applyTeamChange(room, changed);
    expect(next.teams.map((team) => team.id)).toEqual(['t1', 't2', 't3']);
    expect(next.teams[1]).toEqual(changed);
    expect(next.teams[0]).toBe(room.teams[0]);
    expect(room.teams[1].score).toBe(45);
  });

  it('add a team the room did not know', () => {
    const next = applyTeamChange(buildRoom(), buildTeam('t4'));
    expect(next.teams.map((team) => team.id)).toEqual(['t1', 't2', 't3', 't4']);
  });

  it('put a new feed item first, keep one already there once, and keep at most the server’s length', () => {
    const room = buildRoom();
    const item = buildFeedItem('f4', { kind: 'hint', teamId: 't2', questionNumber: 4 });
    const next = applyFeedItem(room, item);
    expect(next.feed.map((entry) => entry.id)).toEqual(['f4', 'f3', 'f2', 'f1']);
    expect(applyFeedItem(next, item)).toBe(next);

    const full = buildRoom({ feed: Array.from({ length: FEED_MAX }, (_, i) => buildFeedItem(`old${i}`)) });
    const capped = applyFeedItem(full, item);
    expect(capped.feed).toHaveLength(FEED_MAX);
    expect(capped.feed[0].id).toBe('f4');
    expect(capped.feed.at(-1)?.id).toBe(`old${FEED_MAX - 2}`);
  });

  it('apply a moment of a thousand teams’ changes in one pass: counts, positions (the newest wins), the feed capped', () => {
    const teams = Array.from({ length: 1000 }, (_, i) => buildTeam(`t${i}`));
    const room = buildRoom({ teams, feed: Array.from({ length: FEED_MAX }, (_, i) => buildFeedItem(`old${i}`)) });
    const at = (second: number) => new Date(Date.UTC(2026, 4, 1, 8, 0, second)).toISOString();
    const next = applyRoomChanges(room, {
      teams: [buildTeam('t5', { answered: 1, position: null }), buildTeam('t5', { answered: 2, position: null }), buildTeam('t1000', { name: 'Late' })],
      positions: [
        ...teams.map((team, i) => ({ teamId: team.id, lat: 32, lng: 34 + i / 1000, at: at(1) })),
        { teamId: 't5', lat: 31, lng: 35, at: at(3) },
        { teamId: 't5', lat: 30, lng: 33, at: at(2) },
      ],
      feed: Array.from({ length: 300 }, (_, i) => buildFeedItem(`new${i}`)),
    });
    expect(next.teams).toHaveLength(1001);
    // The change of counts came without a position: the team keeps its newest one.
    expect(next.teams[5]).toMatchObject({ answered: 2, position: { lat: 31, lng: 35, at: at(3) } });
    expect(next.teams[999].position).toMatchObject({ lat: 32, lng: 34.999 });
    expect(next.teams[1000]).toMatchObject({ id: 't1000', name: 'Late' });
    // Only the newest items stay: the last one that came is first.
    expect(next.feed).toHaveLength(FEED_MAX);
    expect(next.feed[0].id).toBe('new299');
    expect(next.feed.at(-1)?.id).toBe(`new${300 - FEED_MAX}`);
    expect(room.teams[5].answered).toBe(0);
  });

  it('take the event as the server now has it', () => {
    const ended = buildEvent({ endedAt: '2026-05-01T08:30:00.000Z' });
    expect(applyEventSummary(buildRoom(), ended).event).toBe(ended);
  });
});
