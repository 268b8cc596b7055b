import { Badge, Button } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { UserListItem, UsersListReply } from '@streethunt/shared';
import { numberColumn, textColumn } from '../../ui/paged-table/columns.tsx';
import { PagedTable, type TablePaging } from '../../ui/paged-table/paged-table.tsx';
import { formatCount } from '../../ui/studio/format-count.ts';
import type { UsersQuery } from './api.ts';
import { formatUserDate } from './users-format.ts';

/** Mantine's light violet label is below AA contrast; its darkest shade passes. */
const ADMIN_BADGE_LABEL = { label: { color: 'var(--mantine-color-violet-9)' } };

type Props = {
  /** The server's page: while the next one loads, the previous one (react-query's placeholder). */
  reply: UsersListReply['data'];
  /** The page asked for, which the pagination shows at once. */
  query: UsersQuery;
  paging: TablePaging;
  /** The running number of the reply's first row. */
  firstNumber: number;
  fetching: boolean;
};

/**
 * One server page of users (spec section 2, 'Users'): running number, names, email, phone, registration
 * date, the admin role, and a link to the user's games. The server searches and pages, so the table only
 * shows what it is given and asks for other pages.
 */
export function UsersTable({ reply, query, paging, firstNumber, fetching }: Props) {
  const { t, i18n } = useTranslation('studio');
  const count = (n: number) => formatCount(n, i18n.language);

  const columns: DataTableColumn<UserListItem>[] = [
    numberColumn(t('adminUsers.table.number'), firstNumber, { format: count }),
    textColumn('firstName', t('adminUsers.table.firstName')),
    textColumn('lastName', t('adminUsers.table.lastName')),
    textColumn('email', t('adminUsers.table.email'), 'ltr'),
    textColumn('phone', t('adminUsers.table.phone'), 'ltr'),
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
    <PagedTable<UserListItem>
      label={t('adminUsers.table.label')}
      records={reply.data}
      columns={columns}
      paging={paging}
      formatNumber={count}
      noRecordsText={query.q ? t('adminUsers.empty', { q: query.q }) : t('adminUsers.none')}
      fetching={fetching}
      fetchingLabel={t('adminUsers.fetching')}
      total={{ text: t('adminUsers.total', { count: reply.total }), testId: 'users-total' }}
    />
  );
}
