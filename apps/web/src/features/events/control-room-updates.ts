import { mergeTeamChange, withPosition, type ControlRoom, type EventSummary, type EventTeam, type FeedItem, type TeamPositionUpdate } from '@streethunt/shared';

/** The server sends at most this many feed items; the live ones keep the list at that length (in memory and on screen). */
export const FEED_MAX = 200;

/** A team's change from the socket: it replaces that team (a team the room did not know is added), keeping a newer position. */
export function applyTeamChange(room: ControlRoom, team: EventTeam): ControlRoom {
  return applyRoomChanges(room, { teams: [team], feed: [], positions: [] });
}

/**
 * A new feed item goes first. An item already there is left alone: a message the organiser sent comes
 * back both as the call's reply and on the socket.
 */
export function applyFeedItem(room: ControlRoom, item: FeedItem): ControlRoom {
  return applyRoomChanges(room, { teams: [], feed: [item], positions: [] });
}

/** What came over the socket since the room last drew, in the order it came. */
export type RoomChanges = { teams: EventTeam[]; feed: FeedItem[]; positions: TeamPositionUpdate[] };

/**
 * Everything that came in a moment, applied in one pass: with a thousand teams, hundreds of changes and
 * positions come each second, and a pass over every team (and a new drawing) for each would not keep up.
 */
export function applyRoomChanges(room: ControlRoom, changes: RoomChanges): ControlRoom {
  let next = room;
  if (changes.teams.length > 0 || changes.positions.length > 0) {
    const changed = new Map<string, EventTeam>();
    for (const team of changes.teams) changed.set(team.id, mergeTeamChange(changed.get(team.id), team));
    const moved = new Map<string, TeamPositionUpdate[]>();
    for (const update of changes.positions) moved.set(update.teamId, [...(moved.get(update.teamId) ?? []), update]);
    const known = new Set<string>();
    const update = (team: EventTeam) => {
      let result = changed.has(team.id) ? mergeTeamChange(team, changed.get(team.id)!) : team;
      for (const position of moved.get(team.id) ?? []) result = withPosition(result, position);
      return result;
    };
    const teams = room.teams.map((team) => {
      known.add(team.id);
      return update(team);
    });
    for (const team of changed.values()) if (!known.has(team.id)) teams.push(update(team));
    next = { ...next, teams };
  }
  if (changes.feed.length > 0) {
    const ids = new Set(room.feed.map((item) => item.id));
    const fresh: FeedItem[] = [];
    for (const item of changes.feed) {
      if (ids.has(item.id)) continue;
      ids.add(item.id);
      fresh.unshift(item);
    }
    if (fresh.length > 0) next = { ...next, feed: [...fresh, ...room.feed].slice(0, FEED_MAX) };
  }
  return next;
}

/** The event as the server now has it (after ending it). */
export function applyEventSummary(room: ControlRoom, event: EventSummary): ControlRoom {
  return { ...room, event };
}
