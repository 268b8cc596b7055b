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

/**
 * Waits on one socket event by key (a team's id), with a single listener: with a thousand teams,
 * hundreds of waits are open at once, and a listener each would check every event hundreds of times.
 * `keysOf` says which keys an event is about (a batch of positions is about many teams).
 */
export function keyedArrivals<T>(socket: Socket, name: string, keysOf: (payload: T) => string[]) {
  const waiting = new Map<string, Set<{ accept(payload: T): boolean; resolve(): void }>>();
  socket.on(name, (payload: T) => {
    for (const key of keysOf(payload)) {
      const waits = waiting.get(key);
      if (!waits) continue;
      for (const wait of [...waits]) if (wait.accept(payload)) wait.resolve();
    }
  });
  return (key: string, accept: (payload: T) => boolean): Arrival => {
    let sentAt = 0;
    let cancel = () => {};
    const arrival = new Promise<number | null>((resolve) => {
      const entry = {
        accept,
        resolve: () => {
          stop();
          resolve(performance.now() - sentAt);
        },
      };
      const stop = () => {
        clearTimeout(timer);
        waiting.get(key)?.delete(entry);
        if (waiting.get(key)?.size === 0) waiting.delete(key);
      };
      const timer = setTimeout(() => {
        stop();
        resolve(null);
      }, EVENT_TIMEOUT_MS);
      cancel = () => {
        stop();
        resolve(NaN);
      };
      if (!waiting.has(key)) waiting.set(key, new Set());
      waiting.get(key)!.add(entry);
    });
    return { sent: () => (sentAt = performance.now()), arrival, cancel };
  };
}
