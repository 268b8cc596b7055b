import { Button, Stack, Text } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import type { PayoutDueRow } from '@streethunt/shared';
import { PagedTable } from '../../ui/paged-table/paged-table.tsx';
import { money } from '../../ui/money.ts';

export const fullName = (row: { firstName: string; lastName: string }) => `${row.firstName} ${row.lastName}`.trim();

/** Where to send the money, or that there is nowhere yet (in red: orange.9 is only 4.3:1 on white, red.9 passes AA). */
function BankDetails({ bank }: { bank: PayoutDueRow['bank'] }) {
  const { t } = useTranslation('studio');
  if (!bank) {
    return (
      <Text size="sm" c="red.9" fw={500}>
        {t('adminPayouts.table.noBank')}
      </Text>
    );
  }
  return (
    <Stack gap={0}>
      <Text size="sm" dir="auto">
        {t('adminPayouts.table.bankHolder', { holder: bank.accountHolder, id: bank.idNumber })}
      </Text>
      <Text size="sm" dir="auto">
        {t('adminPayouts.table.bankAccount', { bank: bank.bankName, bankNumber: bank.bankNumber, branch: bank.branchNumber, account: bank.accountNumber })}
      </Text>
    </Stack>
  );
}

/** A month's builders and affiliates: what each earned, carried in, is due and was paid, and where to pay. */
export function PayoutsTable({ rows, onPay }: { rows: PayoutDueRow[]; onPay(row: PayoutDueRow): void }) {
  const { t, i18n } = useTranslation('studio');
  const amount = (agorot: number) => <span dir="ltr">{money(agorot, i18n.language)}</span>;
  const columns: DataTableColumn<PayoutDueRow>[] = [
    { accessor: 'name', title: t('adminPayouts.table.name'), render: (row) => <bdi>{fullName(row)}</bdi> },
    { accessor: 'email', title: t('adminPayouts.table.email'), noWrap: true, render: (row) => <span dir="ltr">{row.email}</span> },
    { accessor: 'builderEarned', title: t('adminPayouts.table.builderEarned'), noWrap: true, render: (row) => amount(row.builderEarned) },
    { accessor: 'affiliateEarned', title: t('adminPayouts.table.affiliateEarned'), noWrap: true, render: (row) => amount(row.affiliateEarned) },
    { accessor: 'carriedIn', title: t('adminPayouts.table.carriedIn'), noWrap: true, render: (row) => amount(row.carriedIn) },
    { accessor: 'due', title: t('adminPayouts.table.due'), noWrap: true, render: (row) => amount(row.due) },
    {
      accessor: 'payable',
      title: t('adminPayouts.table.payable'),
      noWrap: true,
      render: (row) => (row.payable > 0 ? amount(row.payable) : t('adminPayouts.table.rollsOver', { amount: money(row.rolledOver, i18n.language) })),
    },
    { accessor: 'paid', title: t('adminPayouts.table.paid'), noWrap: true, render: (row) => amount(row.paid) },
    { accessor: 'balance', title: t('adminPayouts.table.balance'), noWrap: true, render: (row) => amount(row.balance) },
    { accessor: 'bank', title: t('adminPayouts.table.bank'), render: (row) => <BankDetails bank={row.bank} /> },
    {
      accessor: 'actions',
      title: t('adminPayouts.table.actions'),
      noWrap: true,
      render: (row) => (
        <Button
          size="xs"
          variant="light"
          disabled={!(row.balance > 0 && row.payable > 0)}
          onClick={() => onPay(row)}
          aria-label={t('adminPayouts.table.markPaidFor', { name: fullName(row) })}
        >
          {t('adminPayouts.table.markPaid')}
        </Button>
      ),
    },
  ];
  return (
    <PagedTable<PayoutDueRow> label={t('adminPayouts.table.label')} idAccessor="userId" records={rows} columns={columns} noRecordsText={t('adminPayouts.table.none')} />
  );
}
