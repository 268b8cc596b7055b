import { Box, Loader, LoadingOverlay, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { USERS_SEARCH_MAX } from '@streethunt/shared';
import { SearchInput } from '../../ui/paged-table/search-input.tsx';
import { useAddressPaging } from '../../ui/paged-table/use-address-paging.ts';
import { NotAllowed, isForbidden } from '../../ui/studio/admin-page.tsx';
import type { AdminTab } from '../../ui/studio/admin-tabs-page.tsx';
import { LoadError } from '../../ui/studio/studio-page.tsx';
import { usersApi, usersKeys } from './api.ts';
import { UsersTable } from './users-table.tsx';
import { USERS_LIMITS, parseUsersQuery, usersSearchParams } from './users-query.ts';

/**
 * `/admin-users`: every registered user, searched and paged on the server (spec section 2). Rendered (and
 * so fetching) only for an admin. The place (search, page, page size) lives in the address.
 */
function UsersPanel() {
  const { t } = useTranslation('studio');
  const { query, list: users, paging, firstNumber, searchBox } = useAddressPaging({
    read: parseUsersQuery,
    write: usersSearchParams,
    queryKey: usersKeys.list,
    fetchPage: usersApi.list,
    pageSizes: USERS_LIMITS.pageSizes,
  });

  return (
    <Stack gap="md">
      <SearchInput
        label={t('adminUsers.search.label')}
        placeholder={t('adminUsers.search.placeholder')}
        {...searchBox}
        maxLength={USERS_SEARCH_MAX}
        maw="100%"
        w="28rem"
      />
      {users.isError ? (
        isForbidden(users.error) ? (
          <NotAllowed />
        ) : (
          <LoadError title={t('adminUsers.loadFailed')} error={users.error} onRetry={() => void users.refetch()} retrying={users.isFetching} />
        )
      ) : users.data && paging ? (
        <UsersTable reply={users.data} query={query} paging={paging} firstNumber={firstNumber} fetching={users.isFetching} />
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

/** The first tab of /admin-users, its default: the address leaves it out. */
export const usersTab: AdminTab = { value: 'users', label: 'adminLeads.tabs.users', address: {}, Panel: UsersPanel };
