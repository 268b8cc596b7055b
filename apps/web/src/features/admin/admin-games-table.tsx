import { Anchor, Box, Button, Flex, Stack, Text } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AdminGame } from '@streethunt/shared';
import { Price } from '../../ui/price.tsx';
import { numberColumn } from '../../ui/paged-table/columns.tsx';
import { PagedTable } from '../../ui/paged-table/paged-table.tsx';
import { useClientPaging } from '../../ui/paged-table/use-client-paging.ts';
import { StatusBadge } from '../../ui/studio/status-badge.tsx';
import { FROM_SM } from '../../ui/studio/table-scroll.ts';
import type { AdminGameList } from './api.ts';
import { useAdminGameName, type ReviewKind } from './use-review-actions.ts';

export type AdminGameHandlers = {
  onApprove(game: AdminGame): void;
  onReview(kind: ReviewKind, game: AdminGame): void;
  /** The games whose approval is running. */
  approving: ReadonlySet<string>;
};

/**
 * The admin's games (spec section 2, 'Pending games'): a running number, the game, its creator and
 * the admin's last note, and the decisions its status allows. The buttons are named by their action
 * only; the row (found by the game's name) says which game.
 */
export function AdminGamesTable({ games, list, handlers }: { games: readonly AdminGame[]; list: AdminGameList; handlers: AdminGameHandlers }) {
  const { t } = useTranslation('studio');
  const nameOf = useAdminGameName();
  const { records, paging } = useClientPaging(games, list);
  const firstNumber = (paging.page - 1) * paging.recordsPerPage + 1;

  // The key columns first: the name (with the status under it on a phone), then the status.
  const columns: DataTableColumn<AdminGame>[] = [
    numberColumn(t('adminGames.table.number'), firstNumber, { visibleMediaQuery: FROM_SM }),
    {
      accessor: 'metadata.name',
      title: t('adminGames.table.name'),
      render: (game) => (
        <Stack gap={2} miw="8rem">
          <Text size="sm" fw={600} dir="auto" fs={game.metadata.name.trim() ? undefined : 'italic'}>
            {nameOf(game)}
          </Text>
          {/* On a phone the status sits under the name: beside it, the pinned actions would cover it. */}
          <Box hiddenFrom="sm">
            <StatusBadge status={game.status} />
          </Box>
          {game.reviewNote && (
            <Text size="xs" c="dimmed" dir="auto" data-testid="admin-review-note">
              {t('adminGames.table.note', { note: game.reviewNote })}
            </Text>
          )}
        </Stack>
      ),
    },
    { accessor: 'status', title: t('adminGames.table.status'), render: (game) => <StatusBadge status={game.status} />, visibleMediaQuery: FROM_SM },
    { accessor: 'metadata.locationCity', title: t('adminGames.table.city'), render: (game) => <span dir="auto">{game.metadata.locationCity}</span> },
    {
      accessor: 'metadata.price',
      title: t('adminGames.table.price'),
      render: (game) => <Price price={game.metadata.price} currencyCode={game.metadata.currencyCode} />,
    },
    // The price already shows its currency: on a phone the column would only push the rest away.
    { accessor: 'metadata.currencyCode', title: t('adminGames.table.currency'), visibleMediaQuery: FROM_SM },
    {
      accessor: 'creator',
      title: t('adminGames.table.creator'),
      render: ({ creator }) => (
        <Stack gap={0}>
          <Text size="sm" dir="auto">
            {`${creator.firstName} ${creator.lastName}`.trim()}
          </Text>
          <Anchor href={`mailto:${creator.email}`} size="xs" dir="ltr">
            {creator.email}
          </Anchor>
        </Stack>
      ),
    },
    {
      accessor: 'actions',
      title: t('adminGames.table.actions'),
      render: (game) => <RowActions game={game} handlers={handlers} />,
    },
  ];

  return (
    <PagedTable<AdminGame> label={t('adminGames.table.label')} records={records} columns={columns} paging={paging} pinLastColumn />
  );
}

/** Stacked on a phone, so the pinned column stays narrow; side by side from the `sm` breakpoint. */
function RowActions({ game, handlers }: { game: AdminGame; handlers: AdminGameHandlers }) {
  const { t } = useTranslation('studio');
  const busy = handlers.approving.has(game._id);
  return (
    <Flex direction={{ base: 'column', sm: 'row' }} gap={6} justify="flex-end" wrap="nowrap">
      {game.status === 'PENDING' && (
        <Button size="compact-sm" onClick={() => handlers.onApprove(game)} loading={busy}>
          {t('adminGames.actions.approve')}
        </Button>
      )}
      {game.status === 'PENDING' && (
        <Button size="compact-sm" variant="default" onClick={() => handlers.onReview('sendBack', game)} disabled={busy}>
          {t('adminGames.actions.sendBack')}
        </Button>
      )}
      {game.status === 'APPROVED' && (
        <Button size="compact-sm" variant="default" onClick={() => handlers.onReview('unpublish', game)}>
          {t('adminGames.actions.unpublish')}
        </Button>
      )}
      <Button size="compact-sm" variant="default" component={Link} to={`/game-editor/${encodeURIComponent(game._id)}`}>
        {t('adminGames.actions.edit')}
      </Button>
    </Flex>
  );
}
