import { currentQuestionIndex, type Progress } from '@streethunt/shared';
import { useTeamEventState } from '../use-team-event-state.ts';
import type { FollowedEvent, TeamEventState } from './team-event-store.ts';
import { EventEnded } from './event-ended.tsx';
import { NamingStep } from './naming-step.tsx';
import type { EventScreenName } from './team-event-ui.ts';

export function screenBeforeQuestions(state: TeamEventState | null, progress: Progress): EventScreenName | null {
  const view = state?.view;
  if (!view) return null;
  if (view.endedAt) return progress.endTime || currentQuestionIndex(progress.questions) === -1 ? null : 'ended';
  return view.teamName === null && !state.namingLater ? 'name' : null;
}

export function EventScreen({ event, screen }: { event: FollowedEvent; screen: EventScreenName }) {
  const view = useTeamEventState(event)?.view;
  if (!view) return null;
  return screen === 'name' ? <NamingStep event={event} view={view} /> : <EventEnded view={view} />;
}
