import { Button, Stack, Text } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import type { AdminPurchase } from '@streethunt/shared';
import { formatDateTime } from '../../ui/studio/format-time.ts';
import { PagedTable } from '../../ui/paged-table/paged-table.tsx';
import { money } from '../../ui/money.ts';

/** What a refund would do now: 'refund X, keep Y' and its button, or why not in words. */
function RefundCell({ purchase, onRefund }: { purchase: AdminPurchase; onRefund(purchase: AdminPurchase): void }) {
  const { t, i18n } = useTranslation('studio');
  if (purchase.status === 'refunded') {
    const way = purchase.providerRefund;
    return (
      <Stack gap={2} align="flex-start">
        <Text size="sm">{t('adminPayouts.refunds.refunded', { amount: money(purchase.refundAmount ?? 0, i18n.language) })}</Text>
        {/* The money's way back through the payment provider: a refund it has not taken is retried; a failed one is the admin's to repay. */}
        {way && (
          <Text size="xs" c={way.status === 'failed' ? 'red.8' : way.status === 'pending' ? 'orange.9' : 'dimmed'} data-testid="provider-refund" data-status={way.status}>
            {t(`adminPayouts.refunds.provider.${way.status}`, { attempts: way.attempts })}
            {way.kind === 'cancellation' && ` · ${t('adminPayouts.refunds.provider.byBuyer')}`}
          </Text>
        )}
      </Stack>
    );
  }
  if (!purchase.refund.ok) return <Text size="sm">{t(`adminPayouts.refunds.reasons.${purchase.refund.reason}`)}</Text>;
  return (
    <Stack gap={4} align="flex-start">
      <Text size="sm">{t('adminPayouts.refunds.quote', { refund: money(purchase.refund.refund, i18n.language), kept: money(purchase.refund.kept, i18n.language) })}</Text>
      <Button size="xs" variant="light" color="red" onClick={() => onRefund(purchase)} aria-label={t('adminPayouts.refunds.refundFor', { buyer: purchase.fullName })}>
        {t('adminPayouts.refunds.refund')}
      </Button>
    </Stack>
  );
}

/** The latest paid and refunded purchases, newest first, with what a refund would give back. */
export function RefundsTable({ purchases, searched, fetching, onRefund }: { purchases: AdminPurchase[]; searched: string; fetching: boolean; onRefund(purchase: AdminPurchase): void }) {
  const { t, i18n } = useTranslation('studio');
  const columns: DataTableColumn<AdminPurchase>[] = [
    { accessor: 'paidAt', title: t('adminPayouts.refunds.table.date'), noWrap: true, render: (p) => (p.paidAt ? <time dateTime={p.paidAt}>{formatDateTime(p.paidAt, i18n.language)}</time> : null) },
    { accessor: 'gameName', title: t('adminPayouts.refunds.table.game'), render: (p) => <bdi>{p.gameName}</bdi> },
    { accessor: 'fullName', title: t('adminPayouts.refunds.table.buyer'), render: (p) => <bdi>{p.fullName}</bdi> },
    { accessor: 'email', title: t('adminPayouts.refunds.table.email'), noWrap: true, render: (p) => <span dir="ltr">{p.email}</span> },
    { accessor: 'code', title: t('adminPayouts.refunds.table.code'), noWrap: true, render: (p) => (p.code ? <Text span size="sm" ff="monospace" dir="ltr">{p.code}</Text> : null) },
    { accessor: 'amount', title: t('adminPayouts.refunds.table.amount'), noWrap: true, render: (p) => <span dir="ltr">{money(p.amount, i18n.language)}</span> },
    { accessor: 'status', title: t('adminPayouts.refunds.table.status'), noWrap: true, render: (p) => t(`adminPayouts.refunds.status.${p.status}`) },
    { accessor: 'refund', title: t('adminPayouts.refunds.table.refund'), render: (p) => <RefundCell purchase={p} onRefund={onRefund} /> },
  ];
  return (
    <PagedTable<AdminPurchase>
      label={t('adminPayouts.refunds.table.label')}
      records={purchases}
      columns={columns}
      noRecordsText={searched ? t('adminPayouts.refunds.empty', { q: searched }) : t('adminPayouts.refunds.none')}
      fetching={fetching}
      fetchingLabel={t('studio.loading')}
    />
  );
}
