import { Badge, Button, Loader, Stack, Text } from '@mantine/core';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { USERS_PAGE_SIZES, type UserListItem, type UsersListReply } from '@streethunt/shared';
import { paginationTexts } from '../../ui/studio/paging.ts';
import { KEYBOARD_SCROLL_AREA } from '../../ui/studio/table-scroll.ts';
import type { UsersQuery } from './api.ts';
import { formatCount, formatUserDate } from './users-format.ts';

/** Mantine's light violet label is below AA contrast; its darkest shade passes. */
const ADMIN_BADGE_LABEL = { label: { color: 'var(--mantine-color-violet-9)' } };

type Props = {
  /** The server's page: while the next one loads, the previous one (react-query's placeholder). */
  reply: UsersListReply['data'];
  /** The page asked for, which the pagination shows at once. */
  query: UsersQuery;
  fetching: boolean;
  onPageChange(page: number): void;
  onPageSizeChange(pageSize: number): void;
};

/**
 * One server page of users (spec section 2, 'Users'): running number, names, email, phone, registration
 * date, the admin role, and a link to the user's games. The server searches and pages, so the table only
 * shows what it is given and asks for other pages.
 */
export function UsersTable({ reply, query, fetching, onPageChange, onPageSizeChange }: Props) {
  const { t, i18n } = useTranslation('studio');
  const count = (n: number) => formatCount(n, i18n.language);
  // Numbered from the reply's own page, so a placeholder page keeps its numbers while the next loads.
  const firstNumber = (reply.page - 1) * reply.pageSize + 1;

  const columns: DataTableColumn<UserListItem>[] = [
    { accessor: 'number', title: t('adminUsers.table.number'), render: (_user, index) => count(firstNumber + index) },
    { accessor: 'firstName', title: t('adminUsers.table.firstName'), render: (user) => <span dir="auto">{user.firstName}</span> },
    { accessor: 'lastName', title: t('adminUsers.table.lastName'), render: (user) => <span dir="auto">{user.lastName}</span> },
    { accessor: 'email', title: t('adminUsers.table.email'), noWrap: true, render: (user) => <span dir="ltr">{user.email}</span> },
    { accessor: 'phone', title: t('adminUsers.table.phone'), noWrap: true, render: (user) => <span dir="ltr">{user.phone}</span> },
    {
      accessor: 'createdAt',
      title: t('adminUsers.table.registered'),
      noWrap: true,
      render: (user) => <time dateTime={user.createdAt}>{formatUserDate(user.createdAt, i18n.language)}</time>,
    },
    {
      accessor: 'role',
      title: t('adminUsers.table.role'),
      render: (user) =>
        user.role === 'admin' ? (
          <Badge color="violet" variant="light" styles={ADMIN_BADGE_LABEL} data-testid="admin-badge">
            {t('adminUsers.role.admin')}
          </Badge>
        ) : null,
    },
    {
      accessor: 'games',
      title: t('adminUsers.table.games'),
      render: (user) => (
        <Button component={Link} to={`/games?user=${encodeURIComponent(user._id)}`} size="compact-sm" variant="light">
          {t('adminUsers.showGames')}
        </Button>
      ),
    },
  ];

  return (
    <Stack gap="sm">
      {/* Said again after each search, for those who cannot see the table change. */}
      <Text size="sm" c="dimmed" aria-live="polite" data-testid="users-total">
        {t('adminUsers.total', { count: reply.total })}
      </Text>
      <DataTable<UserListItem>
        aria-label={t('adminUsers.table.label')}
        idAccessor="_id"
        records={reply.data}
        columns={columns}
        withTableBorder
        borderRadius="md"
        highlightOnHover
        scrollAreaProps={KEYBOARD_SCROLL_AREA}
        minHeight={reply.data.length === 0 ? 160 : undefined}
        noRecordsText={query.q ? t('adminUsers.empty', { q: query.q }) : t('adminUsers.none')}
        fetching={fetching}
        loadingText={t('adminUsers.fetching')}
        customLoader={<Loader role="status" aria-label={t('adminUsers.fetching')} />}
        totalRecords={reply.total}
        page={query.page}
        onPageChange={onPageChange}
        recordsPerPage={query.pageSize}
        recordsPerPageOptions={[...USERS_PAGE_SIZES]}
        onRecordsPerPageChange={onPageSizeChange}
        {...paginationTexts(t, count)}
      />
    </Stack>
  );
}
