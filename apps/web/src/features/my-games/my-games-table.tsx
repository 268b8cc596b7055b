import { useState } from 'react';
import { Badge, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import type { MyGame } from '@streethunt/shared';
import { LabelledSegments } from '../../ui/labelled-segments.tsx';
import { Price } from '../../ui/price.tsx';
import { SEARCH_DEBOUNCE_MS } from '../../ui/studio/table-constants.ts';
import { SHOW_GAME_CODE_COLUMN } from './constants.ts';
import { STATUS_FILTERS, countByFilter, filterGames, type StatusFilter } from './filter-games.ts';
import { GameCodeModal } from './game-code-modal.tsx';
import { GameRowActions } from './game-row-actions.tsx';
import { PagedTable } from '../../ui/paged-table/paged-table.tsx';
import { SearchInput } from '../../ui/paged-table/search-input.tsx';
import { useClientPaging } from '../../ui/paged-table/use-client-paging.ts';
import { ActionError } from '../../ui/studio/studio-page.tsx';
import { StatusBadge } from '../../ui/studio/status-badge.tsx';
import { useGameActions, useGameName } from './use-game-actions.ts';
import { FROM_SM } from '../../ui/studio/table-scroll.ts';

/**
 * The creator's games (spec section 2, 'My games'): a status filter, a global search over name and city
 * (debounced 200 ms), pages of 10 to 50, and each row's actions.
 */
export function MyGamesTable({ games, onUnauthorized }: { games: readonly MyGame[]; onUnauthorized(error: unknown): void }) {
  const { t } = useTranslation('studio');
  const nameOf = useGameName();
  const [status, setStatus] = useState<StatusFilter>('all');
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const [confirmDuplicate, setConfirmDuplicate] = useState<MyGame | null>(null);
  const actions = useGameActions(onUnauthorized);

  const counts = countByFilter(games);
  const shown = filterGames(games, status, debouncedSearch);
  const { records, paging } = useClientPaging(shown, `${status}\n${debouncedSearch}`);
  const busy = [actions.createCode, actions.duplicate, actions.exportGame].find((action) => action.isPending)?.variables?._id ?? (actions.exportMap.isPending ? (actions.exportMap.variables?.game._id ?? null) : null);

  const columns: DataTableColumn<MyGame>[] = [
    {
      accessor: 'metadata.name',
      title: t('myGames.table.name'),
      render: (game) => (
        <Text size="sm" fw={600} dir="auto" fs={game.metadata.name.trim() ? undefined : 'italic'}>
          {nameOf(game)}
        </Text>
      ),
    },
    // What a creator looks for first, on a phone too: the name, then its status and price.
    {
      accessor: 'status',
      title: t('myGames.table.status'),
      // Whole words: a status cut to its first letter says nothing.
      noWrap: true,
      render: (game) => (
        <Group gap={4} wrap="nowrap" miw="max-content">
          <StatusBadge status={game.status} />
          {game.nextVersionOf && (
            <Badge variant="light" color="teal" data-testid="next-version-badge">
              {t('myGames.table.nextVersion')}
            </Badge>
          )}
        </Group>
      ),
    },
    {
      accessor: 'metadata.price',
      title: t('myGames.table.price'),
      render: (game) => <Price price={game.metadata.price} currencyCode={game.metadata.currencyCode} />,
    },
    { accessor: 'metadata.locationCity', title: t('myGames.table.city'), render: (game) => <span dir="auto">{game.metadata.locationCity}</span> },
    // The price already shows its currency: on a phone the column would only push the rest under the pinned actions.
    { accessor: 'metadata.currencyCode', title: t('myGames.table.currency'), visibleMediaQuery: FROM_SM },
    {
      accessor: 'gameCode',
      title: t('myGames.table.gameCode'),
      hidden: !SHOW_GAME_CODE_COLUMN,
      render: (game) => <span dir="ltr">{actions.codes[game._id] ?? ''}</span>,
    },
    {
      accessor: 'actions',
      title: t('myGames.table.actions'),
      render: (game) => (
        <GameRowActions
          game={game}
          name={nameOf(game)}
          handlers={{
            onCreateCode: (row) => actions.createCode.mutate(row),
            onDuplicate: setConfirmDuplicate,
            onExport: (row) => actions.exportGame.mutate(row),
            onExportMap: (row, format) => actions.exportMap.mutate({ game: row, format }),
            busyGameId: busy,
          }}
        />
      ),
    },
  ];

  return (
    <Stack gap="md">
      <Group align="flex-end" gap="md" wrap="wrap">
        <LabelledSegments
          label={t('myGames.filter.label')}
          value={status}
          onChange={setStatus}
          data={STATUS_FILTERS.map((filter) => ({ value: filter, label: t(`myGames.filter.${filter}`, { n: counts[filter] }) }))}
        />
        <SearchInput
          label={t('myGames.search.label')}
          placeholder={t('myGames.search.placeholder')}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          style={{ flex: '1 1 14rem', minWidth: 0 }}
        />
      </Group>
      {counts.pending > 0 && (
        <Text size="sm" c="dimmed" data-testid="pending-note">
          {t('myGames.filter.pendingNote', { n: counts.pending })}
        </Text>
      )}
      {actions.failure && <ActionError>{actions.failure}</ActionError>}
      <PagedTable<MyGame> label={t('myGames.table.label')} records={records} columns={columns} paging={paging} noRecordsText={t('myGames.table.noMatch')} pinLastColumn />
      <GameCodeModal code={actions.shownCode?.code ?? null} gameName={actions.shownCode ? nameOf(actions.shownCode.game) : ''} onClose={actions.closeCode} />
      <Modal
        opened={confirmDuplicate !== null}
        onClose={() => setConfirmDuplicate(null)}
        title={t('myGames.duplicate.title')}
        centered
        closeButtonProps={{ 'aria-label': t('studio.close') }}
      >
        <Stack gap="md">
          <Text>{t('myGames.duplicate.question')}</Text>
          <Text fw={700} dir="auto">
            {confirmDuplicate ? nameOf(confirmDuplicate) : ''}
          </Text>
          <Text size="sm" c="dimmed">
            {t('myGames.duplicate.explain')}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirmDuplicate(null)}>
              {t('studio.cancel')}
            </Button>
            <Button
              onClick={() => {
                if (confirmDuplicate) actions.duplicate.mutate(confirmDuplicate);
                setConfirmDuplicate(null);
              }}
            >
              {t('myGames.duplicate.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
