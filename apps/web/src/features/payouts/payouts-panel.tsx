import '../../ui/studio/data-table-styles.ts';
import { useState } from 'react';
import { Button, Center, Group, Loader, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { PayoutDueRow, PayoutEntry } from '@streethunt/shared';
import { useLogOutOnUnauthorized } from '../../api/use-require-login.ts';
import { downloadCsv } from '../../ui/studio/csv.ts';
import { LoadError } from '../../ui/studio/studio-page.tsx';
import { NotAllowed, isForbidden } from '../../ui/studio/admin-page.tsx';
import type { AdminTab } from '../../ui/studio/admin-tabs-page.tsx';
import { payoutsApi, payoutsKeys } from './api.ts';
import { PAYOUTS_CSV_COLUMNS, payoutsCsv, payoutsCsvFileName, type PayoutsCsvColumn } from './payouts-csv.ts';
import { money } from '../../ui/money.ts';
import { dayName, monthName, parsePayoutMonth, payoutMonths } from './payouts-format.ts';
import { PayoutsLedger } from './payouts-ledger.tsx';
import { PayoutRecordModal, type PayoutTarget } from './payouts-record-modal.tsx';
import { PayoutsTable, fullName } from './payouts-table.tsx';

const PAYOUTS_TAB = 'payouts';

/**
 * The payouts tab of /admin-payouts: a month's builders and affiliates with what is due and where to pay
 * it, 'Mark as paid', and the month's ledger under it. The month lives in the address (`?month=`).
 */
function PayoutsPanel() {
  const { t, i18n } = useTranslation('studio');
  const [params, setParams] = useSearchParams();
  const month = parsePayoutMonth(params.get('month'));
  const [target, setTarget] = useState<PayoutTarget | null>(null);

  const due = useQuery({ queryKey: payoutsKeys.due(month), queryFn: ({ signal }) => payoutsApi.due(month, signal) });
  const entries = useQuery({ queryKey: payoutsKeys.entries(month), queryFn: ({ signal }) => payoutsApi.entries(month, signal) });
  useLogOutOnUnauthorized(due.error ?? entries.error);

  if (isForbidden(due.error) || isForbidden(entries.error)) return <NotAllowed />;

  const rows = due.data?.rows ?? [];
  const names = new Map(rows.map((row) => [row.userId, fullName(row)]));
  const nameOf = (userId: string) => names.get(userId) ?? userId;

  const pay = (row: PayoutDueRow) => setTarget({ userId: row.userId, name: fullName(row), period: month, amount: row.balance });
  const correct = (entry: PayoutEntry) =>
    setTarget({ userId: entry.userId, name: nameOf(entry.userId), period: month, amount: -entry.amount, corrects: { id: entry._id, amount: entry.amount } });

  const downloadRows = () => {
    const header = Object.fromEntries(PAYOUTS_CSV_COLUMNS.map((column) => [column, t(`adminPayouts.csv.${column}`)])) as Record<PayoutsCsvColumn, string>;
    downloadCsv(payoutsCsvFileName(month), payoutsCsv(rows, header));
  };

  return (
    <Stack gap="md">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <NativeSelect
          label={t('adminPayouts.month')}
          value={month}
          onChange={(event) => setParams({ tab: PAYOUTS_TAB, month: event.currentTarget.value })}
          data={payoutMonths(month).map((value) => ({ value, label: monthName(value, i18n.language) }))}
          w={{ base: '100%', xs: '14rem' }}
          data-testid="payouts-month"
        />
        <Button variant="light" leftSection={<IconDownload size={18} aria-hidden />} disabled={rows.length === 0} onClick={downloadRows} data-testid="payouts-csv">
          {t('adminPayouts.csv.button')}
        </Button>
      </Group>
      {due.data && (
        <Text size="sm" data-testid="payouts-due-date">
          {t('adminPayouts.dueDate', { month: monthName(due.data.month, i18n.language), date: dayName(due.data.dueDate, i18n.language), minimum: money(due.data.payoutMinimum, i18n.language) })}
        </Text>
      )}
      {due.isError ? (
        <LoadError title={t('adminPayouts.loadFailed')} error={due.error} onRetry={() => void due.refetch()} retrying={due.isFetching} />
      ) : due.data ? (
        <PayoutsTable rows={rows} onPay={pay} />
      ) : (
        <Center py="xl">
          <Loader role="status" aria-label={t('studio.loading')} />
        </Center>
      )}
      <Title order={2} size="h3">
        {t('adminPayouts.ledger.title')}
      </Title>
      {entries.isError ? (
        <LoadError title={t('adminPayouts.ledger.loadFailed')} error={entries.error} onRetry={() => void entries.refetch()} retrying={entries.isFetching} />
      ) : entries.data ? (
        <PayoutsLedger entries={entries.data} nameOf={nameOf} onCorrect={correct} />
      ) : (
        <Center py="md">
          <Loader role="status" aria-label={t('studio.loading')} />
        </Center>
      )}
      <PayoutRecordModal target={target} onClose={() => setTarget(null)} />
    </Stack>
  );
}

/** The first tab of /admin-payouts, its default; chosen, it names itself in the address. */
export const payoutsTab: AdminTab = { value: PAYOUTS_TAB, label: 'adminPayouts.tabs.payouts', address: { tab: PAYOUTS_TAB }, Panel: PayoutsPanel };
