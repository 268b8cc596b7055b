/**
 * The player's live-event module, loaded as one chunk once the play has a code (use-team-event.ts):
 * the team's store and the screens the player's pages show of it.
 */
export { TeamEventStore } from './team-event-store.ts';
export { EventBar } from './event-bar.tsx';
export { EventScreen, screenBeforeQuestions } from './event-screen.tsx';
export { EventRanking } from './final-ranking.tsx';
