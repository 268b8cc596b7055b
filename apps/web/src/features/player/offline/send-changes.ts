import { ApiError, NetworkError } from '../../../api/client.ts';
import { MAX_SERVER_ATTEMPTS, type ProgressRequest, type QueueDeps, type QueuedAction } from '../action-queue.ts';

/*
 * Sending the progress outbox: loaded when there is something to send, so the page's first load does
 * not carry it (action-queue.ts keeps and counts the changes; this sends them).
 */

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

/** Where the sender reads and writes the outbox (action-queue.ts), and how it sends again later. */
type QueueAccess = {
  read(): QueuedAction[];
  write(list: QueuedAction[]): void;
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
export async function sendQueued(deps: QueueDeps, queue: QueueAccess): Promise<boolean> {
  for (;;) {
    const action = queue.read()[0];
    if (!action) return true;
    const remove = () => queue.write(queue.read().filter((a) => a.id !== action.id));
    try {
      const progress = await deps.send(toRequest(action));
      remove();
      deps.onSent(action, progress);
    } catch (error) {
      const serverFailure = error instanceof ApiError && error.status >= 500;
      if (isRetryable(error) && !(serverFailure && action.attempts + 1 >= MAX_SERVER_ATTEMPTS)) {
        if (serverFailure) queue.write(queue.read().map((a) => (a.id === action.id ? { ...a, attempts: action.attempts + 1 } : a)));
        deps.onStalled(error);
        retryLater(queue, deps.retryMs);
        return false;
      }
      remove();
      deps.onDropped(action, error);
    }
  }
}

