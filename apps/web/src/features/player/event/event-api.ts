import type { TeamView } from '@streethunt/shared';
import { apiRequest } from '../../../api/client.ts';

/** Which play asks: the play's code and grant, checked as every game-progress call. */
export type TeamPlay = { gameId: string; secretCode: string; grant?: string };

/**
 * The team's calls of a live event. Replies are typed by the shared schemas, not parsed again: the
 * server serializes them through teamViewReplySchema (as the player's other calls, api.ts).
 */
export const eventApi = {
  /** The event as this team sees it; `data: null` when the code is an ordinary one. */
  read: (play: TeamPlay) => apiRequest<{ data: TeamView | null }>('/api/event-team', { method: 'POST', body: play }),
  /** 409 `conflict`: another team of the event has the name. */
  rename: (play: TeamPlay, name: string) => apiRequest<{ data: TeamView }>('/api/event-team/name', { method: 'POST', body: { ...play, name } }),
};
