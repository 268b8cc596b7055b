import { REPORTS_GRANT_HEADER, type FinanceReportReply, type ReportsUnlockReply } from '@streethunt/shared';
import { ApiError, NetworkError, apiRequest } from '../../api/client.ts';
import { readToken } from '../../api/token-store.ts';

/** The months a report covers, 'YYYY-MM' both. */
export type ReportRange = { from: string; to: string };

/** The grant of POST /api/reports/unlock: kept in memory only, sent with every report read. */
export type ReportsGrant = { grant: string; expiresAt: string };

/** A 429 on the password: too many tries; `retryAfterSeconds` is the reply's Retry-After. */
export class TooManyTries extends ApiError {
  constructor(
    message: string,
    body: unknown,
    readonly retryAfterSeconds: number,
  ) {
    super(429, 'rate_limited', message, body);
  }
}

/** When Retry-After says nothing usable: the limit's own window (5 tries a minute). */
const DEFAULT_RETRY_AFTER_S = 60;

function retryAfterOf(response: Response): number {
  const seconds = Number(response.headers.get('retry-after'));
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : DEFAULT_RETRY_AFTER_S;
}

/**
 * POST /api/reports/unlock. Its own fetch, not apiRequest: a 429 must say when to try again, and
 * apiRequest's ApiError does not carry the reply's headers (Retry-After).
 */
async function unlock(password: string): Promise<ReportsGrant> {
  const headers: Record<string, string> = { accept: 'application/json', 'content-type': 'application/json' };
  const token = readToken();
  if (token) headers['x-access-token'] = token;
  let response: Response;
  try {
    response = await fetch('/api/reports/unlock', { method: 'POST', headers, body: JSON.stringify({ password }) });
  } catch (error) {
    throw new NetworkError(error instanceof Error ? error.message : 'network error');
  }
  const text = await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = text;
  }
  if (response.ok) return (body as ReportsUnlockReply).data;
  const { message, code } = (body ?? {}) as { message?: string; code?: string };
  if (response.status === 429) throw new TooManyTries(message ?? response.statusText, body, retryAfterOf(response));
  throw new ApiError(response.status, code ?? 'error', message ?? response.statusText, body);
}

/** The finance reports' calls (spec section 2: /reports; shapes in packages/shared/src/schemas/finance.ts). */
export const financeApi = {
  unlock,

  /** The caller's own report over `range`; 403 invalid_token once the grant has expired. */
  report: async ({ from, to }: ReportRange, grant: string, signal?: AbortSignal) => {
    const query = new URLSearchParams({ from, to });
    return (await apiRequest<FinanceReportReply>(`/api/reports?${query}`, { headers: { [REPORTS_GRANT_HEADER]: grant }, signal })).data;
  },
};

/** Cache keys of the report reads (the grant is part of the key: a new grant reads afresh). */
export const financeKeys = {
  all: ['finance'] as const,
  report: (range: ReportRange, grant: string) => ['finance', 'report', range.from, range.to, grant] as const,
};

/** The server no longer accepts the grant (expired, or the password changed): ask for the password again. */
export function isGrantRefused(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403 && error.code === 'invalid_token';
}

/** A wrong password (403 wrong_credentials): said at the field; the session stays. */
export function isWrongPassword(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403 && error.code === 'wrong_credentials';
}
