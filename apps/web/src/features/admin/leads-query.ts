import { LEAD_FORM_TYPES, LEADS_PAGE_MAX, LEADS_PAGE_SIZES, LEADS_SEARCH_MAX, type LeadFormType } from '@streethunt/shared';
import type { LeadsQuery } from './leads-api.ts';

/** The tab of /admin-users that lists the leads (`?tab=leads`; the admins' lead emails link here). */
export const LEADS_TAB = 'leads';

export const DEFAULT_LEADS_PAGE_SIZE = 20 satisfies (typeof LEADS_PAGE_SIZES)[number];

const WHOLE_NUMBER = /^[1-9][0-9]{0,6}$/;

/**
 * The leads tab's place, read from its address (`?tab=leads&formType=&q=&page=&pageSize=`); what the
 * server would refuse falls back to the defaults, so an edited or stale address never shows a 400.
 */
export function parseLeadsQuery(params: URLSearchParams): LeadsQuery {
  const formTypeText = params.get('formType') ?? '';
  const formType: LeadFormType | '' = (LEAD_FORM_TYPES as readonly string[]).includes(formTypeText) ? (formTypeText as LeadFormType) : '';
  const q = (params.get('q') ?? '').trim().slice(0, LEADS_SEARCH_MAX);
  const pageText = params.get('page') ?? '';
  const page = WHOLE_NUMBER.test(pageText) && Number(pageText) <= LEADS_PAGE_MAX ? Number(pageText) : 1;
  const pageSize = LEADS_PAGE_SIZES.find((size) => String(size) === params.get('pageSize')) ?? DEFAULT_LEADS_PAGE_SIZE;
  return { formType, q, page, pageSize };
}

/** The address of a place in the leads tab; defaults are left out. */
export function leadsSearchParams({ formType, q, page, pageSize }: LeadsQuery): URLSearchParams {
  const params = new URLSearchParams({ tab: LEADS_TAB });
  if (formType) params.set('formType', formType);
  if (q) params.set('q', q);
  if (page > 1) params.set('page', String(page));
  if (pageSize !== DEFAULT_LEADS_PAGE_SIZE) params.set('pageSize', String(pageSize));
  return params;
}
