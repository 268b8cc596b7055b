import { SKIP_WAITING_MESSAGE } from '../../sw/messages.ts';
import { isUpdateSafe, onUpdateSafe } from '../update-gate.ts';

/** A waiting new version of the app, offered to the page. */
export type PendingUpdate = {
  /** Takes the new version now, when nothing holds updates (the page then reloads under it): true if it does. */
  apply(): boolean;
};

export type WorkerOptions = {
  container: ServiceWorkerContainer;
  /** Reloads the page, once the new worker controls it. */
  reload(): void;
  /** The player is in a game: the update also applies by itself at the next safe moment. */
  inPlay(): boolean;
  /** Says that a new version is ready (the notice). */
  offer(update: PendingUpdate): void;
  /** Where the periodic and on-return checks listen; the tests pass their own. */
  target?: Pick<Window, 'addEventListener' | 'setInterval'>;
  visibility?: Pick<Document, 'addEventListener' | 'visibilityState'>;
};

/** A phone that keeps the app open for a whole game still hears of a deploy within this. */
const CHECK_EVERY_MS = 30 * 60 * 1000;
/** After the last hold goes, the player sees the verdict a moment before the page reloads. */
export const SETTLE_MS = 1500;

/**
 * Registers the app's service worker (dist/sw.js) and offers each new version once it has installed
 * and waits: it takes over only through `apply`, when nothing holds updates (update-gate.ts), never by
 * itself (docs/decisions/013). The first worker a phone installs is no update: nothing is offered.
 */
export async function registerAppWorker(options: WorkerOptions): Promise<ServiceWorkerRegistration> {
  const { container } = options;
  const registration = await container.register('/sw.js', { scope: '/', updateViaCache: 'none' });
  let offered: ServiceWorker | null = null;
  let stopWaiting: (() => void) | null = null;

  const offer = (worker: ServiceWorker) => {
    if (!container.controller || offered === worker) return;
    offered = worker;
    let applying = false;
    const update: PendingUpdate = {
      apply() {
        if (applying) return true;
        if (!isUpdateSafe()) return false;
        applying = true;
        container.addEventListener('controllerchange', () => options.reload(), { once: true });
        worker.postMessage({ type: SKIP_WAITING_MESSAGE });
        return true;
      },
    };
    stopWaiting?.();
    // In a game, between questions: once the answer is sent and nothing else holds.
    stopWaiting = onUpdateSafe(() => {
      setTimeout(() => {
        if (options.inPlay()) update.apply();
      }, SETTLE_MS);
    });
    options.offer(update);
  };

  if (registration.waiting) offer(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const worker = registration.installing;
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed') offer(worker);
    });
  });

  const check = () => void registration.update().catch(() => undefined);
  const target = options.target ?? window;
  const visibility = options.visibility ?? document;
  target.setInterval(check, CHECK_EVERY_MS);
  target.addEventListener('online', check);
  visibility.addEventListener('visibilitychange', () => {
    if (visibility.visibilityState === 'visible') check();
  });
  return registration;
}
