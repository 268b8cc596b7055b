import '../../ui/studio/data-table-styles.ts';
import { useEffect, useState } from 'react';
import { Button, Center, Group, Loader, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconDownload, IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LEAD_FORM_TYPES, LEADS_SEARCH_MAX, type LeadFormType } from '@streethunt/shared';
import { useLogOutOnUnauthorized } from '../../api/use-require-login.ts';
import { errorText } from '../../ui/studio/errors.ts';
import { notify } from '../../ui/studio/notify.ts';
import { SEARCH_DEBOUNCE_MS } from '../../ui/studio/table-constants.ts';
import { LoadError } from '../../ui/studio/studio-page.tsx';
import { NotAllowed, isForbidden } from './admin-page.tsx';
import { downloadCsv } from '../../ui/studio/csv.ts';
import { leadsApi, leadsKeys, type LeadsQuery } from './leads-api.ts';
import { LEADS_CSV_COLUMNS, leadsCsv, leadsCsvFileName } from './leads-csv.ts';
import { leadsSearchParams, parseLeadsQuery } from './leads-query.ts';
import { LeadsTable } from './leads-table.tsx';

/**
 * The leads tab of /admin-users (issue 10): the affiliate landing forms' leads, filtered by form and
 * searched on the server, paged, with a CSV of everything that matches. Its place lives in the address.
 */
export function LeadsPanel() {
  const { t } = useTranslation('studio');
  const [params, setParams] = useSearchParams();
  const query = parseLeadsQuery(params);
  const go = (next: LeadsQuery, replace = false) => setParams(leadsSearchParams(next), { replace });

  const [search, setSearch] = useState(query.q);
  const [searched, setSearched] = useState(query.q);
  if (searched !== query.q) {
    setSearched(query.q);
    if (search.trim() !== query.q) setSearch(query.q);
  }
  const runSearch = useDebouncedCallback((text: string) => {
    const q = text.trim();
    if (q !== query.q) go({ ...query, q, page: 1 }, true);
  }, SEARCH_DEBOUNCE_MS);

  const leads = useQuery({
    queryKey: leadsKeys.list(query),
    queryFn: ({ signal }) => leadsApi.list(query, signal),
    placeholderData: keepPreviousData,
  });
  useLogOutOnUnauthorized(leads.error);

  // A page past the end (an old link): the last page that has leads instead.
  const reply = leads.isPlaceholderData ? undefined : leads.data;
  const lastPage = reply ? Math.max(1, Math.ceil(reply.total / reply.pageSize)) : query.page;
  const moveTo = query.page > lastPage ? leadsSearchParams({ ...query, page: lastPage }).toString() : null;
  useEffect(() => {
    if (moveTo !== null) setParams(moveTo, { replace: true });
  }, [moveTo, setParams]);

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
        <TextInput
          type="search"
          label={t('adminLeads.search.label')}
          placeholder={t('adminLeads.search.placeholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            runSearch(event.currentTarget.value);
          }}
          maxLength={LEADS_SEARCH_MAX}
          dir="auto"
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
      ) : leads.data ? (
        <LeadsTable
          reply={leads.data}
          query={query}
          fetching={leads.isFetching}
          onPageChange={(page) => go({ ...query, page })}
          onPageSizeChange={(pageSize) => go({ ...query, pageSize, page: 1 })}
        />
      ) : (
        <Center py="xl">
          <Loader role="status" aria-label={t('adminLeads.loading')} />
        </Center>
      )}
    </Stack>
  );
}
