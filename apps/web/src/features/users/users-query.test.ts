import { describe, expect, it } from 'vitest';
import { USERS_PAGE_MAX, USERS_SEARCH_MAX } from '@streethunt/shared';
import { parseUsersQuery, usersSearchParams } from './users-query.ts';

const parse = (search: string) => parseUsersQuery(new URLSearchParams(search));

// The rules of a paged address are tested in ui/paged-table/address-query.test.ts; here, the users' limits.
describe('the users page address', () => {
  it('reads the search, page and page size, with pages of 20 by default', () => {
    expect(parse('q=%20dana%20&page=3&pageSize=50')).toEqual({ q: 'dana', page: 3, pageSize: 50 });
    expect(parse('')).toEqual({ q: '', page: 1, pageSize: 20 });
  });

  it('keeps within what the server accepts', () => {
    expect(parse(`page=${USERS_PAGE_MAX + 1}`).page).toBe(1);
    expect(parse(`page=${USERS_PAGE_MAX}`).page).toBe(USERS_PAGE_MAX);
    expect(parse('pageSize=25').pageSize).toBe(20);
    expect(parse(`q=${'a'.repeat(USERS_SEARCH_MAX + 5)}`).q).toHaveLength(USERS_SEARCH_MAX);
  });

  it('writes only what differs from the defaults', () => {
    expect(usersSearchParams({ q: '', page: 1, pageSize: 20 }).toString()).toBe('');
    expect(usersSearchParams({ q: 'דנה לוי', page: 2, pageSize: 10 }).toString()).toBe('q=%D7%93%D7%A0%D7%94+%D7%9C%D7%95%D7%99&page=2&pageSize=10');
  });
});
