import { Suspense, lazy } from 'react';
import { Box, Skeleton, Stack, Title, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { MonthEarnings } from './report-figures.ts';
import { money } from '../../ui/money.ts';
import { monthLabel } from './report-range.ts';

const SalesBarChart = lazy(() => import('./sales-bar-chart.tsx'));
const CHART_HEIGHT = 260;

/** The chart of earnings by month, named for assistive technology, with its figures as a (visually hidden) table. */
export function SalesChart({ months }: { months: MonthEarnings[] }) {
  const { t, i18n } = useTranslation('studio');
  const language = i18n.language;
  return (
    <Stack gap="sm" component="section" aria-labelledby="reports-chart-title" data-testid="reports-chart">
      <Title order={2} size="h3" id="reports-chart-title">
        {t('finance.chart.title')}
      </Title>
      <Box role="img" aria-label={t('finance.chart.label')} mih={CHART_HEIGHT}>
        <Suspense fallback={<Skeleton h={CHART_HEIGHT} />}>
          <SalesBarChart months={months} height={CHART_HEIGHT} />
        </Suspense>
      </Box>
      <VisuallyHidden>
        <table data-testid="reports-chart-table">
          <caption>{t('finance.chart.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('finance.columns.month')}</th>
              <th scope="col">{t('finance.chart.builder')}</th>
              <th scope="col">{t('finance.chart.affiliate')}</th>
            </tr>
          </thead>
          <tbody>
            {months.map((entry) => (
              <tr key={entry.month}>
                <th scope="row">{monthLabel(entry.month, language)}</th>
                <td>{money(entry.builder, language)}</td>
                <td>{money(entry.affiliate, language)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </Stack>
  );
}
