import { useDirection } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { money } from '../../ui/money.ts';
import { KEYBOARD_SCROLL_AREA } from '../../ui/studio/table-scroll.ts';

/** Amounts line up at the end of their cells: the right in English, the left in Hebrew. */
export function useAmountAlign(): 'left' | 'right' {
  return useDirection().dir === 'rtl' ? 'left' : 'right';
}

/** What every report table shares: a border, stripes, and sideways scrolling inside itself on a phone. */
export const REPORT_TABLE = {
  withTableBorder: true,
  borderRadius: 'md',
  striped: true,
  scrollAreaProps: KEYBOARD_SCROLL_AREA,
} as const;

/** The keys of `Row` that hold amounts in agorot. */
type AmountKey<Row> = { [K in keyof Row]: Row[K] extends number ? K : never }[keyof Row] & string;

/**
 * Makes a report's amount columns: titled by their key (`finance.columns.{key}`), lined up at the end
 * of their cells, and, given the table's `totals`, with the column's total in its footer.
 */
export function useAmountColumn<Row>(totals?: Partial<Record<AmountKey<Row>, number>>) {
  const { t, i18n } = useTranslation('studio');
  const align = useAmountAlign();
  return (key: AmountKey<Row>): DataTableColumn<Row> => {
    const total = totals?.[key];
    return {
      accessor: key,
      title: t(`finance.columns.${key}`),
      textAlign: align,
      noWrap: true,
      render: (row) => money(row[key] as number, i18n.language),
      ...(total === undefined ? {} : { footer: money(total, i18n.language) }),
    };
  };
}
