import type { EventTeam, RankedTeam } from '../schemas/events.ts';

/**
 * An event's ranking: the named teams not disqualified, by score (highest first); on equal scores a
 * team that finished comes before one still playing, and the earlier finish first. Teams that tie on
 * all of it share a rank (1, 2, 2, 4).
 */
export function rankTeams(teams: readonly Pick<EventTeam, 'id' | 'name' | 'disqualified' | 'score' | 'endTime'>[]): RankedTeam[] {
  const finishedAt = (team: { endTime: string | null }) => (team.endTime ? Date.parse(team.endTime) : Infinity);
  const ranked = teams
    .filter((team): team is typeof team & { name: string } => team.name !== null && !team.disqualified)
    .map((team) => ({ team, finished: finishedAt(team) }))
    .sort((a, b) => b.team.score - a.team.score || a.finished - b.finished || a.team.name.localeCompare(b.team.name));
  const rows: RankedTeam[] = [];
  ranked.forEach(({ team, finished }, i) => {
    const before = ranked[i - 1];
    const tied = before !== undefined && before.team.score === team.score && before.finished === finished;
    rows.push({ teamId: team.id, name: team.name, score: team.score, rank: tied ? rows[i - 1].rank : i + 1, finished: team.endTime !== null });
  });
  return rows;
}

/**
 * The rows of the ranking a team's phone gets: the first RANKING_TOP, and the team's own row when it is
 * further down. A thousand teams' ranking is about 100 KB, too much to send every phone every few
 * seconds, and more than a phone's screen shows; its length goes with it (`rankedTeams`).
 */
export const RANKING_TOP = 10;

export function rankingForTeam(ranking: readonly RankedTeam[], teamId: string | null): RankedTeam[] {
  const top = ranking.slice(0, RANKING_TOP);
  if (teamId === null || top.some((row) => row.teamId === teamId)) return top;
  const own = ranking.find((row) => row.teamId === teamId);
  return own ? [...top, own] : top;
}
