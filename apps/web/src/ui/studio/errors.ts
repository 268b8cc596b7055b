import type { TFunction } from 'i18next';
import { ApiError, NetworkError } from '../../api/client.ts';

/** What to tell the creator about a failed call: the server's own message for a 4xx (spec section 8), else ours. */
export function errorText(error: unknown, t: TFunction<'studio'>): string {
  if (error instanceof NetworkError) return t('studio.network');
  if (error instanceof ApiError && error.status < 500 && error.message.trim()) return error.message.trim();
  return t('studio.loadFailed');
}

/** A 401: the stored token is no longer accepted. */
export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}
