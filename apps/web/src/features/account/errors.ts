import type { TFunction } from 'i18next';
import { ApiError, NetworkError } from '../../api/client.ts';

/** A 200 reply whose `data.status` is not OK (spec section 7: reset-password, update-password). */
export class ReplyStatusError extends Error {}

/** What to tell the user about a failed call: the server's own message when it sent one (spec section 8). */
export function errorMessage(error: unknown, t: TFunction): string {
  if (error instanceof NetworkError) return t('account.errors.network');
  if (error instanceof ApiError) {
    if (error.status >= 500) return t('account.errors.generic');
    return error.message.trim() || t('account.errors.generic');
  }
  if (error instanceof ReplyStatusError) return error.message.trim() || t('account.errors.generic');
  return t('account.errors.generic');
}

export function errorCode(error: unknown): string | null {
  return error instanceof ApiError ? error.code : null;
}

/** The server's per-field messages (`issues: [{ path, message }]`) for the fields this form has. */
export function serverFieldErrors<F extends string>(error: unknown, fields: readonly F[]): Partial<Record<F, string>> {
  if (!(error instanceof ApiError)) return {};
  const issues = (error.body as { issues?: unknown } | undefined)?.issues;
  if (!Array.isArray(issues)) return {};
  const errors: Partial<Record<F, string>> = {};
  for (const issue of issues) {
    if (!issue || typeof issue !== 'object') continue;
    const { path, message } = issue as { path?: unknown; message?: unknown };
    if (typeof message !== 'string' || !message) continue;
    // "email", "body.email" and "/email" all name the email field.
    const field = String(Array.isArray(path) ? path.at(-1) : path ?? '')
      .split(/[./]/)
      .at(-1) as F;
    if (fields.includes(field) && !errors[field]) errors[field] = message;
  }
  return errors;
}
