import { describe, expect, it } from 'vitest';
import type { EventTeam } from '../schemas/events.ts';
import { mergeTeamChange, newerPosition, withPosition } from './team-changes.ts';

const team = (extra: Partial<EventTeam> = {}): EventTeam => ({
  id: 't1',
  code: 'ABC123',
  name: 'Foxes',
  disqualified: false,
  startTime: null,
  endTime: null,
  answered: 0,
  skipped: 0,
  hints: 0,
  questionCount: 3,
  score: 0,
  position: null,
  statuses: [null, null, null],
  ...extra,
});
const at = (second: number) => ({ lat: 32, lng: 34 + second / 1000, at: new Date(Date.UTC(2026, 0, 1, 10, 0, second)).toISOString() });

describe('a team’s changes in the control room', () => {
  it('keeps the newer position of two, and a known one over none', () => {
    expect(newerPosition(at(1), at(2))).toEqual(at(2));
    expect(newerPosition(at(3), at(2))).toEqual(at(3));
    expect(newerPosition(null, at(2))).toEqual(at(2));
    expect(newerPosition(at(2), null)).toEqual(at(2));
    expect(newerPosition(null, null)).toBeNull();
  });

  it('a change of progress takes the new counts but not an older position than the one shown', () => {
    const shown = team({ position: at(10) });
    const answered = mergeTeamChange(shown, team({ answered: 1, position: at(4) }));
    expect(answered).toMatchObject({ answered: 1, position: at(10) });
    expect(mergeTeamChange(shown, team({ answered: 2, position: null })).position).toEqual(at(10));
    expect(mergeTeamChange(shown, team({ position: at(12) })).position).toEqual(at(12));
    expect(mergeTeamChange(undefined, team({ answered: 3 }))).toMatchObject({ answered: 3, position: null });
  });

  it('a position that came in moves the team only when it is newer', () => {
    const shown = team({ position: at(10) });
    expect(withPosition(shown, { teamId: 't1', ...at(11) }).position).toEqual(at(11));
    expect(withPosition(shown, { teamId: 't1', ...at(9) })).toBe(shown);
    expect(withPosition(team(), { teamId: 't1', ...at(1) }).position).toEqual(at(1));
  });
});
