import type { TFunction } from 'i18next';

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
