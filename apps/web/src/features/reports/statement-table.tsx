import { DataTable, type DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import type { StatementRow } from './report-figures.ts';
import { money } from '../../ui/money.ts';
import { formatDay } from './report-format.ts';
import { monthLabel } from './report-range.ts';
import { REPORT_TABLE, useAmountAlign, useAmountColumn } from './table-parts.ts';

/**
 * The payout statement, a month a row: the balance carried in, what was earned, what is due, whether it
 * is paid at the end of the following month or rolls over (under the minimum), what was paid, the balance.
 */
export function StatementTable({ rows }: { rows: StatementRow[] }) {
  const { t, i18n } = useTranslation('studio');
  const language = i18n.language;
  const align = useAmountAlign();
  const amount = useAmountColumn<StatementRow>();
  const columns: DataTableColumn<StatementRow>[] = [
    { accessor: 'month', title: t('finance.columns.month'), noWrap: true, render: (row) => monthLabel(row.month, language) },
    amount('carriedIn'),
    amount('earned'),
    amount('due'),
    {
      accessor: 'payable',
      title: t('finance.columns.payout'),
      textAlign: align,
      noWrap: true,
      render: (row) =>
        row.payable > 0
          ? money(row.payable, language)
          : row.rolledOver > 0
            ? t('finance.statement.rollsOver', { amount: money(row.rolledOver, language) })
            : t('finance.statement.nothing'),
    },
    amount('paid'),
    amount('balance'),
    {
      accessor: 'dueDate',
      title: t('finance.columns.dueDate'),
      noWrap: true,
      render: (row) => <time dateTime={row.dueDate}>{formatDay(row.dueDate, language)}</time>,
    },
  ];
  return <DataTable<StatementRow> aria-label={t('finance.statement.table')} idAccessor="month" records={rows} columns={columns} {...REPORT_TABLE} />;
}
