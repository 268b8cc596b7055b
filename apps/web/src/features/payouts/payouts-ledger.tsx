import { Button } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import type { PayoutEntry } from '@streethunt/shared';
import { formatDateTime } from '../../ui/studio/format-time.ts';
import { PagedTable } from '../../ui/paged-table/paged-table.tsx';
import { money } from '../../ui/money.ts';

/**
 * The month's payouts ledger, read only: entries are never changed; each may be corrected by a new
 * entry naming it. `nameOf` finds the payee among the month's rows.
 */
export function PayoutsLedger({ entries, nameOf, onCorrect }: { entries: PayoutEntry[]; nameOf(userId: string): string; onCorrect(entry: PayoutEntry): void }) {
  const { t, i18n } = useTranslation('studio');
  const columns: DataTableColumn<PayoutEntry>[] = [
    { accessor: 'createdAt', title: t('adminPayouts.ledger.createdAt'), noWrap: true, render: (entry) => <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt, i18n.language)}</time> },
    { accessor: 'userId', title: t('adminPayouts.ledger.user'), render: (entry) => <bdi>{nameOf(entry.userId)}</bdi> },
    { accessor: 'amount', title: t('adminPayouts.ledger.amount'), noWrap: true, render: (entry) => <span dir="ltr">{money(entry.amount, i18n.language)}</span> },
    { accessor: 'kind', title: t('adminPayouts.ledger.kind'), noWrap: true, render: (entry) => t(`adminPayouts.ledger.kinds.${entry.kind}`) },
    { accessor: 'reference', title: t('adminPayouts.ledger.reference'), render: (entry) => <span dir="auto">{entry.reference}</span> },
    { accessor: 'note', title: t('adminPayouts.ledger.note'), render: (entry) => <span dir="auto">{entry.note}</span> },
    {
      accessor: 'recordedBy',
      title: t('adminPayouts.ledger.recordedBy'),
      render: (entry) => <bdi>{`${entry.recordedBy.firstName} ${entry.recordedBy.lastName}`.trim()}</bdi>,
    },
    {
      accessor: 'actions',
      title: t('adminPayouts.ledger.actions'),
      noWrap: true,
      render: (entry) => (
        <Button
          size="xs"
          variant="default"
          onClick={() => onCorrect(entry)}
          aria-label={t('adminPayouts.ledger.correctFor', { name: nameOf(entry.userId), amount: money(entry.amount, i18n.language) })}
        >
          {t('adminPayouts.ledger.correct')}
        </Button>
      ),
    },
  ];
  return (
    <PagedTable<PayoutEntry>
      label={t('adminPayouts.ledger.label')}
      records={entries}
      columns={columns}
      noRecordsText={t('adminPayouts.ledger.none')}
      highlightOnHover={false}
      emptyMinHeight={120}
    />
  );
}
