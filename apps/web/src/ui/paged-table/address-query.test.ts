import { describe, expect, it } from 'vitest';
import { lastPage, readPageQuery, writePageQuery, type PageLimits } from './address-query.ts';

const LIMITS: PageLimits = { searchMax: 100, pageMax: 1_000_000, pageSizes: [10, 20, 30, 40, 50], defaultPageSize: 20 };
const parse = (search: string) => readPageQuery(new URLSearchParams(search), LIMITS);

describe('a paged list in the address', () => {
  it('reads the search, page and page size', () => {
    expect(parse('q=%20dana%20&page=3&pageSize=50')).toEqual({ q: 'dana', page: 3, pageSize: 50 });
    expect(parse('')).toEqual({ q: '', page: 1, pageSize: 20 });
  });

  it('falls back to the defaults for what the server would refuse', () => {
    for (const page of ['0', '-1', '02', '2.0', '2e0', 'x', String(LIMITS.pageMax + 1)]) expect(parse(`page=${page}`).page).toBe(1);
    expect(parse(`page=${LIMITS.pageMax}`).page).toBe(LIMITS.pageMax);
    for (const size of ['7', '25', '020', '']) expect(parse(`pageSize=${size}`).pageSize).toBe(20);
    expect(parse(`q=${'a'.repeat(LIMITS.searchMax + 5)}`).q).toHaveLength(LIMITS.searchMax);
  });

  it('writes only what differs from the defaults, after what the address already holds', () => {
    expect(writePageQuery({ q: '', page: 1, pageSize: 20 }, LIMITS).toString()).toBe('');
    expect(writePageQuery({ q: 'דנה לוי', page: 2, pageSize: 10 }, LIMITS).toString()).toBe('q=%D7%93%D7%A0%D7%94+%D7%9C%D7%95%D7%99&page=2&pageSize=10');
    expect(writePageQuery({ q: 'x', page: 1, pageSize: 20 }, LIMITS, new URLSearchParams({ tab: 'leads' })).toString()).toBe('tab=leads&q=x');
    expect(readPageQuery(writePageQuery({ q: 'דנה לוי', page: 2, pageSize: 10 }, LIMITS), LIMITS)).toEqual({ q: 'דנה לוי', page: 2, pageSize: 10 });
  });

  it('knows the last page of a total', () => {
    expect([lastPage(0, 20), lastPage(20, 20), lastPage(21, 20), lastPage(100_000, 50)]).toEqual([1, 1, 2, 2000]);
  });
});
