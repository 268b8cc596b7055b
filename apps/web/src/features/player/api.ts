import type {
  GameProgressRequest,
  GameReply,
  Language,
  PaymentUrlReply,
  PaymentUrlRequest,
  ProblemReportRequest,
  Progress,
  StartTimeReply,
} from '@streethunt/shared';
import { apiRequest } from '../../api/client.ts';
import type { ProgressRequest } from './action-queue.ts';

/**
 * The player's calls (spec section 7). Replies are typed by the shared schemas and not parsed again
 * here: the server serializes each reply through that schema, and zod would add about 25 KB (gzipped)
 * to the first load of /game/{id}.
 */
export const playerApi = {
  /**
   * The public part, or with a valid code the questions (answers only as salted hashes). The play's
   * grant, when kept, goes along: the game still loads when this address is blocked for wrong codes.
   * With `language`, every text in that language (DESIGN.md section 13; 404 `language_not_ready` when
   * the game does not have it complete); without, in the game's own.
   */
  game: (gameId: string, secret: string | null, signal?: AbortSignal, grant?: string, language?: Language | null) =>
    apiRequest<GameReply>(`/api/games/${encodeURIComponent(gameId)}${language ? `?lang=${language}` : ''}`, {
      headers: secret ? { 'x-game-secret': secret, ...(grant && { 'x-play-grant': grant }) } : undefined,
      signal,
    }),

  /**
   * set-start-time: checks the code and starts (or resumes) its play; a free game needs no code (the
   * server issues one). The reply carries the play's grant, to keep and send with the play's calls.
   */
  start: (gameId: string, secretCode?: string, grant?: string) =>
    apiRequest<StartTimeReply>('/api/game-progress', {
      method: 'POST',
      body: { action: 'set-start-time', gameId, secretCode, ...(grant && { grant }) } satisfies GameProgressRequest,
    }),

  /** Every other action answers with the progress. */
  progress: (request: ProgressRequest) =>
    apiRequest<Progress>('/api/game-progress', { method: 'POST', body: request }),

  report: (body: ProblemReportRequest) => apiRequest<{ data: { status: string } }>('/api/game/report', { method: 'POST', body }),

  paymentUrl: (gameId: string, body: PaymentUrlRequest) =>
    apiRequest<PaymentUrlReply>(`/api/payment/get-url/${encodeURIComponent(gameId)}`, { method: 'POST', body }),
};
