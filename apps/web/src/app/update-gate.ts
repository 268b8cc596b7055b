/**
 * Whether a new version of the app may take over now: never while the player is in the middle of
 * something a reload would cut (an answer typed or on its way, a photo uploading). Each such moment
 * holds updates until it releases them; the update applies once nothing holds (service-worker/).
 */
const holds = new Map<symbol, string>();
const listeners = new Set<() => void>();

/** Holds updates until the returned function is called (calling it again does nothing). */
export function holdUpdates(reason: string): () => void {
  const id = Symbol(reason);
  holds.set(id, reason);
  return () => {
    if (!holds.delete(id) || holds.size) return;
    for (const listener of [...listeners]) listener();
  };
}

export function isUpdateSafe(): boolean {
  return holds.size === 0;
}

/** Called each time the last hold is released. */
export function onUpdateSafe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
