import { LEADS_EXPORT_PAGE_SIZE, type LeadFormType, type LeadListItem, type LeadsListReply } from '@streethunt/shared';
import { apiRequest } from '../../api/client.ts';

/** The leads list's request: the form ('' for both), the search text and the page (the server filters and pages). */
export type LeadsQuery = { formType: LeadFormType | ''; q: string; page: number; pageSize: number };

function leadsUrl({ formType, q, page, pageSize }: LeadsQuery): string {
  const query = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
  if (formType) query.set('formType', formType);
  if (q.trim()) query.set('q', q.trim());
  return `/api/leads?${query}`;
}

/** Far more leads than a download should ever hold; stops a loop if the total kept growing. */
const MAX_EXPORT_PAGES = 200;

/** GET /api/leads (admins; shapes in packages/shared/src/schemas/leads.ts). */
export const leadsApi = {
  /** One page of leads, the latest sent first. */
  list: async (query: LeadsQuery, signal?: AbortSignal) => (await apiRequest<LeadsListReply>(leadsUrl(query), { signal })).data,

  /** Every lead the filter and search match, read page after page, for the CSV download. */
  all: async (query: Pick<LeadsQuery, 'formType' | 'q'>): Promise<LeadListItem[]> => {
    const leads: LeadListItem[] = [];
    for (let page = 1; page <= MAX_EXPORT_PAGES; page += 1) {
      const reply = await leadsApi.list({ ...query, page, pageSize: LEADS_EXPORT_PAGE_SIZE });
      leads.push(...reply.data);
      if (reply.data.length < LEADS_EXPORT_PAGE_SIZE || leads.length >= reply.total) break;
    }
    return leads;
  },
};

export const leadsKeys = {
  all: ['admin', 'leads'] as const,
  list: (query: LeadsQuery) => ['admin', 'leads', query] as const,
};
