import type { ReactNode } from 'react';
import { Card, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FinanceReport } from '@streethunt/shared';
import { reportSummary } from './report-figures.ts';
import { money } from '../../ui/money.ts';
import { formatDay } from './report-format.ts';
import { monthLabel } from './report-range.ts';

function SummaryCard({ label, value, note, testId }: { label: string; value: string; note?: ReactNode; testId: string }) {
  return (
    <Card withBorder padding="md" data-testid={testId}>
      <Stack gap={4}>
        <Text size="sm" c="gray.7" fw={500}>
          {label}
        </Text>
        <Text size="xl" fw={700} data-testid={`${testId}-value`}>
          {value}
        </Text>
        {note && (
          <Text size="sm" c="gray.7" data-testid={`${testId}-note`}>
            {note}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

/** Earned and paid over the range, the balance after it, and the next payout (or why there is none yet). */
export function SummaryCards({ report }: { report: FinanceReport }) {
  const { t, i18n } = useTranslation('studio');
  const language = i18n.language;
  const summary = reportSummary(report);
  const { next } = summary;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" data-testid="reports-summary">
      <SummaryCard label={t('finance.summary.earned')} value={money(summary.earned, language)} testId="summary-earned" />
      <SummaryCard label={t('finance.summary.paid')} value={money(summary.paid, language)} testId="summary-paid" />
      <SummaryCard
        label={t('finance.summary.balance')}
        value={money(summary.balance, language)}
        note={summary.balanceMonth ? t('finance.summary.balanceAt', { month: monthLabel(summary.balanceMonth, language) }) : undefined}
        testId="summary-balance"
      />
      {next.kind === 'payable' ? (
        <SummaryCard
          label={t('finance.summary.next')}
          value={money(next.amount, language)}
          note={t('finance.summary.nextDue', { date: formatDay(next.dueDate, language) })}
          testId="summary-next"
        />
      ) : next.kind === 'rollsOver' ? (
        <SummaryCard
          label={t('finance.summary.next')}
          value={money(next.amount, language)}
          note={t('finance.summary.rollsOver', { minimum: money(next.minimum, language) })}
          testId="summary-next"
        />
      ) : (
        <SummaryCard label={t('finance.summary.next')} value={money(0, language)} note={t('finance.summary.none')} testId="summary-next" />
      )}
    </SimpleGrid>
  );
}
