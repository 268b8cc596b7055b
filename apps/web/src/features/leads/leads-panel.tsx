import { Button, Center, Group, Loader, NativeSelect, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LEAD_FORM_TYPES, LEADS_SEARCH_MAX, type LeadFormType } from '@streethunt/shared';
import { SearchInput } from '../../ui/paged-table/search-input.tsx';
import { useAddressPaging } from '../../ui/paged-table/use-address-paging.ts';
import { NotAllowed, isForbidden } from '../../ui/studio/admin-page.tsx';
import type { AdminTab } from '../../ui/studio/admin-tabs-page.tsx';
import { downloadCsv } from '../../ui/studio/csv.ts';
import { errorText } from '../../ui/studio/errors.ts';
import { notify } from '../../ui/studio/notify.ts';
import { LoadError } from '../../ui/studio/studio-page.tsx';
import { leadsApi, leadsKeys } from './api.ts';
import { LEADS_CSV_COLUMNS, leadsCsv, leadsCsvFileName } from './leads-csv.ts';
import { LEADS_LIMITS, LEADS_TAB, leadsSearchParams, parseLeadsQuery } from './leads-query.ts';
import { LeadsTable } from './leads-table.tsx';

/**
 * The leads tab of /admin-users: the affiliate landing forms' leads, filtered by form and
 * searched on the server, paged, with a CSV of everything that matches. Its place lives in the address.
 */
function LeadsPanel() {
  const { t } = useTranslation('studio');
  const { query, go, list: leads, paging, firstNumber, searchBox } = useAddressPaging({
    read: parseLeadsQuery,
    write: leadsSearchParams,
    queryKey: leadsKeys.list,
    fetchPage: leadsApi.list,
    pageSizes: LEADS_LIMITS.pageSizes,
  });

  const csv = useMutation({
    mutationFn: async () => {
      const all = await leadsApi.all({ formType: query.formType, q: query.q });
      const header = Object.fromEntries(LEADS_CSV_COLUMNS.map((column) => [column, t(`adminLeads.table.${column}`)])) as Record<
        (typeof LEADS_CSV_COLUMNS)[number],
        string
      >;
      downloadCsv(
        leadsCsvFileName(),
        leadsCsv(all, {
          header,
          formType: (lead) => t(`adminLeads.formType.${lead.formType}`),
          language: (lead) => t(`adminLeads.language.${lead.language}`),
        }),
      );
    },
    onError: (error) => notify(t, 'red', t('adminLeads.csv.failed', { reason: errorText(error, t) })),
  });

  if (leads.isError && isForbidden(leads.error)) return <NotAllowed />;

  return (
    <Stack gap="md">
      <Text size="sm">{t('adminLeads.intro')}</Text>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <NativeSelect
          label={t('adminLeads.formType.label')}
          value={query.formType}
          onChange={(event) => go({ ...query, formType: event.currentTarget.value as LeadFormType | '', page: 1 })}
          data={[{ value: '', label: t('adminLeads.formType.all') }, ...LEAD_FORM_TYPES.map((type) => ({ value: type, label: t(`adminLeads.formType.${type}`) }))]}
          w={{ base: '100%', xs: '12rem' }}
          data-testid="leads-form-filter"
        />
        <SearchInput
          label={t('adminLeads.search.label')}
          placeholder={t('adminLeads.search.placeholder')}
          {...searchBox}
          maxLength={LEADS_SEARCH_MAX}
          w={{ base: '100%', xs: '20rem' }}
        />
        <Button
          variant="light"
          leftSection={<IconDownload size={18} aria-hidden />}
          loading={csv.isPending}
          disabled={!leads.data || leads.data.total === 0}
          onClick={() => csv.mutate()}
          data-testid="leads-csv"
        >
          {t('adminLeads.csv.button')}
        </Button>
      </Group>
      {leads.isError ? (
        <LoadError title={t('adminLeads.loadFailed')} error={leads.error} onRetry={() => void leads.refetch()} retrying={leads.isFetching} />
      ) : leads.data && paging ? (
        <LeadsTable reply={leads.data} query={query} paging={paging} firstNumber={firstNumber} fetching={leads.isFetching} />
      ) : (
        <Center py="xl">
          <Loader role="status" aria-label={t('adminLeads.loading')} />
        </Center>
      )}
    </Stack>
  );
}

/** The second tab of /admin-users (`?tab=leads`; the admins' lead emails link here). */
export const leadsTab: AdminTab = { value: LEADS_TAB, label: 'adminLeads.tabs.leads', address: { tab: LEADS_TAB }, Panel: LeadsPanel };
