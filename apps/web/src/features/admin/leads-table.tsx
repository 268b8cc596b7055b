import { Loader, Stack, Text } from '@mantine/core';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { LEADS_PAGE_SIZES, type LeadListItem, type LeadsListReply } from '@streethunt/shared';
import { paginationTexts } from '../../ui/studio/paging.ts';
import { KEYBOARD_SCROLL_AREA } from '../../ui/studio/table-scroll.ts';
import type { LeadsQuery } from './leads-api.ts';
import { formatCount } from './users-format.ts';

type Props = {
  /** The server's page: while the next one loads, the previous one (react-query's placeholder). */
  reply: LeadsListReply['data'];
  query: LeadsQuery;
  fetching: boolean;
  onPageChange(page: number): void;
  onPageSizeChange(pageSize: number): void;
};

/** A date and time in the interface's language, e.g. '1 בפבר׳ 2026, 9:30'; '' for a bad date. */
function formatLeadTime(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** One server page of leads: who, how to reach them, which form, who brought them, when. */
export function LeadsTable({ reply, query, fetching, onPageChange, onPageSizeChange }: Props) {
  const { t, i18n } = useTranslation('studio');
  const count = (n: number) => formatCount(n, i18n.language);
  const firstNumber = (reply.page - 1) * reply.pageSize + 1;
  const time = (iso: string) => <time dateTime={iso}>{formatLeadTime(iso, i18n.language)}</time>;

  const columns: DataTableColumn<LeadListItem>[] = [
    { accessor: 'number', title: t('adminLeads.table.number'), render: (_lead, index) => count(firstNumber + index) },
    { accessor: 'firstName', title: t('adminLeads.table.firstName'), render: (lead) => <span dir="auto">{lead.firstName}</span> },
    { accessor: 'lastName', title: t('adminLeads.table.lastName'), render: (lead) => <span dir="auto">{lead.lastName}</span> },
    { accessor: 'email', title: t('adminLeads.table.email'), noWrap: true, render: (lead) => <span dir="ltr">{lead.email}</span> },
    { accessor: 'phone', title: t('adminLeads.table.phone'), noWrap: true, render: (lead) => <span dir="ltr">{lead.phone}</span> },
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
    <Stack gap="sm">
      <Text size="sm" c="dimmed" aria-live="polite" data-testid="leads-total">
        {t('adminLeads.total', { count: reply.total })}
      </Text>
      <DataTable<LeadListItem>
        aria-label={t('adminLeads.table.label')}
        idAccessor="_id"
        records={reply.data}
        columns={columns}
        withTableBorder
        borderRadius="md"
        highlightOnHover
        scrollAreaProps={KEYBOARD_SCROLL_AREA}
        minHeight={reply.data.length === 0 ? 160 : undefined}
        noRecordsText={query.q ? t('adminLeads.empty', { q: query.q }) : t('adminLeads.none')}
        fetching={fetching}
        loadingText={t('adminLeads.fetching')}
        customLoader={<Loader role="status" aria-label={t('adminLeads.fetching')} />}
        totalRecords={reply.total}
        page={query.page}
        onPageChange={onPageChange}
        recordsPerPage={query.pageSize}
        recordsPerPageOptions={[...LEADS_PAGE_SIZES]}
        onRecordsPerPageChange={onPageSizeChange}
        {...paginationTexts(t, count)}
      />
    </Stack>
  );
}
