import { describe, expect, it } from 'vitest';
import { rankTeams } from './ranking.ts';

const team = (id: string, score: number, extra: { name?: string | null; endTime?: string | null; disqualified?: boolean } = {}) => ({
  id,
  name: extra.name === undefined ? `Team ${id}` : extra.name,
  score,
  endTime: extra.endTime ?? null,
  disqualified: extra.disqualified ?? false,
});

describe('rankTeams', () => {
  it('ranks by score, a finished team before one playing on equal score, the earlier finish first', () => {
    const ranked = rankTeams([
      team('a', 100),
      team('b', 300),
      team('c', 100, { endTime: '2026-01-01T10:30:00Z' }),
      team('d', 100, { endTime: '2026-01-01T10:10:00Z' }),
    ]);
    expect(ranked.map((r) => [r.teamId, r.rank, r.finished])).toEqual([
      ['b', 1, false],
      ['d', 2, true],
      ['c', 3, true],
      ['a', 4, false],
    ]);
  });

  it('lets teams tied on score and finish share a rank, and leaves out unnamed and disqualified teams', () => {
    const ranked = rankTeams([team('a', 50), team('b', 50), team('c', 10), team('d', 900, { disqualified: true }), team('e', 900, { name: null })]);
    expect(ranked.map((r) => [r.teamId, r.rank])).toEqual([
      ['a', 1],
      ['b', 1],
      ['c', 3],
    ]);
  });
});
