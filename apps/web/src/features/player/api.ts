import { z } from 'zod';
import {
  gameReplySchema,
  paymentUrlReplySchema,
  progressSchema,
  startTimeReplySchema,
  type GameProgressRequest,
  type PaymentUrlRequest,
  type ProblemReportRequest,
} from '@streethunt/shared';
import { apiRequest } from '../../api/client.ts';
import type { ProgressRequest } from './action-queue.ts';

const reportReplySchema = z.object({ data: z.object({ status: z.string() }).loose() }).loose();

/** The player's calls (spec section 7). */
export const playerApi = {
  /** The public part, or with a valid code the questions (answers only as salted hashes). */
  game: (gameId: string, secret: string | null, signal?: AbortSignal) =>
    apiRequest(`/api/games/${encodeURIComponent(gameId)}`, {
      schema: gameReplySchema,
      headers: secret ? { 'x-game-secret': secret } : undefined,
      signal,
    }),

  /** set-start-time: checks the code and starts (or resumes) its play. */
  start: (gameId: string, secretCode: string) =>
    apiRequest('/api/game-progress', {
      method: 'POST',
      body: { action: 'set-start-time', gameId, secretCode } satisfies GameProgressRequest,
      schema: startTimeReplySchema,
    }),

  /** Every other action answers with the progress. */
  progress: (request: ProgressRequest) =>
    apiRequest('/api/game-progress', { method: 'POST', body: request, schema: progressSchema }),

  report: (body: ProblemReportRequest) => apiRequest('/api/game/report', { method: 'POST', body, schema: reportReplySchema }),

  paymentUrl: (gameId: string, body: PaymentUrlRequest) =>
    apiRequest(`/api/payment/get-url/${encodeURIComponent(gameId)}`, { method: 'POST', body, schema: paymentUrlReplySchema }),
};
