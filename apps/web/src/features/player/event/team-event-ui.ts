import type { ComponentType } from 'react';
import type { Progress } from '@streethunt/shared';
import type { FollowedEvent, TeamEventState, TeamEventStore } from './team-event-store.ts';

/** What an event shows instead of the questions: the naming step, or its end for a team still playing. */
export type EventScreenName = 'name' | 'ended';

/**
 * What the player's pages use of the live-event module (team-event.ts, loaded on demand). Typed here,
 * apart from the screens: they read the play's context, which holds the module, and the types would
 * otherwise go round in a circle. use-team-event.ts checks the module against it where it loads it.
 */
export type TeamEventUi = {
  TeamEventStore: typeof TeamEventStore;
  EventBar: ComponentType<{ event: FollowedEvent }>;
  EventScreen: ComponentType<{ event: FollowedEvent; screen: EventScreenName }>;
  EventRanking: ComponentType<{ event: FollowedEvent }>;
  screenBeforeQuestions(state: TeamEventState | null, progress: Progress, over: boolean): EventScreenName | null;
};

/** A play's live event: the team's store, and the event module whose screens show it. */
export type TeamEvent = { ui: TeamEventUi; store: TeamEventStore };
