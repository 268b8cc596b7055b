import { useSyncExternalStore } from 'react';
import type { TeamEventState } from './event/team-event-store.ts';
import type { FollowedEvent } from './event/team-event-store.ts';

const NOTHING_TO_FOLLOW = () => () => undefined;
const NO_STATE = () => null;

/** The event's state, live; null while there is no event store. */
export function useTeamEventState(event: FollowedEvent | null): TeamEventState | null {
  return useSyncExternalStore(event ? event.store.subscribe : NOTHING_TO_FOLLOW, event ? event.store.getSnapshot : NO_STATE, NO_STATE);
}
