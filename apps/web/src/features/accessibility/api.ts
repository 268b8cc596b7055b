import {
  accessibilityReportReplySchema,
  accessibilityReportsReplySchema,
  okStatusReplySchema,
  type AccessibilityReport,
  type AccessibilityReportRequest,
  type AccessibilityReportsReply,
} from '@streethunt/shared';
import { apiRequest } from '../../api/client.ts';
import { languageOf } from '../../i18n/language-of.ts';

/** The statement's barrier reports and the admins' list of them (shapes in packages/shared/src/schemas/accessibility.ts). */
export const accessibilityApi = {
  /** POST /api/accessibility/reports: Accept-Language names the page's language, which the server keeps and answers a 4xx in. */
  sendReport: async (body: AccessibilityReportRequest, language: string) => {
    await apiRequest('/api/accessibility/reports', { method: 'POST', body, schema: okStatusReplySchema, headers: { 'accept-language': languageOf(language) } });
  },

  /** GET /api/admin/accessibility-reports (admins): one page of 50, the newest first. */
  list: async (page: number, signal?: AbortSignal): Promise<AccessibilityReportsReply['data']> =>
    (await apiRequest(`/api/admin/accessibility-reports?page=${page}`, { signal, schema: accessibilityReportsReplySchema })).data,

  /** PATCH /api/admin/accessibility-reports/{id} (admins): handled, or open again. */
  mark: async (reportId: string, handled: boolean): Promise<AccessibilityReport> =>
    (await apiRequest(`/api/admin/accessibility-reports/${encodeURIComponent(reportId)}`, { method: 'PATCH', body: { handled }, schema: accessibilityReportReplySchema })).data,
};

export const accessibilityKeys = {
  all: ['admin', 'accessibility-reports'] as const,
  page: (page: number) => ['admin', 'accessibility-reports', page] as const,
};
