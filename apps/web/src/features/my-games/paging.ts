import { useState } from 'react';
import type { TFunction } from 'i18next';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from './constants.ts';

/**
 * Client-side paging of a creator table: the page's slice and mantine-datatable's pagination props,
 * with translated texts. `resetKey` (the filter and search) sends the table back to page 1 when it changes.
 */
export function usePaging<T>(records: readonly T[], t: TFunction<'studio'>, resetKey = '') {
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
    props: {
      page: current,
      onPageChange: setPage,
      totalRecords: records.length,
      recordsPerPage: pageSize,
      recordsPerPageOptions: PAGE_SIZES,
      onRecordsPerPageChange: (size: number) => {
        setPageSize(size);
        setPage(1);
      },
      recordsPerPageLabel: t('myGames.table.pageSize'),
      paginationText: ({ from, to, totalRecords }: { from: number; to: number; totalRecords: number }) =>
        t('myGames.table.range', { from, to, total: totalRecords }),
      getPaginationControlProps: (control: 'first' | 'last' | 'previous' | 'next') => ({ 'aria-label': t(`myGames.table.${control}Page`) }),
      getPaginationItemProps: (item: number) => ({ 'aria-label': t('myGames.table.page', { page: item }) }),
    },
  };
}
