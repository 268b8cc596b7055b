import { useState } from 'react';
import type { TFunction } from 'i18next';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from './table-constants.ts';

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
      ...paginationTexts(t),
    },
  };
}

/** mantine-datatable's paging texts, translated; `formatNumber` writes the range's numbers (e.g. 1–20 of 100,000). */
export function paginationTexts(t: TFunction<'studio'>, formatNumber: (value: number) => string | number = (value) => value) {
  return {
    recordsPerPageLabel: t('studio.paging.pageSize'),
    paginationText: ({ from, to, totalRecords }: { from: number; to: number; totalRecords: number }) =>
      t('studio.paging.range', { from: formatNumber(from), to: formatNumber(to), total: formatNumber(totalRecords) }),
    getPaginationControlProps: (control: 'first' | 'last' | 'previous' | 'next') => ({ 'aria-label': t(`studio.paging.${control}Page`) }),
    getPaginationItemProps: (item: number) => ({ 'aria-label': t('studio.paging.page', { page: item }) }),
  };
}
