import { keptGet, keptPut } from '../offline/kept-play.ts';
import { STORE_KEYS } from '../player-store.ts';

/**
 * The photo verdicts read on this phone, per play: each verdict (a question's photo judged at a time)
 * shows until read. Kept beside the play's other records, and forgotten with them when another game opens.
 */
type Stamped = { v: 1; secret: string; read: string[] };

export function readVerdictsRead(gameId: string, secret: string): Set<string> {
  const box = keptGet(STORE_KEYS.verdicts(gameId)) as Partial<Stamped> | null;
  return new Set(box?.v === 1 && box.secret === secret && Array.isArray(box.read) ? box.read.filter((key) => typeof key === 'string') : []);
}

export function keepVerdictsRead(gameId: string, secret: string, read: Set<string>): void {
  keptPut(STORE_KEYS.verdicts(gameId), { v: 1, secret, read: [...read] } satisfies Stamped);
}
