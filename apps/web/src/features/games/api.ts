import type { GameListItem, GameListReply, PublicUserReply } from '@streethunt/shared';
// The zod-free half of the shared package: /games's first load carries no schemas.
import { gamesListQueryString, type GamesListFilters } from '@streethunt/shared/games-list';
import { apiRequest } from '../../api/client.ts';

/** One page of the public list: its cards and the cursor of the next page (null on the last). */
export type GamesPage = { games: GameListItem[]; nextCursor: string | null };

export const gamesApi = {
  /**
   * GET /api/games: one page of approved games for `filters`, after `cursor` (the previous page's
   * nextCursor, asked with the same filters). The server sends approved games only; the filter here
   * keeps a draft from ever showing if it did.
   */
  page: async (filters: GamesListFilters, cursor: string | null, signal?: AbortSignal): Promise<GamesPage> => {
    const query = gamesListQueryString(filters, { cursor });
    const reply = await apiRequest<GameListReply>(query ? `/api/games?${query}` : '/api/games', { signal });
    return { games: reply.data.filter((game) => game.status === 'APPROVED'), nextCursor: reply.nextCursor ?? null };
  },

  /** GET /api/user/{userId}: what anyone may see of a creator (the heading uses the first name). */
  creator: async (userId: string, signal?: AbortSignal) => {
    const reply = await apiRequest<PublicUserReply>(`/api/user/${encodeURIComponent(userId)}`, { signal });
    return reply.data.user;
  },
};

/** Cache keys of this feature's reads: one list per combination of filters (and position). */
export const gamesKeys = {
  all: ['games', 'list'] as const,
  list: (filters: GamesListFilters) => ['games', 'list', gamesListQueryString(filters)] as const,
  creator: (userId: string) => ['games', 'creator', userId] as const,
};
