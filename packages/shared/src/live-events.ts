import type { Progress } from './schemas/play.ts';

/**
 * The live-progress socket contract (DESIGN.md sections 4 and 10): every device holding a code shares
 * one play, and each play has one Socket.IO room the server lets a socket into only after checking
 * the code. The payload of WATCH_EVENT is `watchRequestSchema` (schemas/play.ts). These names sit in a
 * module without zod so the phone can import them without loading the schemas.
 */

/** Client -> server: `{ gameId, secretCode, grant? }` with an ack callback (WatchAck). */
export const WATCH_EVENT = 'progress:watch';
/** Server -> client: the play's Progress after every change. */
export const PROGRESS_EVENT = 'game-progress';

/** Why a watch was refused. */
type WatchRefusal = 'wrong_code' | 'code_refunded' | 'trial_expired' | 'rate_limited' | 'validation' | 'internal';

/** What WATCH_EVENT acks: the play's progress once the socket is in its room, or why not. */
export type WatchAck = { ok: true; progress: Progress } | { ok: false; code: WatchRefusal };

/**
 * Events (schemas/events.ts). Control room, client -> server: `{ eventId, token }` (the organiser's
 * access token) with an ack `{ ok: true }` or `{ ok: false, code }`; the socket then receives
 * EVENT_TEAM_EVENT (an EventTeam after each change of a team) and EVENT_FEED_EVENT (a FeedItem).
 */
export const EVENT_WATCH_EVENT = 'event:watch';
export const EVENT_TEAM_EVENT = 'event:team';
export const EVENT_FEED_EVENT = 'event:feed';
/** Server -> control room: the teams' new positions, `[{ teamId, lat, lng, at }]`, gathered for a moment. */
export const EVENT_POSITIONS_EVENT = 'event:positions';
/** Server -> a team's phones (in its play room): a TeamView after a message, a rename or the end. */
export const TEAM_VIEW_EVENT = 'event:team-view';
/**
 * Server -> every phone of an event's teams (each joins its team's room when its play's watch is let
 * in): an EventRanking (schemas/events.ts), the rows that team sees, after the standings changed, while the event shows
 * its ranking to the teams or once it has ended; at most one per event every few seconds, coalesced.
 */
export const EVENT_RANKING_EVENT = 'event:ranking';
/** Phone -> server, from a socket watching its play: `{ lat, lng }`, at most every few seconds. */
export const TEAM_POSITION_EVENT = 'event:position';
/** How often a playing phone in an event sends its position. */
export const TEAM_POSITION_INTERVAL_MS = 5_000;
