import type { TFunction } from 'i18next';
import { ApiError, NetworkError } from '../../api/client.ts';

/** What the form says when sending failed: the server's own message for a 4xx (spec section 8), else ours. */
export function sendErrorText(error: unknown, t: TFunction): string {
  if (error instanceof NetworkError) return t('affiliates.form.network');
  if (error instanceof ApiError && error.status < 500 && error.message.trim()) return error.message;
  return t('affiliates.form.generic');
}
