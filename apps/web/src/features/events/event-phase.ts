import type { EventSummary } from '@streethunt/shared';

export type EventPhase = 'upcoming' | 'live' | 'ended';

/** Where an event stands at `now`: ended early by its organiser, or by its end time, counts as ended. */
export function eventPhase(event: Pick<EventSummary, 'startsAt' | 'endsAt' | 'endedAt'>, now: number): EventPhase {
  if (event.endedAt !== null || Date.parse(event.endsAt) <= now) return 'ended';
  return Date.parse(event.startsAt) > now ? 'upcoming' : 'live';
}
