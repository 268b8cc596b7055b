import type { ControlRoom, EventSummary, EventTeam, FeedItem, MyGame } from '@streethunt/shared';

/** An event of the organiser's list, for this feature's tests. */
export function buildEvent(overrides: Partial<EventSummary> = {}): EventSummary {
  return {
    id: 'e1',
    gameId: 'g1',
    gameName: 'סודות נווה צדק',
    name: 'יום גיבוש',
    startsAt: '2026-05-01T07:00:00.000Z',
    endsAt: '2026-05-01T09:00:00.000Z',
    endedAt: null,
    teamCount: 3,
    showLeaderboard: true,
    timeLimitMinutes: null,
    ...overrides,
  };
}

export function buildTeam(id: string, overrides: Partial<EventTeam> = {}): EventTeam {
  return {
    id,
    code: `CODE${id.toUpperCase()}`,
    name: null,
    disqualified: false,
    startTime: null,
    endTime: null,
    answered: 0,
    skipped: 0,
    hints: 0,
    questionCount: 8,
    score: 0,
    position: null,
    statuses: Array.from({ length: 8 }, () => null),
    ...overrides,
  };
}

export function buildFeedItem(id: string, overrides: Partial<FeedItem> = {}): FeedItem {
  return { id, at: '2026-05-01T07:30:00.000Z', kind: 'started', teamId: null, questionNumber: null, text: null, ...overrides };
}

/** An event under way: one team far ahead (finished), one playing, one that has not named itself. */
export function buildRoom(overrides: Partial<ControlRoom> = {}): ControlRoom {
  return {
    event: buildEvent(),
    teams: [
      buildTeam('t1', { name: 'הנמרים', startTime: '2026-05-01T07:05:00.000Z', answered: 8, hints: 1, score: 120, endTime: '2026-05-01T08:10:00.000Z', position: { lat: 32.06, lng: 34.77, at: '2026-05-01T08:10:00.000Z' } }),
      buildTeam('t2', { name: 'Lions', startTime: '2026-05-01T07:06:00.000Z', answered: 3, hints: 2, score: 45, position: { lat: 32.07, lng: 34.78, at: '2026-05-01T08:00:00.000Z' } }),
      buildTeam('t3'),
    ],
    feed: [
      buildFeedItem('f3', { kind: 'problem', teamId: 't2', text: 'The sign at stop 4 is gone', at: '2026-05-01T08:01:00.000Z' }),
      buildFeedItem('f2', { kind: 'answered', teamId: 't1', questionNumber: 3, at: '2026-05-01T07:40:00.000Z' }),
      buildFeedItem('f1', { kind: 'started', teamId: 't1', at: '2026-05-01T07:05:00.000Z' }),
    ],
    hintCounts: [2, 2, 1, 0, 2, 2, 2, 2],
    ...overrides,
  };
}

/** A game of the creator's list (what `/api/games/my-games` returns). */
export function buildMyGame(id: string, name: string, status: MyGame['status'] = 'APPROVED'): MyGame {
  return { _id: id, status, metadata: { name, locationCity: 'תל אביב', price: 45, currencyCode: 'ILS' }, questionCount: 8, updatedAt: '2026-03-01T10:00:00.000Z' };
}
