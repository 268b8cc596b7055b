import { PROGRESS_EVENT, WATCH_EVENT, type Progress, type WatchAck, type WatchRequest } from '@streethunt/shared';
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
};

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
      socket.on('connect', () => {
        const request: WatchRequest = { gameId: options.gameId, secretCode: options.secretCode, ...(options.grant && { grant: options.grant }) };
        // The ack is whatever came over the wire: its progress is checked (accept) before it is used.
        socket.timeout(WATCH_TIMEOUT_MS).emit(WATCH_EVENT, request, (error: Error | null, reply?: Partial<WatchAck>) => {
          if (!error && reply?.ok) accept(reply.progress);
        });
        if (!stopped) options.onConnect();
      });
      socket.on(PROGRESS_EVENT, accept);
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
