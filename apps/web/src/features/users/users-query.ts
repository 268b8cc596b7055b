import { USERS_PAGE_MAX, USERS_PAGE_SIZES, USERS_SEARCH_MAX } from '@streethunt/shared';
import { readPageQuery, writePageQuery, type PageLimits } from '../../ui/paged-table/address-query.ts';
import type { UsersQuery } from './api.ts';

/** What the server's users list accepts; a first visit shows pages of 20 (`satisfies`: the server must accept it). */
export const USERS_LIMITS: PageLimits = {
  searchMax: USERS_SEARCH_MAX,
  pageMax: USERS_PAGE_MAX,
  pageSizes: USERS_PAGE_SIZES,
  defaultPageSize: 20 satisfies (typeof USERS_PAGE_SIZES)[number],
};

/** The users page's place, read from its address (`?q=&page=&pageSize=`). */
export const parseUsersQuery = (params: URLSearchParams): UsersQuery => readPageQuery(params, USERS_LIMITS);

/** The address of a place; defaults are left out, so the menu's plain `/admin-users` is page 1. */
export const usersSearchParams = (query: UsersQuery): URLSearchParams => writePageQuery(query, USERS_LIMITS);
