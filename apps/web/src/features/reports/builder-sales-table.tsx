import { DataTable, type DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { builderTotals, type BuilderSalesRow } from './report-figures.ts';
import { monthLabel } from './report-range.ts';
import { REPORT_TABLE, useAmountAlign, useAmountColumn } from './table-parts.ts';

/** Sales as a builder, per month and game, with a totals row (count, gross, VAT, commission, affiliate shares, net). */
export function BuilderSalesTable({ rows }: { rows: BuilderSalesRow[] }) {
  const { t, i18n } = useTranslation('studio');
  const language = i18n.language;
  const align = useAmountAlign();
  const totals = builderTotals(rows);
  const amount = useAmountColumn<BuilderSalesRow>(totals);
  const columns: DataTableColumn<BuilderSalesRow>[] = [
    { accessor: 'month', title: t('finance.columns.month'), noWrap: true, render: (row) => monthLabel(row.month, language), footer: t('finance.total') },
    { accessor: 'gameName', title: t('finance.columns.game'), render: (row) => <span dir="auto">{row.gameName || t('studio.untitled')}</span> },
    // What the builder receives first, where a phone shows it; then how it was reached.
    amount('net'),
    { accessor: 'count', title: t('finance.columns.count'), textAlign: align, noWrap: true, footer: String(totals.count) },
    amount('gross'),
    amount('vat'),
    amount('commission'),
    amount('affiliateShares'),
  ];
  return (
    <DataTable<BuilderSalesRow>
      aria-label={t('finance.builder.table')}
      idAccessor={(row) => `${row.month}:${row.gameId}`}
      records={rows}
      columns={columns}
      {...REPORT_TABLE}
    />
  );
}
