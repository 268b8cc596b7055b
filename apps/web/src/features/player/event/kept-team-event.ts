import type { TeamView } from '@streethunt/shared';
import { keptGet, keptPut } from '../offline/kept-play.ts';
import { STORE_KEYS } from '../player-store.ts';

/**
 * What the phone keeps of its play's event: the last view (so a reload without network still knows
 * the event, its name and its messages) and the messages dismissed here. Kept beside the play's other
 * records, and forgotten with them when another game opens.
 */
export type KeptTeamEvent = { view: TeamView; dismissed: string[] };

type Stamped = { v: 1; secret: string; value: KeptTeamEvent };

export function readKeptEvent(gameId: string, secret: string): KeptTeamEvent | null {
  const box = keptGet(STORE_KEYS.event(gameId)) as Partial<Stamped> | null;
  const value = box?.v === 1 && box.secret === secret ? box.value : null;
  return value && typeof value.view === 'object' && Array.isArray(value.view.messages) && Array.isArray(value.dismissed) ? value : null;
}

/** Keeps the event of this play; null forgets it (the code is no event's). */
export function keepEvent(gameId: string, secret: string, value: KeptTeamEvent | null): void {
  keptPut(STORE_KEYS.event(gameId), value ? ({ v: 1, secret, value } satisfies Stamped) : null);
}
