import type { Progress } from '@streethunt/shared';
import { ApiError, NetworkError } from '../../../api/client.ts';

/**
 * Photos the team took, kept on the phone (the offline database's photo outbox) until the server has them: taken offline, one survives a reload and
 * is sent when the network returns. One per play and question: a new one replaces the old.
 */
export type QueuedPhoto = {
  /** `gameId secretCode questionId` */
  id: string;
  gameId: string;
  secretCode: string;
  grant?: string;
  questionId: string;
  blob: Blob;
  /** When it was taken (ISO). */
  at: string;
};

/** Where queued photos are kept; IndexedDB in the browser, a Map in tests. */
export interface PhotoStore {
  put(photo: QueuedPhoto): Promise<void>;
  all(): Promise<QueuedPhoto[]>;
  remove(id: string): Promise<void>;
}

export const photoId = (gameId: string, secretCode: string, questionId: string) => `${gameId} ${secretCode} ${questionId}`;

/** The offline database's photo outbox (offline/offline-db.ts); memory only (the photo lives as long as the page) where it is unavailable. */
export function indexedDbStore(): PhotoStore {
  if (typeof indexedDB === 'undefined') return memoryStore();
  const memory = memoryStore();
  const db = () => import('../offline/kept-io.ts');
  // Private browsing may refuse IndexedDB: the photo is then kept in memory only.
  const orMemory = <T>(work: () => Promise<T>, fallback: () => Promise<T>) => work().catch(fallback);
  return {
    put: (photo) => orMemory(async () => (await db()).putPhoto(photo), () => memory.put(photo)),
    all: () => orMemory(async () => (await db()).allPhotos(), () => memory.all()),
    remove: (id) => orMemory(async () => (await db()).removePhoto(id), () => memory.remove(id)),
  };
}

export function memoryStore(): PhotoStore {
  const photos = new Map<string, QueuedPhoto>();
  return {
    put: async (photo) => void photos.set(photo.id, photo),
    all: async () => [...photos.values()],
    remove: async (id) => void photos.delete(id),
  };
}

/** How a queued photo fared: sent (the server's progress), kept for later (no network, the server busy) or refused (4xx). */
export type SendOutcome = { kind: 'sent'; progress: Progress } | { kind: 'kept' } | { kind: 'refused'; error: ApiError };

/** What the queue tells the screen: a photo the server took (its progress), one it refused, one kept for later. */
export type QueueEvents = {
  onSent(progress: Progress): void;
  onRefused?(photo: QueuedPhoto, error: ApiError): void;
  onKept?(photo: QueuedPhoto): void;
};

/** Worth trying again later: no answer, rate limited, or the server failing. */
const isRetryable = (error: unknown) => error instanceof NetworkError || (error instanceof ApiError && (error.status === 429 || error.status >= 500));

/**
 * The phone's photo queue: `add` keeps a photo and tries to send it; `flush` sends every kept one, in
 * the order they were taken, stopping at the first that cannot go now. Listeners hear every change.
 */
export class PhotoQueue {
  private readonly listeners = new Set<() => void>();
  private running: Promise<void> | null = null;

  constructor(
    private readonly store: PhotoStore,
    private readonly send: (photo: QueuedPhoto) => Promise<Progress>,
    private readonly events: QueueEvents,
  ) {}

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private changed() {
    this.listeners.forEach((listener) => listener());
  }

  async add(photo: Omit<QueuedPhoto, 'id' | 'at'>, at = new Date()): Promise<void> {
    await this.store.put({ ...photo, id: photoId(photo.gameId, photo.secretCode, photo.questionId), at: at.toISOString() });
    this.changed();
    await this.flush();
  }

  pending(): Promise<QueuedPhoto[]> {
    return this.store.all();
  }

  /** Sends what is kept; a call while one runs waits for it, then runs again (a photo added meanwhile goes too). */
  flush(): Promise<void> {
    const next = (this.running ?? Promise.resolve()).then(() => this.run());
    this.running = next.finally(() => {
      if (this.running === next) this.running = null;
    });
    return next;
  }

  private async run(): Promise<void> {
    const photos = (await this.store.all()).sort((a, b) => a.at.localeCompare(b.at));
    for (const photo of photos) {
      const outcome = await this.sendOne(photo);
      if (outcome.kind === 'kept') return;
    }
  }

  private async sendOne(photo: QueuedPhoto): Promise<SendOutcome> {
    try {
      const progress = await this.send(photo);
      await this.store.remove(photo.id);
      this.changed();
      this.events.onSent(progress);
      return { kind: 'sent', progress };
    } catch (error) {
      if (isRetryable(error) || !(error instanceof ApiError)) {
        this.events.onKept?.(photo);
        return { kind: 'kept' };
      }
      await this.store.remove(photo.id);
      this.changed();
      this.events.onRefused?.(photo, error);
      return { kind: 'refused', error };
    }
  }
}
