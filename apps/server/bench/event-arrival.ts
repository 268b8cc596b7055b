import type { Socket } from 'socket.io-client';
import { PROGRESS_EVENT } from '@streethunt/shared';

/** How long a progress event may take to arrive before it counts as lost. */
export const EVENT_TIMEOUT_MS = 5_000;

/**
 * Waits for `socket`'s next progress event: `arrival` resolves with the milliseconds since `sent()`
 * was called (the update's send), null when none came within EVENT_TIMEOUT_MS, or NaN once `cancel`
 * says none will come (the update failed).
 */
export function nextProgressEvent(socket: Socket): { sent(): void; arrival: Promise<number | null>; cancel(): void } {
  let sentAt = 0;
  let cancel = () => {};
  const arrival = new Promise<number | null>((resolve) => {
    const timer = setTimeout(() => {
      socket.off(PROGRESS_EVENT, onEvent);
      resolve(null);
    }, EVENT_TIMEOUT_MS);
    function onEvent() {
      clearTimeout(timer);
      resolve(performance.now() - sentAt);
    }
    cancel = () => {
      clearTimeout(timer);
      socket.off(PROGRESS_EVENT, onEvent);
      resolve(NaN);
    };
    socket.once(PROGRESS_EVENT, onEvent);
  });
  return { sent: () => (sentAt = performance.now()), arrival, cancel };
}
