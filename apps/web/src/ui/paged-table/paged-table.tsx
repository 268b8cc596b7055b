import '../studio/data-table-styles.ts';
import { Loader, Stack, Text } from '@mantine/core';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { KEYBOARD_SCROLL_AREA } from '../studio/table-scroll.ts';
import { paginationTexts } from './pagination-texts.ts';

/** Which page a table shows and how to ask for another: from the browser (useClientPaging) or the server (useAddressPaging). */
export type TablePaging = {
  page: number;
  onPageChange(page: number): void;
  totalRecords: number;
  recordsPerPage: number;
  recordsPerPageOptions: number[];
  onRecordsPerPageChange(size: number): void;
};

type Props<T> = {
  /** The table's name, read out (and how tests find it). */
  label: string;
  records: T[];
  columns: DataTableColumn<T>[];
  /** The field that tells rows apart. */
  idAccessor?: string;
  /** Without it, every record shows on one page. */
  paging?: TablePaging;
  /** Writes the paging's numbers (e.g. grouped, for a list of 100,000 users). */
  formatNumber?: (value: number) => string;
  /** Said in the table when it has no rows. */
  noRecordsText?: string;
  /** Another page is loading: the shown rows stay under the table's own loader, named by `fetchingLabel`. */
  fetching?: boolean;
  fetchingLabel?: string;
  /** The total said above the table, again after each search, for those who cannot see the table change. */
  total?: { text: string; testId: string };
  /** The row's actions stay in view while the rest scrolls sideways. */
  pinLastColumn?: boolean;
  highlightOnHover?: boolean;
  verticalAlign?: 'top' | 'center';
  /** The empty table keeps some height, so its message does not sit on the header. */
  emptyMinHeight?: number;
  /** Attributes of each row (e.g. a test id). */
  rowAttributes?: (record: T) => Record<string, string>;
};

/**
 * The studio's and the admin's data table: bordered, scrolling sideways inside its own box on a phone
 * (a box the keyboard can scroll too), with translated paging where there are pages.
 */
export function PagedTable<T>({
  label,
  records,
  columns,
  idAccessor = '_id',
  paging,
  formatNumber,
  noRecordsText,
  fetching,
  fetchingLabel,
  total,
  pinLastColumn,
  highlightOnHover = true,
  verticalAlign,
  emptyMinHeight = 160,
  rowAttributes,
}: Props<T>) {
  const { t } = useTranslation('studio');
  const loader = fetching === undefined ? {} : { fetching, customLoader: <Loader role="status" aria-label={fetchingLabel} /> };
  const pages = paging ? { ...paging, ...paginationTexts(t, formatNumber), loadingText: fetchingLabel } : {};
  const table = (
    <DataTable<T>
      aria-label={label}
      idAccessor={idAccessor}
      records={records}
      columns={columns}
      withTableBorder
      borderRadius="md"
      highlightOnHover={highlightOnHover}
      verticalAlign={verticalAlign}
      pinLastColumn={pinLastColumn}
      scrollAreaProps={KEYBOARD_SCROLL_AREA}
      minHeight={records.length === 0 ? emptyMinHeight : undefined}
      noRecordsText={noRecordsText}
      customRowAttributes={rowAttributes}
      {...loader}
      {...pages}
    />
  );
  if (!total) return table;
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed" aria-live="polite" data-testid={total.testId}>
        {total.text}
      </Text>
      {table}
    </Stack>
  );
}
