import type { ControlRoom, EventSummary, EventTeam, FeedItem } from '@streethunt/shared';

/** The server sends at most this many feed items; the live ones keep the list at that length. */
export const FEED_MAX = 200;

/** A team's change from the socket: it replaces that team (a team the room did not know is added). */
export function applyTeamChange(room: ControlRoom, team: EventTeam): ControlRoom {
  const known = room.teams.some((existing) => existing.id === team.id);
  return { ...room, teams: known ? room.teams.map((existing) => (existing.id === team.id ? team : existing)) : [...room.teams, team] };
}

/**
 * A new feed item goes first. An item already there is left alone: a message the organiser sent comes
 * back both as the call's reply and on the socket.
 */
export function applyFeedItem(room: ControlRoom, item: FeedItem): ControlRoom {
  if (room.feed.some((existing) => existing.id === item.id)) return room;
  return { ...room, feed: [item, ...room.feed].slice(0, FEED_MAX) };
}

/** The event as the server now has it (after ending it). */
export function applyEventSummary(room: ControlRoom, event: EventSummary): ControlRoom {
  return { ...room, event };
}
