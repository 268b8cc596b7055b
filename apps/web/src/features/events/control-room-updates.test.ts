import { describe, expect, it } from 'vitest';
import { FEED_MAX, applyEventSummary, applyFeedItem, applyTeamChange } from './control-room-updates.ts';
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

  it('take the event as the server now has it', () => {
    const ended = buildEvent({ endedAt: '2026-05-01T08:30:00.000Z' });
    expect(applyEventSummary(buildRoom(), ended).event).toBe(ended);
  });
});
