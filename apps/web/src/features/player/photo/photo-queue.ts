import type { Progress } from '@streethunt/shared';
import type { ApiError } from '../../../api/client.ts';

/**
 * Photos the team took, kept on the phone (the offline database's photo outbox) until the server has
 * them: taken offline, one survives a reload. The page's one outbox sender (offline/send-changes.ts)
 * sends them with the progress changes, in the order taken. One per play and question: a new one
 * replaces the old.
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
function indexedDbStore(): PhotoStore {
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
export type PhotoOutcome =
  | { kind: 'sent'; photo: QueuedPhoto; progress: Progress }
  | { kind: 'kept'; photo: QueuedPhoto }
  | { kind: 'refused'; photo: QueuedPhoto; error: ApiError };

/**
 * The photo outbox: `add` keeps a photo (the page's outbox sender sends it); the sender takes them out
 * in the order taken and says how each fared. Listeners hear every change and every outcome, whether
 * or not the photo's step is on screen.
 */
export class PhotoOutbox {
  private readonly listeners = new Set<() => void>();
  private readonly outcomes = new Set<(outcome: PhotoOutcome) => void>();

  constructor(private readonly store: PhotoStore) {}

  /** Hears every change of what is kept. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  /** Hears how each photo fared when sent. */
  onOutcome = (listener: (outcome: PhotoOutcome) => void): (() => void) => {
    this.outcomes.add(listener);
    return () => void this.outcomes.delete(listener);
  };

  async add(photo: Omit<QueuedPhoto, 'id' | 'at'>, at = new Date()): Promise<void> {
    await this.store.put({ ...photo, id: photoId(photo.gameId, photo.secretCode, photo.questionId), at: at.toISOString() });
    this.listeners.forEach((listener) => listener());
  }

  /** What is kept, in the order taken. */
  async pending(): Promise<QueuedPhoto[]> {
    return (await this.store.all()).sort((a, b) => a.at.localeCompare(b.at));
  }

  /** The sender's word on a photo: a sent or refused one leaves the outbox (if it is still the one sent: not retaken meanwhile). */
  async settle(outcome: PhotoOutcome): Promise<void> {
    if (outcome.kind !== 'kept') {
      const now = (await this.store.all()).find((photo) => photo.id === outcome.photo.id);
      if (now?.at === outcome.photo.at) await this.store.remove(outcome.photo.id);
      this.listeners.forEach((listener) => listener());
    }
    this.outcomes.forEach((listener) => listener(outcome));
  }
}

let shared: PhotoOutbox | null = null;

/** The page's one photo outbox: a photo kept for one question still goes while the team is on another. */
export function photoOutbox(): PhotoOutbox {
  shared ??= new PhotoOutbox(indexedDbStore());
  return shared;
}

/** A fresh, empty photo outbox for the page (tests start from a phone that keeps nothing). */
export function resetPhotoOutbox(store: PhotoStore = indexedDbStore()): PhotoOutbox {
  shared = new PhotoOutbox(store);
  return shared;
}
