import type { GameProgressRequest, Progress, ProgressChange } from '@streethunt/shared';
import { keepOutbox, keptOutbox } from './offline/kept-play.ts';

/**
 * Every progress change a player makes goes through this one ordered queue, kept in the offline database (offline/kept-play.ts) so
 * that answers and opened hints made offline survive a reload and reach the server in order when the
 * network returns (DESIGN.md section 4).
 */
export type QueuedAction = ProgressChange & {
  id: string;
  gameId: string;
  secretCode: string;
  /** When the player made it (ISO), so the screen shows it at that time until the server answers. */
  at: string;
  /** The play's grant when the change was made: it still reaches the server from a blocked address. */
  grant?: string;
  /** Server errors (5xx) met so far; network failures do not count. */
  attempts: number;
};

/** Every game-progress call but set-start-time (which needs an answer at once: it checks the code). */
export type ProgressRequest = Exclude<GameProgressRequest, { action: 'set-start-time' }>;

/** A change the server keeps failing on (5xx) is given up after this many tries. */
export const MAX_SERVER_ATTEMPTS = 8;

export function readQueue(): QueuedAction[] {
  return (keptOutbox() as QueuedAction[]).filter((a) => a && typeof a.id === 'string');
}

export type QueueDeps = {
  send(request: ProgressRequest): Promise<Progress>;
  /** A send that failed for now is tried again after this long (the outbox's own timer, not the screen's). */
  retryMs?: number;
  /** The server took the change (or a photo of the play); its reply is the progress now. */
  onSent(sent: Pick<QueuedAction, 'gameId' | 'secretCode'>, progress: Progress): void;
  /** The server refused the change (4xx): it is gone from the queue. */
  onDropped(action: QueuedAction, error: unknown): void;
  /** No answer (or a retryable one): the change stays queued. */
  onStalled(error: unknown): void;
};

let counter = 0;
function newId(): string {
  counter = (counter + 1) % 1_000_000;
  return `${Date.now().toString(36)}-${counter.toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

export class ActionQueue {
  private running: Promise<boolean> | null = null;
  private rerun = false;

  constructor(private readonly deps: QueueDeps) {}

  /** Adds a change at the end of the queue (it is sent by the next flush), with the play's grant if it has one. */
  enqueue(gameId: string, secretCode: string, change: ProgressChange, options: { at?: Date; grant?: string } = {}): QueuedAction {
    const at = options.at ?? new Date();
    const action = {
      ...change,
      id: newId(),
      gameId,
      secretCode,
      ...(options.grant && { grant: options.grant }),
      at: at.toISOString(),
      attempts: 0,
    } as QueuedAction;
    keepOutbox([...readQueue(), action], (db) => db.addChange(action));
    return action;
  }

  /** The changes still to send, of one play or of all. */
  pending(gameId?: string, secretCode?: string | null): QueuedAction[] {
    const all = readQueue();
    if (gameId === undefined) return all;
    return all.filter((a) => a.gameId === gameId && a.secretCode === secretCode);
  }

  /**
   * Sends the queue and the photo outbox in order, one at a time; resolves true when it is empty, false when it
   * stopped on a failure worth retrying. Calls made while one runs join it (there is never more than
   * one change in flight from this page).
   */
  flush(): Promise<boolean> {
    if (this.running) {
      this.rerun = true;
      return this.running;
    }
    this.running = this.drive();
    return this.running;
  }

  private async drive(): Promise<boolean> {
    try {
      for (;;) {
        this.rerun = false;
        const emptied = await this.run();
        // A flush asked for meanwhile (a new change, the network back) runs again at once, so nothing
        // waits for the retry timer; the one in flight may have failed before the network returned.
        if (!this.rerun) return emptied;
      }
    } finally {
      // In the same step as the last check: a later flush() starts a new run.
      this.running = null;
    }
  }

  private async run(): Promise<boolean> {
    // The sending code (the progress changes and the photos) loads off the page's first load.
    const { sendQueued } = await import('./offline/send-changes.ts');
    return sendQueued(this.deps, { read: readQueue, retry: () => void this.flush() });
  }
}
