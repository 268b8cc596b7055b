import { useState } from 'react';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../studio/table-constants.ts';
import type { TablePaging } from './paged-table.tsx';

/**
 * Paging in the browser, for a list the server sends whole (a creator's games, a game's plays): the
 * page's slice and the table's paging. `resetKey` (the filter and search) sends the table back to
 * page 1 when it changes.
 */
export function useClientPaging<T>(records: readonly T[], resetKey = ''): { records: T[]; paging: TablePaging } {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [lastKey, setLastKey] = useState(resetKey);
  if (lastKey !== resetKey) {
    setLastKey(resetKey);
    setPage(1);
  }
  // A shorter list (a game removed, a filter) may leave fewer pages than the one shown.
  const pages = Math.max(1, Math.ceil(records.length / pageSize));
  const current = Math.min(page, pages);
  return {
    records: records.slice((current - 1) * pageSize, current * pageSize),
    paging: {
      page: current,
      onPageChange: setPage,
      totalRecords: records.length,
      recordsPerPage: pageSize,
      recordsPerPageOptions: PAGE_SIZES,
      onRecordsPerPageChange: (size: number) => {
        setPageSize(size);
        setPage(1);
      },
    },
  };
}
