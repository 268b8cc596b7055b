import { ApiError, NetworkError } from '../../../api/client.ts';
import { MAX_SERVER_ATTEMPTS, type ProgressRequest, type QueueDeps, type QueuedAction } from '../action-queue.ts';
import { uploadPhoto } from '../photo/photo-api.ts';
import { photoOutbox, type PhotoOutcome, type QueuedPhoto } from '../photo/photo-queue.ts';
import { keepOutbox, reloadOutbox } from './kept-play.ts';

/*
 * The page's one outbox sender: the progress changes and the photos, interleaved by the time each was
 * made, loaded off the page's first load (action-queue.ts keeps and counts the changes,
 * photo/photo-queue.ts keeps the photos; this sends both). One tab sends at a time (the Web Locks API,
 * where there is one), from the outboxes as the database holds them, and they are sent again when the
 * network returns, when the page is shown, when the app's worker asks (Background Sync's `sync` event,
 * posted as { type: 'flush-outbox' }), and after a failure (retryLater).
 */

const LOCK = 'streethunt-outbox';
const refusedListeners = new Set<() => void>();

/** Hears each change the server refused (the phone had judged it otherwise): the offline notice says so. */
export function onRefused(listener: () => void): () => void {
  refusedListeners.add(listener);
  return () => refusedListeners.delete(listener);
}
const SYNC_TAG = 'outbox';
const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(LOCK);
let current: QueueAccess | null = null;
let watching = false;

/** The page's service worker container: typed as always there, missing where workers are (and null in some test windows). */
const worker = () => navigator.serviceWorker as ServiceWorkerContainer | null | undefined;

/** Sends the outboxes now (a photo was just taken), joining a send already running. */
export function flushOutbox(): void {
  current?.retry();
}

/** The events that may mean the network is back send the outbox of the page's queue (the latest). */
function watch(queue: QueueAccess): void {
  current = queue;
  if (watching) return;
  watching = true;
  const flush = () => current?.retry();
  // The one place the network's return sends the outboxes: the play (play-session.ts) only hears how it went.
  window.addEventListener('online', flush);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') flush();
  });
  worker()?.addEventListener('message', (event: MessageEvent) => {
    if ((event.data as { type?: unknown } | null)?.type === 'flush-outbox') flush();
  });
  // Another tab sent or added changes: this tab's copy of the outbox is read again.
  if (channel) channel.onmessage = () => void reloadOutbox();
}

type SyncRegistration = ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } };

/** Offline with changes waiting: where Background Sync exists, the worker is woken when the network returns. */
function askForBackgroundSync(): void {
  worker()
    ?.ready.then((registration: SyncRegistration) => registration.sync?.register(SYNC_TAG))
    .catch(() => undefined);
}

/** The game-progress call of a queued change. */
export function toRequest(action: QueuedAction): ProgressRequest {
  const base = { gameId: action.gameId, secretCode: action.secretCode, ...(action.grant && { grant: action.grant }) };
  switch (action.action) {
    case 'set-question-status':
      return {
        action: action.action,
        ...base,
        questionIndex: action.questionIndex,
        ...(action.questionId === undefined ? {} : { questionId: action.questionId }),
        questionStatus: action.questionStatus,
        ...(action.answer === undefined ? {} : { answer: action.answer }),
        ...(action.wrongAttempts === undefined ? {} : { wrongAttempts: action.wrongAttempts }),
        ...(action.presenceCode === undefined ? {} : { presenceCode: action.presenceCode }),
      };
    case 'show-question-hint':
      return {
        action: action.action,
        ...base,
        questionIndex: action.questionIndex,
        ...(action.questionId === undefined ? {} : { questionId: action.questionId }),
        hintIndex: action.hintIndex,
      };
    case 'set-end-time':
      return { action: action.action, ...base };
  }
}

/** Worth trying again later: no answer, rate limited, or the server failing. */
function isRetryable(error: unknown): boolean {
  return error instanceof NetworkError || (error instanceof ApiError && (error.status === 429 || error.status >= 500));
}

