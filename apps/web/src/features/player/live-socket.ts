import { EVENT_RANKING_EVENT, PROGRESS_EVENT, TEAM_POSITION_EVENT, TEAM_VIEW_EVENT, WATCH_EVENT, type Progress, type WatchAck, type WatchRequest } from '@streethunt/shared';
import { isProgressOf } from './player-store.ts';

export type LiveOptions = {
  gameId: string;
  secretCode: string;
  /** The play's grant, if kept: the watch goes through even when this address is blocked for wrong codes. */
  grant?: string;
  /** A progress from the server: the watch acknowledgement or a `game-progress` event. */
  onProgress(progress: Progress): void;
  /** Connected (again): a good moment to send what is queued. */
  onConnect(): void;
  /** A TEAM_VIEW_EVENT's payload as it came (a live event's news for the team); the event module checks it. */
  onTeamView?(value: unknown): void;
  /** An EVENT_RANKING_EVENT's payload as it came (the event's ranking, pushed to all its teams); the event module checks it. */
  onRanking?(value: unknown): void;
  /** The server let the socket into the play's room (after every (re)connection): `send` now reaches it. */
  onWatched?(send: SendPosition): void;
};

/** A team's position to its event's organiser; dropped while the socket is not in the play's room. */
export type SendPosition = (position: { lat: number; lng: number }) => void;

/** Stops watching and closes the connection. */
export type StopLive = () => void;

const WATCH_TIMEOUT_MS = 5000;

/**
 * Watches one play live over Socket.IO: WATCH_EVENT (`progress:watch`) with the code after every
 * (re)connection, then PROGRESS_EVENT (`game-progress`) after every change by any device (DESIGN.md
 * section 10; the names and payloads are the shared package's). The client library loads on demand, so
 * it stays out of the player's first load.
 */
export function connectLive(options: LiveOptions): StopLive {
  let stopped = false;
  let disconnect: (() => void) | null = null;

  const accept = (value: unknown) => {
    if (!stopped && isProgressOf(value, options.gameId, options.secretCode)) options.onProgress(value);
  };

  import('socket.io-client')
    .then(({ io }) => {
      if (stopped) return;
      const socket = io({ path: '/socket.io', transports: ['websocket', 'polling'] });
      // The server takes a position only from a socket in the play's room: none is buffered for later.
      let watched = false;
      const send: SendPosition = (position) => {
        if (watched && !stopped) socket.emit(TEAM_POSITION_EVENT, position);
      };
      socket.on('connect', () => {
        watched = false;
        const request: WatchRequest = { gameId: options.gameId, secretCode: options.secretCode, ...(options.grant && { grant: options.grant }) };
        // The ack is whatever came over the wire: its progress is checked (accept) before it is used.
        socket.timeout(WATCH_TIMEOUT_MS).emit(WATCH_EVENT, request, (error: Error | null, reply?: Partial<WatchAck>) => {
          if (error || !reply?.ok) return;
          accept(reply.progress);
          watched = true;
          if (!stopped) options.onWatched?.(send);
        });
        if (!stopped) options.onConnect();
      });
      socket.on('disconnect', () => {
        watched = false;
      });
      socket.on(PROGRESS_EVENT, accept);
      socket.on(TEAM_VIEW_EVENT, (value: unknown) => {
        if (!stopped) options.onTeamView?.(value);
      });
      socket.on(EVENT_RANKING_EVENT, (value: unknown) => {
        if (!stopped) options.onRanking?.(value);
      });
      disconnect = () => {
        socket.off();
        socket.disconnect();
      };
    })
    .catch(() => {
      /* the client code could not load (offline): the play goes on, the queue retries by itself */
    });

  return () => {
    stopped = true;
    disconnect?.();
  };
}
