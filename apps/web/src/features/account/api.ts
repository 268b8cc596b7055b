import { z } from 'zod';
import {
  gameListReplySchema,
  gamesListQueryString,
  loginReplySchema,
  paymentDetailsReplySchema,
  profileReplySchema,
  type LoginRequest,
  type PaymentDetailsSaveRequest,
  type SignupRequest,
  type UpdateProfileRequest,
} from '@streethunt/shared';
import { languageOf } from '../../i18n/language-of.ts';
import { apiRequest } from '../../api/client.ts';
import { profileQueryKey } from '../../api/session-user.ts';
import { ReplyStatusError } from './errors.ts';

/** `{ data: { status, message? } }`, read loosely: a non-OK status is an answer, not a broken reply. */
const statusReplySchema = z.object({
  data: z.object({ status: z.string(), message: z.string().optional() }).loose(),
});

/** Lets the server answer its messages in the language the user reads. */
const inLanguage = (language: string) => ({ 'accept-language': languageOf(language) });

export const accountApi = {
  login: (body: LoginRequest, language: string) =>
    apiRequest('/api/login', { method: 'POST', body, schema: loginReplySchema, headers: inLanguage(language) }),

  /** Status 200 is success; a confirmation link is emailed (spec section 7). */
  signup: async (body: SignupRequest, language: string) => {
    await apiRequest('/api/signup', { method: 'POST', body, headers: inLanguage(language) });
  },

  validateEmail: async (token: string, language: string) => {
    await apiRequest('/api/user/validate-email', { method: 'POST', body: { token }, headers: inLanguage(language) });
    return true;
  },

  /** Always answers OK, whether or not the address is known. */
  resendValidation: async (email: string, language: string) => {
    await apiRequest('/api/user/resend-validation', { method: 'POST', body: { email }, headers: inLanguage(language) });
  },

  /** OK means the email was sent; anything else is an error carrying the server's message. */
  requestPasswordReset: async (email: string, language: string) => {
    const reply = await apiRequest('/api/reset-password', {
      method: 'POST',
      body: { email },
      schema: statusReplySchema,
      headers: inLanguage(language),
    });
    if (reply.data.status !== 'OK') throw new ReplyStatusError(reply.data.message ?? '');
    return reply.data.message ?? '';
  },

  /** OK or ERROR with the server's message (a link that does not work is an ERROR reply); other failures (network, validation) are thrown. */
  updatePassword: async (body: { password: string; id: string; token: string }, language: string): Promise<{ status: 'OK' | 'ERROR'; message: string }> => {
    const reply = await apiRequest('/api/update-password', {
      method: 'POST',
      body,
      schema: statusReplySchema,
      headers: inLanguage(language),
    });
    return { status: reply.data.status === 'OK' ? 'OK' : 'ERROR', message: reply.data.message ?? '' };
  },

  profile: (language: string) => apiRequest('/api/user/profile', { schema: profileReplySchema, headers: inLanguage(language) }),
  updateProfile: (body: UpdateProfileRequest, language: string) =>
    apiRequest('/api/user/profile', { method: 'POST', body, schema: profileReplySchema, headers: inLanguage(language) }),

  paymentDetails: (language: string) =>
    apiRequest('/api/user/payment-details', { schema: paymentDetailsReplySchema, headers: inLanguage(language) }),
  updatePaymentDetails: (body: PaymentDetailsSaveRequest, language: string) =>
    apiRequest('/api/user/payment-details', {
      method: 'POST',
      body,
      schema: paymentDetailsReplySchema,
      headers: inLanguage(language),
    }),

  /**
   * GET /api/games (public): the first page of approved games whose name or city holds `search` (all
   * games, newest first, when empty), for a per-game share link.
   */
  approvedGames: async (search: string, signal?: AbortSignal) => {
    const query = gamesListQueryString({ q: search });
    const reply = await apiRequest(query ? `/api/games?${query}` : '/api/games', { schema: gameListReplySchema, signal });
    // The server sends approved games only; the filter keeps a draft from ever being offered if it did.
    return reply.data.filter((game) => game.status === 'APPROVED');
  },
};

/** Cache keys of this feature's reads; a user's data is kept under their id. */
export const accountKeys = {
  /** Shared with the menu, which shows who is logged in from the same cache entry. */
  profile: profileQueryKey,
  paymentDetails: (userId: string) => ['account', 'payment-details', userId] as const,
  validateEmail: (token: string) => ['account', 'validate-email', token] as const,
  shareGames: (search: string) => ['account', 'share-games', search] as const,
};
