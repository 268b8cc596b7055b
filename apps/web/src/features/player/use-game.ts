import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GameReply, Language } from '@streethunt/shared';
import { ApiError, NetworkError } from '../../api/client.ts';
import { playerApi } from './api.ts';
import { readCachedGame, readGrant, writeCachedGame } from './player-store.ts';

/**
 * `language` null: the game in its own language, the key the server's first screen fills. A chosen
 * language extends the key, so invalidating a play's key reaches the game in every language.
 */
export const gameKey = (gameId: string, secret: string | null, language: Language | null = null) =>
  language ? (['player', 'game', gameId, secret ?? '', language] as const) : (['player', 'game', gameId, secret ?? ''] as const);

/** A kept reply starts a key in its own language only: a reload never flashes the other language first. */
function inLanguage(game: GameReply, language: Language | null): boolean {
  const { metadata } = game;
  return metadata.language === (language ?? metadata.originalLanguage ?? metadata.language);
}

/**
 * The game reply: with the active code it carries the questions (answers as salted hashes). The last
 * one is kept on the phone, so a reload without network still shows the play.
 *
 * In a chosen `language` (DESIGN.md section 13): one the game does not have ready comes back in the
 * game's own, and `onNotReady` says so. When the other language cannot be fetched (no network, a
 * server error), the kept reply stays: a switch mid-game never takes the play off the screen.
 */
export function useGame(gameId: string, secret: string | null, language: Language | null = null, onNotReady?: (language: Language) => void) {
  const queryClient = useQueryClient();
  return useQuery<GameReply>({
    queryKey: gameKey(gameId, secret, language),
    queryFn: async ({ signal }) => {
      const grant = readGrant(gameId, secret);
      try {
        const game = await playerApi.game(gameId, secret, signal, grant, language);
        writeCachedGame(game, secret);
        return game;
      } catch (error) {
        if (language && error instanceof ApiError && error.code === 'language_not_ready') {
          const original = await playerApi.game(gameId, secret, signal, grant);
          writeCachedGame(original, secret);
          // Filed under the game's own key too, where the fallback reads it next.
          queryClient.setQueryData(gameKey(gameId, secret), original);
          onNotReady?.(language);
          return original;
        }
        const keepsOld = error instanceof NetworkError || (language !== null && !(error instanceof ApiError && error.status < 500));
        const cached = keepsOld ? readCachedGame(gameId, secret) : null;
        if (cached) return cached;
        throw error;
      }
    },
    initialData: () => {
      const cached = readCachedGame(gameId, secret);
      return cached && inLanguage(cached, language) ? cached : undefined;
    },
    // What is kept is shown at once and refreshed from the server.
    initialDataUpdatedAt: 0,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 2,
  });
}
