import { REPORTS_GRANT_HEADER, type FinanceReportReply, type ReportsUnlockReply } from '@streethunt/shared';
import { ApiError, apiRequest } from '../../api/client.ts';

/** The months a report covers, 'YYYY-MM' both. */
export type ReportRange = { from: string; to: string };

/** The grant of POST /api/reports/unlock: kept in memory only, sent with every report read. */
export type ReportsGrant = { grant: string; expiresAt: string };

/** A 429 on the password: too many tries; `retryAfterSeconds` is the reply's Retry-After (or the limit's window). */
export class TooManyTries extends ApiError {
  declare readonly retryAfterSeconds: number;
  constructor(message: string, body: unknown, retryAfterSeconds: number) {
    super(429, 'rate_limited', message, body, retryAfterSeconds);
  }
}

/** When Retry-After says nothing usable: the limit's own window (5 tries a minute). */
const DEFAULT_RETRY_AFTER_S = 60;

/** POST /api/reports/unlock: a 429 says when to try again. */
async function unlock(password: string): Promise<ReportsGrant> {
  try {
    return (await apiRequest<ReportsUnlockReply>('/api/reports/unlock', { method: 'POST', body: { password } })).data;
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 429) throw error;
    const seconds = error.retryAfterSeconds;
    throw new TooManyTries(error.message, error.body, seconds !== null && seconds > 0 ? Math.ceil(seconds) : DEFAULT_RETRY_AFTER_S);
  }
}

/** The finance reports' calls (spec section 2: /reports; shapes in packages/shared/src/schemas/reports.ts). */
export const reportsApi = {
  unlock,

  /** The caller's own report over `range`; 403 invalid_token once the grant has expired. */
  report: async ({ from, to }: ReportRange, grant: string, signal?: AbortSignal) => {
    const query = new URLSearchParams({ from, to });
    return (await apiRequest<FinanceReportReply>(`/api/reports?${query}`, { headers: { [REPORTS_GRANT_HEADER]: grant }, signal })).data;
  },
};

/** Cache keys of the report reads (the grant is part of the key: a new grant reads afresh). */
export const reportsKeys = {
  all: ['reports'] as const,
  report: (range: ReportRange, grant: string) => ['reports', 'report', range.from, range.to, grant] as const,
};

/** The server no longer accepts the grant (expired, or the password changed): ask for the password again. */
export function isGrantRefused(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403 && error.code === 'invalid_token';
}

/** A wrong password (403 wrong_credentials): said at the field; the session stays. */
export function isWrongPassword(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403 && error.code === 'wrong_credentials';
}
