/** A server-paged list's place in the address: the search text, the page and the page size. */
export type PageQuery = { q: string; page: number; pageSize: number };

/** What the server accepts for a list (from its shared schema), so the address never asks for more. */
export type PageLimits = { searchMax: number; pageMax: number; pageSizes: readonly number[]; defaultPageSize: number };

/** Whole numbers as the server accepts them ('2', not '02' or '2.0'). */
const WHOLE_NUMBER = /^[1-9][0-9]{0,6}$/;

/**
 * The place read from an address (`?q=&page=&pageSize=`). A hand-edited or stale address never reaches
 * the server as a 400: what it cannot ask for falls back to the defaults.
 */
export function readPageQuery(params: URLSearchParams, limits: PageLimits): PageQuery {
  const q = (params.get('q') ?? '').trim().slice(0, limits.searchMax);
  const pageText = params.get('page') ?? '';
  const page = WHOLE_NUMBER.test(pageText) && Number(pageText) <= limits.pageMax ? Number(pageText) : 1;
  const pageSize = limits.pageSizes.find((size) => String(size) === params.get('pageSize')) ?? limits.defaultPageSize;
  return { q, page, pageSize };
}

/** Adds a place to an address (after what `params` already holds); defaults are left out, so page 1 is the bare address. */
export function writePageQuery({ q, page, pageSize }: PageQuery, limits: PageLimits, params = new URLSearchParams()): URLSearchParams {
  if (q) params.set('q', q);
  if (page > 1) params.set('page', String(page));
  if (pageSize !== limits.defaultPageSize) params.set('pageSize', String(pageSize));
  return params;
}

/** The last page a total fills (at least 1, for an empty list). */
export function lastPage(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
