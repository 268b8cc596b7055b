import { describe, expect, it } from 'vitest';
import { USERS_PAGE_MAX, USERS_SEARCH_MAX } from '@streethunt/shared';
import { lastUsersPage, parseUsersQuery, usersSearchParams } from './users-query.ts';

const parse = (search: string) => parseUsersQuery(new URLSearchParams(search));

describe('the users page address', () => {
  it('reads the search, page and page size', () => {
    expect(parse('q=%20dana%20&page=3&pageSize=50')).toEqual({ q: 'dana', page: 3, pageSize: 50 });
    expect(parse('')).toEqual({ q: '', page: 1, pageSize: 20 });
  });

  it('falls back to the defaults for what the server would refuse', () => {
    for (const page of ['0', '-1', '02', '2.0', '2e0', 'x', String(USERS_PAGE_MAX + 1)]) expect(parse(`page=${page}`).page).toBe(1);
    expect(parse(`page=${USERS_PAGE_MAX}`).page).toBe(USERS_PAGE_MAX);
    for (const size of ['7', '25', '020', '']) expect(parse(`pageSize=${size}`).pageSize).toBe(20);
    expect(parse(`q=${'a'.repeat(USERS_SEARCH_MAX + 5)}`).q).toHaveLength(USERS_SEARCH_MAX);
  });

  it('writes only what differs from the defaults', () => {
    expect(usersSearchParams({ q: '', page: 1, pageSize: 20 }).toString()).toBe('');
    expect(usersSearchParams({ q: 'דנה לוי', page: 2, pageSize: 10 }).toString()).toBe('q=%D7%93%D7%A0%D7%94+%D7%9C%D7%95%D7%99&page=2&pageSize=10');
    expect(parseUsersQuery(usersSearchParams({ q: 'דנה לוי', page: 2, pageSize: 10 }))).toEqual({ q: 'דנה לוי', page: 2, pageSize: 10 });
  });

  it('knows the last page of a total', () => {
    expect([lastUsersPage(0, 20), lastUsersPage(20, 20), lastUsersPage(21, 20), lastUsersPage(100_000, 50)]).toEqual([1, 1, 2, 2000]);
  });
});
