import type { AdminPurchase } from '@streethunt/shared';
import { apiRequest } from '../../api/client.ts';

/** The admin's refund calls (shapes in packages/shared/src/schemas/refunds.ts). */
export const refundsApi = {
  /** The 50 latest paid or refunded purchases, searched on the server, each with its refund quote. */
  purchases: async (q: string, signal?: AbortSignal) => {
    const query = q.trim() ? `?${new URLSearchParams({ q: q.trim() })}` : '';
    return (await apiRequest<{ data: AdminPurchase[] }>(`/api/purchases${query}`, { signal })).data;
  },

  refund: async (purchaseId: string) =>
    (await apiRequest<{ data: AdminPurchase }>(`/api/purchases/${encodeURIComponent(purchaseId)}/refund`, { method: 'POST', body: {} })).data,
};

export const refundsKeys = {
  purchases: (q: string) => ['admin', 'purchases', q] as const,
  all: ['admin', 'purchases'] as const,
};
