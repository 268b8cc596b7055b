import { createContext, useContext } from 'react';
import type { GameReply } from '@streethunt/shared';
import type { PlaySession, PlaySnapshot } from './play-session.ts';

/** The pages of the player (spec section 4, display page). */
export type DisplayPage = 'intro' | 'payment' | 'questions' | 'map';

export type PlayContextValue = {
  game: GameReply;
  /** The reply is being fetched again (e.g. with the code just accepted). */
  gameRefreshing: boolean;
  session: PlaySession;
  snapshot: PlaySnapshot;
  page: DisplayPage;
  setPage(page: DisplayPage): void;
};

export const PlayContext = createContext<PlayContextValue | null>(null);

export function usePlay(): PlayContextValue {
  const value = useContext(PlayContext);
  if (!value) throw new Error('usePlay outside the player page');
  return value;
}
