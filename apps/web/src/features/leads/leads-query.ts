import { LEAD_FORM_TYPES, LEADS_PAGE_MAX, LEADS_PAGE_SIZES, LEADS_SEARCH_MAX, type LeadFormType } from '@streethunt/shared';
import { readPageQuery, writePageQuery, type PageLimits } from '../../ui/paged-table/address-query.ts';
import type { LeadsQuery } from './api.ts';

/** The tab of /admin-users that lists the leads (`?tab=leads`; the admins' lead emails link here). */
export const LEADS_TAB = 'leads';

/** What the server's leads list accepts; a first visit shows pages of 20. */
export const LEADS_LIMITS: PageLimits = {
  searchMax: LEADS_SEARCH_MAX,
  pageMax: LEADS_PAGE_MAX,
  pageSizes: LEADS_PAGE_SIZES,
  defaultPageSize: 20 satisfies (typeof LEADS_PAGE_SIZES)[number],
};

/**
 * The leads tab's place, read from its address (`?tab=leads&formType=&q=&page=&pageSize=`); what the
 * server would refuse falls back to the defaults, so an edited or stale address never shows a 400.
 */
export function parseLeadsQuery(params: URLSearchParams): LeadsQuery {
  const formTypeText = params.get('formType') ?? '';
  const formType: LeadFormType | '' = (LEAD_FORM_TYPES as readonly string[]).includes(formTypeText) ? (formTypeText as LeadFormType) : '';
  return { formType, ...readPageQuery(params, LEADS_LIMITS) };
}

/** The address of a place in the leads tab; defaults are left out. */
export function leadsSearchParams({ formType, ...place }: LeadsQuery): URLSearchParams {
  const params = new URLSearchParams({ tab: LEADS_TAB });
  if (formType) params.set('formType', formType);
  return writePageQuery(place, LEADS_LIMITS, params);
}
