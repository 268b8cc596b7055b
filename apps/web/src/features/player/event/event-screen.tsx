import { useEffect } from 'react';
import type { Progress } from '@streethunt/shared';
import { useTeamEventState } from '../use-team-event-state.ts';
import type { FollowedEvent, TeamEventState } from './team-event-store.ts';
import { EventEnded } from './event-ended.tsx';
import { NamingStep } from './naming-step.tsx';
import type { EventScreenName } from './team-event-ui.ts';

/** `over`: the play's flow has nothing left (play-flow.ts); such a play shows its own end, not the event's. */
export function screenBeforeQuestions(state: TeamEventState | null, progress: Progress, over: boolean): EventScreenName | null {
  const view = state?.view;
  if (!view) return null;
  if (view.endedAt) return progress.endTime || over ? null : 'ended';
  return view.teamName === null && !state.namingLater ? 'name' : null;
}

export function EventScreen({ event, screen }: { event: FollowedEvent; screen: EventScreenName }) {
  const state = useTeamEventState(event);
  // The ranking at the end is read afresh as it opens (pushes keep it current after).
  useEffect(() => {
    if (screen === 'ended') void event.store.read();
  }, [event, screen]);
  const view = state?.view;
  if (!view) return null;
  return screen === 'name' ? <NamingStep event={event} view={view} /> : <EventEnded view={view} rankingChanged={state.rankingChanged} />;
}