/** Where the sender reads the outbox (action-queue.ts), and how it sends again later. */
type QueueAccess = {
  read(): QueuedAction[];
  retry(): void;
};

let retryTimer: ReturnType<typeof setTimeout> | null = null;

/** One retry waiting at a time: the `online` event and the socket's return send at once anyway. */
function retryLater(queue: QueueAccess, ms = 5000): void {
  if (retryTimer !== null) return;
  retryTimer = setTimeout(() => {
    retryTimer = null;
    queue.retry();
  }, ms);
}

/**
 * Sends the outbox in order, one change at a time: true when it is empty, false when it stopped on a
 * failure worth retrying. A change leaves the outbox only once the server took it, or refused it (4xx),
 * or failed on it MAX_SERVER_ATTEMPTS times.
 */
export function sendQueued(deps: QueueDeps, queue: QueueAccess): Promise<boolean> {
  watch(queue);
  // One tab at a time; where the browser has no locks, each tab sends on its own.
  // Typed as always there; missing in older browsers (and null in some test windows).
  const locks = navigator.locks as LockManager | null | undefined;
  // (The lock's type nests the callback's promise; it resolves to its value.)
  return locks ? locks.request(LOCK, () => sendInOrder(deps, queue)).then((emptied) => emptied) : sendInOrder(deps, queue);
}

/** What a failure worth retrying does: the outbox waits, and is sent again later. */
function stall(deps: QueueDeps, queue: QueueAccess, error: unknown): false {
  deps.onStalled(error);
  if (error instanceof NetworkError) askForBackgroundSync();
  retryLater(queue, deps.retryMs);
  return false;
}

/** Sends the oldest kept photo: true when it left the outbox (taken or refused), false when it waits. */
async function sendPhoto(deps: QueueDeps, queue: QueueAccess, photo: QueuedPhoto): Promise<boolean> {
  let outcome: PhotoOutcome;
  try {
    const progress = await uploadPhoto(photo);
    outcome = { kind: 'sent', photo, progress };
  } catch (error) {
    // A refusal (4xx but 429) drops the photo; anything else keeps it for later.
    if (isRetryable(error) || !(error instanceof ApiError)) {
      await photoOutbox().settle({ kind: 'kept', photo });
      return stall(deps, queue, error);
    }
    outcome = { kind: 'refused', photo, error };
  }
  await photoOutbox().settle(outcome);
  if (outcome.kind === 'sent') deps.onSent(photo, outcome.progress);
  return true;
}

async function sendInOrder(deps: QueueDeps, queue: QueueAccess): Promise<boolean> {
  // Another tab may have sent some while this one waited for the lock.
  await reloadOutbox();
  for (;;) {
    const action = queue.read()[0];
    // A photo taken before the next change goes first; one taken after changes goes after them.
    const photo = (await photoOutbox().pending())[0];
    if (photo && (!action || photo.at < action.at)) {
      if (await sendPhoto(deps, queue, photo)) continue;
      return false;
    }
    if (!action) return true;
    // Its record is deleted only now that the server took it (or refused it): never the whole outbox rewritten.
    const remove = () => {
      keepOutbox(
        queue.read().filter((a) => a.id !== action.id),
        (db) => db.removeChange(action.id),
      );
      channel?.postMessage('changed');
    };
    try {
      const progress = await deps.send(toRequest(action));
      remove();
      deps.onSent(action, progress);
    } catch (error) {
      const serverFailure = error instanceof ApiError && error.status >= 500;
      if (isRetryable(error) && !(serverFailure && action.attempts + 1 >= MAX_SERVER_ATTEMPTS)) {
        if (serverFailure) {
          const counted = { ...action, attempts: action.attempts + 1 };
          keepOutbox(
            queue.read().map((a) => (a.id === action.id ? counted : a)),
            (db) => db.updateChange(counted),
          );
        }
        return stall(deps, queue, error);
      }
      remove();
      deps.onDropped(action, error);
      if (error instanceof ApiError) refusedListeners.forEach((listener) => listener());
    }
  }
}

