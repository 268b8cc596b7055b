import type { PayoutEntry, PayoutsDueReply, RecordPayoutRequest } from '@streethunt/shared';
import { apiRequest } from '../../api/client.ts';

/** The admin's payouts calls (shapes in packages/shared/src/schemas/payouts.ts). */
export const payoutsApi = {
  /** Each builder's and affiliate's line of a month, with where to pay them. */
  due: async (month: string, signal?: AbortSignal) =>
    (await apiRequest<PayoutsDueReply>(`/api/payouts?${new URLSearchParams({ month })}`, { signal })).data,

  /** The month's ledger: every payment and correction, in order. */
  entries: async (month: string, signal?: AbortSignal) =>
    (await apiRequest<{ data: PayoutEntry[] }>(`/api/payouts/entries?${new URLSearchParams({ month })}`, { signal })).data,

  /** Records a payment, or a correction naming one (never an edit). */
  record: async (request: RecordPayoutRequest) => (await apiRequest<{ data: PayoutEntry }>('/api/payouts', { method: 'POST', body: request })).data,
};

export const payoutsKeys = {
  due: (month: string) => ['admin', 'payouts', month, 'due'] as const,
  entries: (month: string) => ['admin', 'payouts', month, 'entries'] as const,
  /** Both reads of a month: a recorded payment changes the rows and the ledger. */
  month: (month: string) => ['admin', 'payouts', month] as const,
};
