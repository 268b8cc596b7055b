import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FinanceReport } from '@streethunt/shared';
import type { ReportRange } from './api.ts';
import { AffiliateSalesTable } from './affiliate-sales-table.tsx';
import { BuilderSalesTable } from './builder-sales-table.tsx';
import { NoSales } from './no-sales.tsx';
import { ReportSection } from './report-section.tsx';
import { earningsByMonth, hasNoSales } from './report-figures.ts';
import { money } from '../../ui/money.ts';
import { downloadCsv } from '../../ui/studio/csv.ts';
import { affiliateSalesCsv, builderSalesCsv, reportCsvFileName, statementCsv, type ReportTable } from './reports-csv.ts';
import { SalesChart } from './sales-chart.tsx';
import { StatementTable } from './statement-table.tsx';
import { SummaryCards } from './summary-cards.tsx';

/** One report: the summary, the chart, the builder's and the affiliate's tables and the statement, each with its CSV. */
export function ReportView({ report }: { report: FinanceReport }) {
  const { t, i18n } = useTranslation('studio');
  const range: ReportRange = { from: report.from, to: report.to };
  const noSales = hasNoSales(report);
  const column = (key: string) => t(`finance.columns.${key}`);
  const download = (table: ReportTable, text: string) => downloadCsv(reportCsvFileName(table, range), text);

  return (
    <Stack gap="xl">
      <SummaryCards report={report} />
      {/* Trials are no sales: how many visitors tried the builder's games over these months, and how many then bought. */}
      {(report.trialsStarted ?? 0) > 0 && (
        <Text data-testid="reports-trials">{t('finance.trials', { started: report.trialsStarted, bought: report.trialsBought ?? 0 })}</Text>
      )}
      {noSales ? <NoSales /> : <SalesChart months={earningsByMonth(report)} />}
      {!noSales && (
        <>
          <ReportSection
            id="reports-builder"
            title={t('finance.builder.title')}
            description={t('finance.builder.text')}
            csvLabel={t('finance.csv.builder')}
            onCsv={() => download('builder', builderSalesCsv(report.builderSales, column))}
            empty={report.builderSales.length === 0 ? { text: t('finance.builder.empty'), link: { to: '/builders', label: t('finance.builder.howTo') } } : null}
          >
            <BuilderSalesTable rows={report.builderSales} />
          </ReportSection>
          <ReportSection
            id="reports-affiliate"
            title={t('finance.affiliate.title')}
            description={t('finance.affiliate.text')}
            csvLabel={t('finance.csv.affiliate')}
            onCsv={() => download('affiliate', affiliateSalesCsv(report.affiliateSales, column))}
            empty={report.affiliateSales.length === 0 ? { text: t('finance.affiliate.empty'), link: { to: '/affiliates', label: t('finance.affiliate.howTo') } } : null}
          >
            <AffiliateSalesTable rows={report.affiliateSales} />
          </ReportSection>
        </>
      )}
      <ReportSection
        id="reports-statement"
        title={t('finance.statement.title')}
        description={t('finance.statement.text', { minimum: money(report.payoutMinimum, i18n.language) })}
        csvLabel={t('finance.csv.statement')}
        onCsv={() => download('statement', statementCsv(report.statement, column))}
      >
        <StatementTable rows={report.statement} />
      </ReportSection>
    </Stack>
  );
}
