import type { Socket } from 'socket.io-client';
import { PROGRESS_EVENT } from '@streethunt/shared';

/** How long an event may take to arrive before it counts as lost. */
export const EVENT_TIMEOUT_MS = 5_000;

type Arrival = { sent(): void; arrival: Promise<number | null>; cancel(): void };

/**
 * Waits for the next `name` event on `socket` that `accept` takes: `arrival` resolves with the
 * milliseconds since `sent()` was called (the change's send), null when none came within
 * EVENT_TIMEOUT_MS, or NaN once `cancel` says none will come (the change failed).
 */
export function nextEvent<T>(socket: Socket, name: string, accept: (payload: T) => boolean = () => true): Arrival {
  let sentAt = 0;
  let cancel = () => {};
  const arrival = new Promise<number | null>((resolve) => {
    const stop = () => {
      clearTimeout(timer);
      socket.off(name, onEvent);
    };
    const timer = setTimeout(() => {
      stop();
      resolve(null);
    }, EVENT_TIMEOUT_MS);
    function onEvent(payload: T) {
      if (!accept(payload)) return;
      stop();
      resolve(performance.now() - sentAt);
    }
    cancel = () => {
      stop();
      resolve(NaN);
    };
    socket.on(name, onEvent);
  });
  return { sent: () => (sentAt = performance.now()), arrival, cancel };
}

/** Waits for `socket`'s next progress event (see nextEvent). */
export const nextProgressEvent = (socket: Socket): Arrival => nextEvent(socket, PROGRESS_EVENT);
