import { useEffect, useState, type ChangeEvent } from 'react';
import { useDebouncedCallback } from '@mantine/hooks';
import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useLogOutOnUnauthorized } from '../../api/use-require-login.ts';
import { SEARCH_DEBOUNCE_MS } from '../studio/table-constants.ts';
import { lastPage, type PageQuery } from './address-query.ts';
import type { TablePaging } from './paged-table.tsx';

/** One page of a list as the server sends it. */
type PageReply<T> = { data: T[]; total: number; page: number; pageSize: number };

type Options<Q extends PageQuery, T> = {
  /** The list's place read from the address, and the address of a place (address-query.ts). */
  read(params: URLSearchParams): Q;
  write(query: Q): URLSearchParams;
  queryKey(query: Q): QueryKey;
  fetchPage(query: Q, signal: AbortSignal): Promise<PageReply<T>>;
  /** The page sizes the server accepts. */
  pageSizes: readonly number[];
};

/**
 * A list searched and paged on the server, its place (search, page, page size, filters) kept in the
 * address, so a reload, the back button or a shared link shows the same rows. The search box asks once
 * per pause in typing, from page 1, replacing the address (back skips the keystrokes); while the next
 * page loads, the shown one stays; a page past the end (rows removed, an old link) moves to the last.
 */
export function useAddressPaging<Q extends PageQuery, T>({ read, write, queryKey, fetchPage, pageSizes }: Options<Q, T>) {
  const [params, setParams] = useSearchParams();
  const query = read(params);
  const go = (next: Q, replace = false) => setParams(write(next), { replace });

  const [search, setSearch] = useState(query.q);
  const [searched, setSearched] = useState(query.q);
  // The address changed without typing (back button, a link): the box shows its search (adjusted while rendering).
  if (searched !== query.q) {
    setSearched(query.q);
    if (search.trim() !== query.q) setSearch(query.q);
  }
  const runSearch = useDebouncedCallback((text: string) => {
    const q = text.trim();
    if (q !== query.q) go({ ...query, q, page: 1 }, true);
  }, SEARCH_DEBOUNCE_MS);

  const list = useQuery({
    queryKey: queryKey(query),
    queryFn: ({ signal }) => fetchPage(query, signal),
    // The previous page stays (with the table's own loader) while the next one loads.
    placeholderData: keepPreviousData,
  });
  useLogOutOnUnauthorized(list.error);

  const reply = list.isPlaceholderData ? undefined : list.data;
  const last = reply ? lastPage(reply.total, reply.pageSize) : query.page;
  const moveTo = query.page > last ? write({ ...query, page: last }).toString() : null;
  useEffect(() => {
    if (moveTo !== null) setParams(moveTo, { replace: true });
  }, [moveTo, setParams]);

  /** The table's paging: the page asked for shows at once, over the rows still on screen. */
  const paging: TablePaging | undefined = list.data && {
    page: query.page,
    onPageChange: (page) => go({ ...query, page }),
    totalRecords: list.data.total,
    recordsPerPage: query.pageSize,
    recordsPerPageOptions: [...pageSizes],
    onRecordsPerPageChange: (pageSize) => go({ ...query, pageSize, page: 1 }),
  };

  return {
    query,
    go,
    list,
    paging,
    /** The running number of the shown page's first row, from the reply's own page (a placeholder keeps its numbers). */
    firstNumber: list.data ? (list.data.page - 1) * list.data.pageSize + 1 : 1,
    /** value and onChange of the search box. */
    searchBox: {
      value: search,
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        setSearch(event.currentTarget.value);
        runSearch(event.currentTarget.value);
      },
    },
  };
}
