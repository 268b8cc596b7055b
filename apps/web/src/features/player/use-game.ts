import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { GameReply } from '@streethunt/shared';
import { ApiError, NetworkError } from '../../api/client.ts';
import { playerApi } from './api.ts';
import { readCachedGame, readGrant, writeCachedGame } from './player-store.ts';

export const gameKey = (gameId: string, secret: string | null) => ['player', 'game', gameId, secret ?? ''] as const;

/**
 * The game reply: with the active code it carries the questions (answers as salted hashes). The last
 * one is kept on the phone, so a reload without network still shows the play.
 */
export function useGame(gameId: string, secret: string | null) {
  return useQuery<GameReply>({
    queryKey: gameKey(gameId, secret),
    queryFn: async ({ signal }) => {
      try {
        const game = await playerApi.game(gameId, secret, signal, readGrant(gameId, secret));
        writeCachedGame(game, secret);
        return game;
      } catch (error) {
        const cached = error instanceof NetworkError ? readCachedGame(gameId, secret) : null;
        if (cached) return cached;
        throw error;
      }
    },
    initialData: () => readCachedGame(gameId, secret) ?? undefined,
    // What is kept is shown at once and refreshed from the server.
    initialDataUpdatedAt: 0,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 2,
  });
}
