import type { EventTeam, TeamPositionUpdate } from '../schemas/events.ts';

type Position = NonNullable<EventTeam['position']>;

/** The later of two positions (by when the phone sent it); a known one wins over none. */
export function newerPosition(a: Position | null, b: Position | null): Position | null {
  if (!a || !b) return a ?? b;
  return Date.parse(b.at) > Date.parse(a.at) ? b : a;
}

/**
 * A team's change as the control room (and the server's copy of it) takes it: the new state, but the
 * newer of the two positions. Positions travel apart from the other changes (a batch every moment),
 * so a change of progress may carry a position older than the one already shown.
 */
export function mergeTeamChange(known: EventTeam | undefined, incoming: EventTeam): EventTeam {
  if (!known) return incoming;
  const position = newerPosition(known.position, incoming.position);
  return position === incoming.position ? incoming : { ...incoming, position };
}

/** The team with a position that came in, unless it already has a newer one. */
export function withPosition(team: EventTeam, update: TeamPositionUpdate): EventTeam {
  const position = { lat: update.lat, lng: update.lng, at: update.at };
  return newerPosition(team.position, position) === position ? { ...team, position } : team;
}
