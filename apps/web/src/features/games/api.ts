import type { GameListItem, GameListReply, PublicUserReply } from '@streethunt/shared';
import { apiRequest } from '../../api/client.ts';

export const gamesApi = {
  /**
   * The public list: approved games only (the server sends no other; the filter here keeps a draft from
   * ever showing if it did). With `userId`, only that creator's games.
   */
  list: async (userId: string | null, signal?: AbortSignal): Promise<GameListItem[]> => {
    const path = userId ? `/api/games?user=${encodeURIComponent(userId)}` : '/api/games';
    const reply = await apiRequest<GameListReply>(path, { signal });
    return reply.data.filter((game) => game.status === 'APPROVED');
  },

  /** GET /api/user/{userId}: what anyone may see of a creator (the heading uses the first name). */
  creator: async (userId: string, signal?: AbortSignal) => {
    const reply = await apiRequest<PublicUserReply>(`/api/user/${encodeURIComponent(userId)}`, { signal });
    return reply.data.user;
  },
};

/** Cache keys of this feature's reads. */
export const gamesKeys = {
  list: (userId: string | null) => ['games', 'list', userId] as const,
  creator: (userId: string) => ['games', 'creator', userId] as const,
};
