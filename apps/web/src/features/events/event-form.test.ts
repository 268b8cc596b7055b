import { describe, expect, it } from 'vitest';
import { EVENT_NAME_MAX, EVENT_TEAMS_MAX } from '@streethunt/shared';
import { createTestI18n, textsOf } from '../../test/i18n.ts';
import { DEFAULT_TEAM_COUNT, checkEventForm, defaultEventValues, fromLocalInput, toLocalInput } from './event-form.ts';

async function englishTexts() {
  const { i18n } = await createTestI18n('en');
  return textsOf(i18n);
}

describe('the new event form', () => {
  it('starts now, rounded down to five minutes, for two hours, with five teams', () => {
    const values = defaultEventValues(new Date(2026, 4, 1, 9, 7, 42), 'g1');
    expect(values).toEqual({ gameId: 'g1', name: '', startsAt: '2026-05-01T09:05', endsAt: '2026-05-01T11:05', teamCount: String(DEFAULT_TEAM_COUNT), timeLimitMinutes: '' });
    expect(defaultEventValues(new Date(2026, 11, 31, 23, 0), '').endsAt).toBe('2027-01-01T01:00');
  });

  it('reads a datetime-local value as local time, and nothing else', () => {
    const local = new Date(2026, 4, 1, 9, 5);
    expect(toLocalInput(local)).toBe('2026-05-01T09:05');
    expect(fromLocalInput('2026-05-01T09:05')).toBe(local.toISOString());
    expect(fromLocalInput('')).toBeNull();
    expect(fromLocalInput('tomorrow')).toBeNull();
    expect(fromLocalInput('2026-13-45T09:05')).toBeNull();
  });

  it('sends the times as ISO and the count as a number', async () => {
    const t = await englishTexts();
    const checked = checkEventForm({ gameId: 'g1', name: '  Team day ', startsAt: '2026-05-01T09:00', endsAt: '2026-05-01T11:00', teamCount: '12', timeLimitMinutes: '45' }, false, t);
    expect(checked).toEqual({
      ok: true,
      data: {
        gameId: 'g1',
        name: 'Team day',
        startsAt: new Date(2026, 4, 1, 9).toISOString(),
        endsAt: new Date(2026, 4, 1, 11).toISOString(),
        teamCount: 12,
        showLeaderboard: false,
        timeLimitMinutes: 45,
      },
    });
  });

  it('says what is wrong with each field, in words', async () => {
    const t = await englishTexts();
    const empty = checkEventForm({ gameId: '', name: ' ', startsAt: '', endsAt: '', teamCount: '', timeLimitMinutes: '' }, true, t);
    expect(empty).toEqual({
      ok: false,
      errors: { gameId: 'Pick a game', name: 'Fill this in', startsAt: 'Fill this in', endsAt: 'Fill this in', teamCount: 'Fill this in' },
    });
    const wrong = checkEventForm({ gameId: 'g1', name: 'x'.repeat(EVENT_NAME_MAX + 1), startsAt: '2026-05-01T11:00', endsAt: '2026-05-01T11:00', teamCount: String(EVENT_TEAMS_MAX + 1), timeLimitMinutes: '3' }, true, t);
    expect(wrong).toEqual({
      ok: false,
      errors: { name: `At most ${EVENT_NAME_MAX} characters`, endsAt: 'The end must come after the start', teamCount: `A whole number from 1 to ${EVENT_TEAMS_MAX}`, timeLimitMinutes: 'A whole number of minutes from 5 to 1440, or empty' },
    });
    expect(checkEventForm({ gameId: 'g1', name: 'Day', startsAt: '2026-05-01T11:00', endsAt: '2026-05-01T10:00', teamCount: '0', timeLimitMinutes: '' }, true, t)).toEqual({
      ok: false,
      errors: { endsAt: 'The end must come after the start', teamCount: `A whole number from 1 to ${EVENT_TEAMS_MAX}` },
    });
  });
});
