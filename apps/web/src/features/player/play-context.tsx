import { createContext, useContext } from 'react';
import type { GameReply, Language } from '@streethunt/shared';
import type { PlaySession, PlaySnapshot } from './play-session.ts';
import type { TeamEvent } from './event/team-event-ui.ts';

/** The pages of the player (spec section 4, display page). */
export type DisplayPage = 'intro' | 'payment' | 'questions' | 'map';

/** Router state of a link into the player that opens another page than the intro (/payment-success: the code screen). */
export type PlayerLinkState = { page: DisplayPage };

const DISPLAY_PAGES: readonly string[] = ['intro', 'payment', 'questions', 'map'] satisfies DisplayPage[];

/** The page a link's state asks for; the intro otherwise (a plain link, a reload, a shared URL). */
export function pageFromLinkState(state: unknown): DisplayPage {
  const page = (state as Partial<PlayerLinkState> | null | undefined)?.page;
  return typeof page === 'string' && DISPLAY_PAGES.includes(page) ? (page as DisplayPage) : 'intro';
}

export type PlayContextValue = {
  game: GameReply;
  /** The reply is being fetched again (e.g. with the code just accepted). */
  gameRefreshing: boolean;
  session: PlaySession;
  snapshot: PlaySnapshot;
  page: DisplayPage;
  setPage(page: DisplayPage): void;
  /** The play's live event, once the event module has loaded; null for most plays. */
  event: TeamEvent | null;
  /** Plays the game in another of its languages on this phone; the play itself goes on as it is. */
  chooseLanguage(language: Language): void;
};

export const PlayContext = createContext<PlayContextValue | null>(null);

export function usePlay(): PlayContextValue {
  const value = useContext(PlayContext);
  if (!value) throw new Error('usePlay outside the player page');
  return value;
}
