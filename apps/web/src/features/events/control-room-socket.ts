import {
  EVENT_FEED_EVENT,
  EVENT_POSITIONS_EVENT,
  EVENT_TEAM_EVENT,
  EVENT_WATCH_EVENT,
  eventTeamSchema,
  feedItemSchema,
  teamPositionsSchema,
  type EventTeam,
  type FeedItem,
  type TeamPositionUpdate,
} from '@streethunt/shared';

export type WatchOptions = {
  eventId: string;
  /** The organiser's access token, read at each (re)connection: it may have been renewed meanwhile. */
  token(): string | null;
  /** The server let the socket in (again): what happened while it was out is not on the socket. */
  onWatching(): void;
  /** The server refused the watch, with its code (`forbidden`, `not_found`, …). */
  onRefused(code: string): void;
  /** The connection dropped; it comes back by itself. */
  onDisconnect(): void;
  onTeam(team: EventTeam): void;
  onFeed(item: FeedItem): void;
  /** The teams' new positions, a batch at a time. */
  onPositions(updates: TeamPositionUpdate[]): void;
};

/** Stops watching and closes the connection. */
export type StopWatching = () => void;

const WATCH_TIMEOUT_MS = 5000;

type WatchAck = { ok: true } | { ok: false; code: string };

/**
 * The control room's live changes over Socket.IO: EVENT_WATCH_EVENT with the event and the token after
 * every (re)connection, then each team's change and each feed item. Payloads are checked before they
 * are used: they came over the wire; positions come apart, a batch at a time. The client library loads on demand, with the control room only.
 */
export function watchControlRoom(options: WatchOptions): StopWatching {
  let stopped = false;
  let disconnect: (() => void) | null = null;

  import('socket.io-client')
    .then(({ io }) => {
      if (stopped) return;
      const socket = io({ path: '/socket.io', transports: ['websocket', 'polling'] });
      socket.on('connect', () => {
        socket.timeout(WATCH_TIMEOUT_MS).emit(EVENT_WATCH_EVENT, { eventId: options.eventId, token: options.token() }, (error: Error | null, ack?: WatchAck) => {
          if (stopped) return;
          if (error || !ack) options.onRefused('timeout');
          else if (ack.ok) options.onWatching();
          else options.onRefused(ack.code);
        });
      });
      socket.on('disconnect', () => {
        if (!stopped) options.onDisconnect();
      });
      socket.on(EVENT_TEAM_EVENT, (value: unknown) => {
        const team = eventTeamSchema.safeParse(value);
        if (!stopped && team.success) options.onTeam(team.data);
      });
      socket.on(EVENT_FEED_EVENT, (value: unknown) => {
        const item = feedItemSchema.safeParse(value);
        if (!stopped && item.success) options.onFeed(item.data);
      });
      socket.on(EVENT_POSITIONS_EVENT, (value: unknown) => {
        const updates = teamPositionsSchema.safeParse(value);
        if (!stopped && updates.success) options.onPositions(updates.data);
      });
      disconnect = () => {
        socket.off();
        socket.disconnect();
      };
    })
    .catch(() => {
      if (!stopped) options.onDisconnect();
    });

  return () => {
    stopped = true;
    disconnect?.();
  };
}
