import { Stack, Text } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import type { LeadListItem, LeadsListReply } from '@streethunt/shared';
import { numberColumn, textColumn } from '../../ui/paged-table/columns.tsx';
import { PagedTable, type TablePaging } from '../../ui/paged-table/paged-table.tsx';
import type { LeadsQuery } from './api.ts';
import { formatCount } from '../../ui/studio/format-count.ts';

type Props = {
  /** The server's page: while the next one loads, the previous one (react-query's placeholder). */
  reply: LeadsListReply['data'];
  query: LeadsQuery;
  paging: TablePaging;
  /** The running number of the reply's first row. */
  firstNumber: number;
  fetching: boolean;
};

/** A date and time in the interface's language, e.g. '1 בפבר׳ 2026, 9:30'; '' for a bad date. */
function formatLeadTime(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** One server page of leads: who, how to reach them, which form, who brought them, when. */
export function LeadsTable({ reply, query, paging, firstNumber, fetching }: Props) {
  const { t, i18n } = useTranslation('studio');
  const count = (n: number) => formatCount(n, i18n.language);
  const time = (iso: string) => <time dateTime={iso}>{formatLeadTime(iso, i18n.language)}</time>;

  const columns: DataTableColumn<LeadListItem>[] = [
    numberColumn(t('adminLeads.table.number'), firstNumber, { format: count }),
    textColumn('firstName', t('adminLeads.table.firstName')),
    textColumn('lastName', t('adminLeads.table.lastName')),
    textColumn('email', t('adminLeads.table.email'), 'ltr'),
    textColumn('phone', t('adminLeads.table.phone'), 'ltr'),
    { accessor: 'formType', title: t('adminLeads.table.formType'), noWrap: true, render: (lead) => t(`adminLeads.formType.${lead.formType}`) },
    {
      accessor: 'aff',
      title: t('adminLeads.table.affName'),
      render: (lead) =>
        lead.aff ? (
          <Stack gap={0}>
            {lead.affName && <span dir="auto">{lead.affName}</span>}
            <Text span size="xs" c="dimmed" dir="ltr" ff="monospace">
              {lead.aff}
            </Text>
          </Stack>
        ) : null,
    },
    { accessor: 'language', title: t('adminLeads.table.language'), render: (lead) => t(`adminLeads.language.${lead.language}`) },
    { accessor: 'updatedAt', title: t('adminLeads.table.updatedAt'), noWrap: true, render: (lead) => time(lead.updatedAt) },
    { accessor: 'createdAt', title: t('adminLeads.table.createdAt'), noWrap: true, render: (lead) => time(lead.createdAt) },
  ];

  return (
    <PagedTable<LeadListItem>
      label={t('adminLeads.table.label')}
      records={reply.data}
      columns={columns}
      paging={paging}
      formatNumber={count}
      noRecordsText={query.q ? t('adminLeads.empty', { q: query.q }) : t('adminLeads.none')}
      fetching={fetching}
      fetchingLabel={t('adminLeads.fetching')}
      total={{ text: t('adminLeads.total', { count: reply.total }), testId: 'leads-total' }}
    />
  );
}
