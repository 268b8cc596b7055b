import { STORE_KEYS } from '../player-store.ts';

/**
 * The photo verdicts read on this phone, per play: each verdict (a question's photo judged at a time)
 * shows until read. Kept beside the play's other records, and forgotten with them when another game opens.
 */
type Stamped = { v: 1; secret: string; read: string[] };

export function readVerdictsRead(gameId: string, secret: string): Set<string> {
  try {
    const box = JSON.parse(localStorage.getItem(STORE_KEYS.verdicts(gameId)) ?? 'null') as Partial<Stamped> | null;
    return new Set(box?.v === 1 && box.secret === secret && Array.isArray(box.read) ? box.read.filter((key) => typeof key === 'string') : []);
  } catch {
    return new Set();
  }
}

export function keepVerdictsRead(gameId: string, secret: string, read: Set<string>): void {
  try {
    localStorage.setItem(STORE_KEYS.verdicts(gameId), JSON.stringify({ v: 1, secret, read: [...read] } satisfies Stamped));
  } catch {
    /* storage full or disabled: the verdict shows again on the next visit */
  }
}
