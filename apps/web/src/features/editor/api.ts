import {
  editorGameReplySchema,
  type EditorGameReply,
  type GameReply,
  type GameStatusRequest,
  type MyActiveGamesReply,
  type NewGameReply,
  presenceCodesReplySchema,
  type PresenceCodesReply,
  type SaveGameRequest,
} from '@streethunt/shared';
import { apiRequest } from '../../api/client.ts';

const gamePath = (gameId: string) => `/api/games/${encodeURIComponent(gameId)}`;

/** The editor's calls (spec section 7). */
export const editorApi = {
  /** The game as its owner (or an admin) gets it: every question with answer.value, and its version. */
  game: (gameId: string, signal?: AbortSignal) => apiRequest<GameReply>(gamePath(gameId), { signal }),

  /** Save the working copy; 409 when another save came after `version`. */
  save: (gameId: string, body: SaveGameRequest) =>
    apiRequest<EditorGameReply>(gamePath(gameId), { method: 'POST', body, schema: editorGameReplySchema }),

  /** PENDING sends to approval (422 with the issues when the shared validation fails); DRAFT takes it back. */
  setStatus: (gameId: string, body: GameStatusRequest) =>
    apiRequest<EditorGameReply>(`/api/games/status/${encodeURIComponent(gameId)}`, { method: 'POST', body, schema: editorGameReplySchema }),

  /** The draft of an approved game's next version (made on the first call): its id. */
  nextVersion: async (gameId: string) =>
    (await apiRequest<NewGameReply>(`/api/games/next-version/${encodeURIComponent(gameId)}`, { method: 'POST', body: {} })).data._id,

  /** The spot code of each question of the saved game, for its QR signs (owner or admin only). */
  presenceCodes: async (gameId: string, signal?: AbortSignal) =>
    (await apiRequest<PresenceCodesReply>(`/api/games/presence-codes/${encodeURIComponent(gameId)}`, { signal, schema: presenceCodesReplySchema })).data,

  /** How many plays of the game are under way (started, not ended): each keeps the version it started on. */
  runningPlays: async (gameId: string, signal?: AbortSignal) =>
    (await apiRequest<MyActiveGamesReply>(`/api/games/my-active-games?gameId=${encodeURIComponent(gameId)}&progressType=started`, { signal })).data.length,
};
