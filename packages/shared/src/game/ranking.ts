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
    .sort((a, b) => b.score - a.score || finishedAt(a) - finishedAt(b) || a.name.localeCompare(b.name));
  return ranked.map((team, i) => {
    let first = i;
    while (first > 0 && ranked[first - 1].score === team.score && finishedAt(ranked[first - 1]) === finishedAt(team)) first--;
    return { teamId: team.id, name: team.name, score: team.score, rank: first + 1, finished: team.endTime !== null };
  });
}
