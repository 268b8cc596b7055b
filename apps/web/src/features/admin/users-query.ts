import { USERS_PAGE_MAX, USERS_PAGE_SIZES, USERS_SEARCH_MAX } from '@streethunt/shared';
import type { UsersQuery } from './api.ts';

/** The page size of a first visit (`satisfies`: the server must accept it). */
export const DEFAULT_USERS_PAGE_SIZE = 20 satisfies (typeof USERS_PAGE_SIZES)[number];

/** Whole numbers as the server accepts them ('2', not '02' or '2.0'). */
const WHOLE_NUMBER = /^[1-9][0-9]{0,6}$/;

/**
 * The users page's place, read from its address (`?q=&page=&pageSize=`). A hand-edited or stale
 * address never reaches the server as a 400: what it cannot ask for falls back to the defaults.
 */
export function parseUsersQuery(params: URLSearchParams): UsersQuery {
  const q = (params.get('q') ?? '').trim().slice(0, USERS_SEARCH_MAX);
  const pageText = params.get('page') ?? '';
  const page = WHOLE_NUMBER.test(pageText) && Number(pageText) <= USERS_PAGE_MAX ? Number(pageText) : 1;
  const pageSize = USERS_PAGE_SIZES.find((size) => String(size) === params.get('pageSize')) ?? DEFAULT_USERS_PAGE_SIZE;
  return { q, page, pageSize };
}

/** The address of a place; defaults are left out, so the menu's plain `/admin-users` is page 1. */
export function usersSearchParams({ q, page, pageSize }: UsersQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (page > 1) params.set('page', String(page));
  if (pageSize !== DEFAULT_USERS_PAGE_SIZE) params.set('pageSize', String(pageSize));
  return params;
}

/** The last page a total fills (at least 1, for an empty list). */
export function lastUsersPage(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
