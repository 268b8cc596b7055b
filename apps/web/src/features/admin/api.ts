import type {
  AdminGamesReply,
  ApproveGameRequest,
  CodeBatchesReply,
  EditorGameReply,
  GenerateCodesReply,
} from '@streethunt/shared';
import { apiRequest } from '../../api/client.ts';

const id = encodeURIComponent;

/** Which admin game list: the approval queue, or every game (spec section 7). */
export type AdminGameList = 'pending' | 'all';

/** The admin's calls on games and codes (spec section 7; shapes in packages/shared/src/schemas/admin.ts). */
export const adminApi = {
  games: async (which: AdminGameList, signal?: AbortSignal) => (await apiRequest<AdminGamesReply>(`/api/games/${which}-games`, { signal })).data,

  /**
   * PENDING to APPROVED: listed on /games at once, the creator emailed. `version` is the one the admin
   * saw; the server answers 409 with the current one when the game was saved since. The spec shows no reply.
   */
  approve: async (gameId: string, version: number) => {
    const body: ApproveGameRequest = { version };
    await apiRequest<unknown>(`/api/games/approve/${id(gameId)}`, { method: 'POST', body });
  },

  /** A PENDING game back to DRAFT, with the reason the creator reads in the editor and the email. */
  sendBack: async (gameId: string, reason: string) =>
    (await apiRequest<EditorGameReply>(`/api/games/send-back/${id(gameId)}`, { method: 'POST', body: { reason } })).data,

  /** An APPROVED game off the list (DRAFT again); its plays and codes keep working. */
  unpublish: async (gameId: string, reason: string) =>
    (await apiRequest<EditorGameReply>(`/api/games/unpublish/${id(gameId)}`, { method: 'POST', body: { reason } })).data,

  /** `qty` new codes starting with `prefix` (spec names: code, qty), recorded as one batch. */
  generateCodes: async (gameId: string, prefix: string, qty: number) =>
    (await apiRequest<GenerateCodesReply>(`/api/games/generate-codes/${id(gameId)}`, { method: 'POST', body: { code: prefix, qty } })).data,

  /** The batches generated for a game, newest first, with their codes. */
  codeBatches: async (gameId: string, signal?: AbortSignal) =>
    (await apiRequest<CodeBatchesReply>(`/api/games/code-batches/${id(gameId)}`, { signal })).data,
};

/** Cache keys of the admin's reads. */
export const adminKeys = {
  all: ['admin'] as const,
  games: (which: AdminGameList) => ['admin', 'games', which] as const,
  codeBatches: (gameId: string) => ['admin', 'code-batches', gameId] as const,
};
