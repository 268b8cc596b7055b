import { describe, expect, it } from 'vitest';
import { RANKING_TOP, rankTeams, rankingForTeam } from './ranking.ts';

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

describe('rankingForTeam', () => {
  const ranking = rankTeams(Array.from({ length: 25 }, (_, i) => team(`t${i}`, 1000 - i * 10)));

  it('gives a team in the first rows those rows, and a team further down the first rows and its own', () => {
    expect(rankingForTeam(ranking, 't3').map((row) => row.teamId)).toEqual(ranking.slice(0, RANKING_TOP).map((row) => row.teamId));
    const own = rankingForTeam(ranking, 't20');
    expect(own).toHaveLength(RANKING_TOP + 1);
    expect(own.at(-1)).toMatchObject({ teamId: 't20', rank: 21 });
  });

  it('gives an unranked team (unnamed, or disqualified) the first rows only', () => {
    expect(rankingForTeam(ranking, 'nobody')).toEqual(ranking.slice(0, RANKING_TOP));
  });

  it('ranks a thousand tied teams in one pass: all share rank 1', () => {
    const tied = rankTeams(Array.from({ length: 1000 }, (_, i) => team(`t${i}`, 0)));
    expect(new Set(tied.map((row) => row.rank))).toEqual(new Set([1]));
  });
});
