import { EVENT_FEED_EVENT, EVENT_RANKING_EVENT, EVENT_TEAM_EVENT, TEAM_VIEW_EVENT, type EventRanking, type EventTeam, type FeedItem, type TeamView } from '@streethunt/shared';
import type { Server } from 'socket.io';
import { playRoom } from '../plays/live.ts';

/**
 * The control room's room: a socket joins it only after the server has checked that its token is the
 * organiser's or an admin's (watch.ts). With REDIS_URL, every process's changes reach it.
 */
const ROOM_PREFIX = 'event:';
export const eventRoom = (eventId: string) => `${ROOM_PREFIX}${eventId}`;
export const isEventRoom = (room: string) => room.startsWith(ROOM_PREFIX);

export function emitTeam(io: Server, eventId: string, team: EventTeam): void {
  io.to(eventRoom(eventId)).emit(EVENT_TEAM_EVENT, team);
}

export function emitFeed(io: Server, eventId: string, item: FeedItem): void {
  io.to(eventRoom(eventId)).emit(EVENT_FEED_EVENT, item);
}

/** To the phones of one team: they watch their play's room. */
export function emitTeamView(io: Server, team: { gameId: string; codeId: string }, view: TeamView): void {
  io.to(playRoom(team)).emit(TEAM_VIEW_EVENT, view);
}

/**
 * The phones of one event team: a phone joins it when its play's watch is let in (its code is the
 * team's), on whichever process it is. The ranking goes to each team's room, as the team sees it.
 */
export const eventTeamRoom = (teamId: string) => `event-team:${teamId}`;
export const isEventTeamRoom = (room: string) => room.startsWith('event-team:');

export function emitRanking(io: Server, teamId: string, ranking: EventRanking): void {
  io.to(eventTeamRoom(teamId)).emit(EVENT_RANKING_EVENT, ranking);
}
