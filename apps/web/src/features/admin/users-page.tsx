import '../../ui/studio/data-table-styles.ts';
import { useEffect, useState } from 'react';
import { Box, Loader, LoadingOverlay, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { USERS_SEARCH_MAX } from '@streethunt/shared';
import { useLogOutOnUnauthorized } from '../../api/use-require-login.ts';
import { SEARCH_DEBOUNCE_MS } from '../../ui/studio/table-constants.ts';
import { LoadError } from '../../ui/studio/studio-page.tsx';
import { AdminPage, NotAllowed, isForbidden } from './admin-page.tsx';
import { adminApi, adminKeys, type UsersQuery } from './api.ts';
import { LeadsPanel } from './leads-panel.tsx';
import { LEADS_TAB } from './leads-query.ts';
import { UsersTable } from './users-table.tsx';
import { lastUsersPage, parseUsersQuery, usersSearchParams } from './users-query.ts';

/** `/admin-users`: every registered user, searched and paged on the server (spec section 2; issue 9). */
function UsersPage() {
  const { t } = useTranslation('studio');
  const [params, setParams] = useSearchParams();
  // The affiliates/users menu item: the users, and in a second tab the landing forms' leads (issue 10).
  const tab = params.get('tab') === LEADS_TAB ? LEADS_TAB : 'users';
  return (
    <AdminPage title={t('adminUsers.title')} testId="admin-users-page">
      <Tabs value={tab} onChange={(next) => setParams(next === LEADS_TAB ? { tab: LEADS_TAB } : {})} keepMounted={false}>
        <Tabs.List aria-label={t('adminLeads.tabs.label')}>
          <Tabs.Tab value="users">{t('adminLeads.tabs.users')}</Tabs.Tab>
          <Tabs.Tab value={LEADS_TAB}>{t('adminLeads.tabs.leads')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="users" pt="md">
          <Users />
        </Tabs.Panel>
        <Tabs.Panel value={LEADS_TAB} pt="md">
          <LeadsPanel />
        </Tabs.Panel>
      </Tabs>
    </AdminPage>
  );
}

/**
 * The search and the table, rendered (and so fetching) only for an admin. The place (search, page, page
 * size) lives in the address, so a reload, the back button or a shared link shows the same users.
 */
function Users() {
  const { t } = useTranslation('studio');
  const [params, setParams] = useSearchParams();
  const query = parseUsersQuery(params);
  const go = (next: UsersQuery, replace = false) => setParams(usersSearchParams(next), { replace });

  const [search, setSearch] = useState(query.q);
  const [searched, setSearched] = useState(query.q);
  // The address changed without typing (back button, a link): the box shows its search (adjusted while rendering).
  if (searched !== query.q) {
    setSearched(query.q);
    if (search.trim() !== query.q) setSearch(query.q);
  }
  // One request per pause in typing; a new search starts at page 1. Replaced, not pushed: back skips the keystrokes.
  const runSearch = useDebouncedCallback((text: string) => {
    const q = text.trim();
    if (q !== query.q) go({ ...query, q, page: 1 }, true);
  }, SEARCH_DEBOUNCE_MS);

  const users = useQuery({
    queryKey: adminKeys.users(query),
    queryFn: ({ signal }) => adminApi.users(query, signal),
    // The previous page stays (with the table's own loader) while the next one loads.
    placeholderData: keepPreviousData,
  });
  useLogOutOnUnauthorized(users.error);

  // A page past the end (users removed, an old link): the last page that has users instead.
  const reply = users.isPlaceholderData ? undefined : users.data;
  const lastPage = reply ? lastUsersPage(reply.total, reply.pageSize) : query.page;
  const moveTo = query.page > lastPage ? usersSearchParams({ ...query, page: lastPage }).toString() : null;
  useEffect(() => {
    if (moveTo !== null) setParams(moveTo, { replace: true });
  }, [moveTo, setParams]);

  return (
    <Stack gap="md">
      <TextInput
        type="search"
        label={t('adminUsers.search.label')}
        placeholder={t('adminUsers.search.placeholder')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          runSearch(event.currentTarget.value);
        }}
        maxLength={USERS_SEARCH_MAX}
        dir="auto"
        maw="100%"
        w="28rem"
      />
      {users.isError ? (
        isForbidden(users.error) ? (
          <NotAllowed />
        ) : (
          <LoadError title={t('adminUsers.loadFailed')} error={users.error} onRetry={() => void users.refetch()} retrying={users.isFetching} />
        )
      ) : users.data ? (
        <UsersTable
          reply={users.data}
          query={query}
          fetching={users.isFetching}
          onPageChange={(page) => go({ ...query, page })}
          onPageSizeChange={(pageSize) => go({ ...query, pageSize, page: 1 })}
        />
      ) : (
        <FirstLoad />
      )}
    </Stack>
  );
}

/** The spec's 'Loading Users...' overlay, over the place the table will take. */
function FirstLoad() {
  const { t } = useTranslation('studio');
  return (
    <Box pos="relative" mih={240} data-testid="users-first-load">
      <LoadingOverlay
        visible
        zIndex={2}
        loaderProps={{
          children: (
            <Stack align="center" gap="xs" role="status">
              <Loader aria-hidden />
              <Text fw={500}>{t('adminUsers.loading')}</Text>
            </Stack>
          ),
        }}
      />
    </Box>
  );
}

export { UsersPage as Component };
