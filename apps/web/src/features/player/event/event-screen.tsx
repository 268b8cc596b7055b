import { currentQuestionIndex, type Progress } from '@streethunt/shared';
import { useTeamEventState } from '../use-team-event-state.ts';
import type { TeamEvent } from '../use-team-event.ts';
import type { TeamEventState } from './team-event-store.ts';
import { EventEnded } from './event-ended.tsx';
import { NamingStep } from './naming-step.tsx';

/** What an event shows instead of the questions: the naming step, or its end for a team still playing. */
type EventScreenName = 'name' | 'ended';

export function screenBeforeQuestions(state: TeamEventState | null, progress: Progress): EventScreenName | null {
  const view = state?.view;
  if (!view) return null;
  if (view.endedAt) return progress.endTime || currentQuestionIndex(progress.questions) === -1 ? null : 'ended';
  return view.teamName === null && !state.namingLater ? 'name' : null;
}

export function EventScreen({ event, screen }: { event: TeamEvent; screen: EventScreenName }) {
  const view = useTeamEventState(event)?.view;
  if (!view) return null;
  return screen === 'name' ? <NamingStep event={event} view={view} /> : <EventEnded view={view} />;
}
