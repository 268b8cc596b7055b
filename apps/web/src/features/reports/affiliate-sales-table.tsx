import { DataTable, type DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { affiliateTotals, type AffiliateSaleRow } from './report-figures.ts';
import { formatPaidDay } from './report-format.ts';
import { REPORT_TABLE, useAmountColumn } from './table-parts.ts';

/** Each purchase made with the user's affiliate code and their share of it (there are no buyer's details to show). */
export function AffiliateSalesTable({ rows }: { rows: AffiliateSaleRow[] }) {
  const { t, i18n } = useTranslation('studio');
  const language = i18n.language;
  const amount = useAmountColumn<AffiliateSaleRow>(affiliateTotals(rows));
  const columns: DataTableColumn<AffiliateSaleRow>[] = [
    {
      accessor: 'paidAt',
      title: t('finance.columns.date'),
      noWrap: true,
      render: (row) => <time dateTime={row.paidAt}>{formatPaidDay(row.paidAt, language)}</time>,
      footer: t('finance.total'),
    },
    { accessor: 'gameName', title: t('finance.columns.game'), render: (row) => <span dir="auto">{row.gameName || t('studio.untitled')}</span> },
    amount('price'),
    amount('exVat'),
    amount('share'),
  ];
  return <DataTable<AffiliateSaleRow> aria-label={t('finance.affiliate.table')} idAccessor="purchaseId" records={rows} columns={columns} {...REPORT_TABLE} />;
}
