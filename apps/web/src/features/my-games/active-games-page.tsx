import '../../ui/studio/data-table-styles.ts';
import { useState, type FormEvent } from 'react';
import { Box, Button, Group, Loader, LoadingOverlay, Radio, Stack, Text, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PROGRESS_TYPES, type ActivePlay, type MyGame, type ProgressType } from '@streethunt/shared';
import { useLogOutOnUnauthorized } from '../../api/use-require-login.ts';
import { myGamesApi, myGamesKeys } from './api.ts';
import { OVERLAY_MAX_MS } from './constants.ts';
import { formatDateTime } from '../../ui/studio/format-time.ts';
import { GamePicker } from './game-picker.tsx';
import { PagedTable } from '../../ui/paged-table/paged-table.tsx';
import { useClientPaging } from '../../ui/paged-table/use-client-paging.ts';
import { playCounts } from './play-counts.ts';
import { PendingPhotos } from './pending-photos.tsx';
import { PlayDetailsModal } from './play-details-modal.tsx';
import { QuestionStatsTable } from './question-stats-table.tsx';
import { LoadError, StudioPage } from '../../ui/studio/studio-page.tsx';
import { WithMyGames } from './with-my-games.tsx';
import { useCappedOverlay } from './use-capped-overlay.ts';

const isProgressType = (value: string | null): value is ProgressType => PROGRESS_TYPES.includes(value as ProgressType);

/**
 * `/my-active-games`: the plays of one of my games, filtered by progress (spec section 2, 'Active
 * games'). The search is kept in the address (`?gameId=&progressType=`), so a reload
 * or the back button shows the same plays.
 */
function ActiveGamesPage() {
  const { t } = useTranslation('studio');
  const [params] = useSearchParams();
  const progressType = params.get('progressType');
  const searched = { gameId: params.get('gameId') || null, progressType: isProgressType(progressType) ? progressType : 'all' };

  return (
    <StudioPage title={t('myActiveGames.title')} testId="active-games-page">
      <PendingPhotos gameId={searched.gameId} />
      <WithMyGames>{(games) => <ActiveGames games={games} searched={searched} />}</WithMyGames>
    </StudioPage>
  );
}

type Search = { gameId: string | null; progressType: ProgressType };

function ActiveGames({ games, searched }: { games: readonly MyGame[]; searched: Search }) {
  const { t } = useTranslation('studio');
  const [, setParams] = useSearchParams();
  const [progressType, setProgressType] = useState<ProgressType>(searched.progressType);
  const [gameId, setGameId] = useState<string | null>(searched.gameId);
  const [missingGame, setMissingGame] = useState(false);

  const plays = useQuery({
    queryKey: myGamesKeys.activeGames(searched.gameId ?? '', searched.progressType),
    queryFn: ({ signal }) => myGamesApi.activeGames(searched.gameId ?? '', searched.progressType, signal),
    enabled: searched.gameId !== null,
  });
  useLogOutOnUnauthorized(plays.error);
  const overlay = useCappedOverlay(plays.isFetching, OVERLAY_MAX_MS);

  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!gameId) {
      setMissingGame(true);
      return;
    }
    // The same search again asks the server again: plays move on while the creator watches.
    if (gameId === searched.gameId && progressType === searched.progressType) void plays.refetch();
    else setParams({ gameId, progressType }, { replace: true });
  };

  return (
    <Stack gap="lg">
      <form onSubmit={search} aria-label={t('myActiveGames.form.label')}>
        <Stack gap="md">
          <Radio.Group label={t('myActiveGames.form.progress')} value={progressType} onChange={(value) => setProgressType(value as ProgressType)}>
            <Group gap="md" mt={6}>
              {PROGRESS_TYPES.map((type) => (
                <Radio key={type} value={type} label={t(`myActiveGames.progress.${type}`)} />
              ))}
            </Group>
          </Radio.Group>
          <Group align="flex-end" gap="md" wrap="wrap">
            <GamePicker
              inRow
              games={games}
              value={gameId}
              onChange={(id) => {
                setGameId(id);
                setMissingGame(false);
              }}
              error={missingGame ? t('myActiveGames.form.pickGame') : undefined}
            />
            <Button type="submit" leftSection={<IconSearch size={18} aria-hidden />}>
              {t('myActiveGames.form.search')}
            </Button>
          </Group>
        </Stack>
      </form>
      <Box pos="relative" mih={searched.gameId ? 160 : undefined} data-testid="active-games-results">
        <LoadingOverlay visible={overlay} zIndex={2} overlayProps={{ blur: 1 }} loaderProps={{ 'aria-label': t('myActiveGames.loading') }} />
        {plays.isFetching && !overlay && (
          <Group gap="xs" mb="sm" role="status" data-testid="still-loading">
            <Loader size="xs" aria-hidden />
            <Text size="sm">{t('myActiveGames.stillLoading')}</Text>
          </Group>
        )}
        {searched.gameId === null ? (
          <Text c="dimmed">{t('myActiveGames.pickFirst')}</Text>
        ) : plays.isError ? (
          <LoadError title={t('myActiveGames.loadFailed')} error={plays.error} onRetry={() => void plays.refetch()} retrying={plays.isFetching} />
        ) : plays.data ? (
          <Stack gap="lg">
            <PlaysTable plays={plays.data.data} />
            <Stack gap="sm">
              <Title order={2} size="h4">
                {t('myActiveGames.stats.title')}
              </Title>
              {/* The bars are shares of the plays begun: a code nobody played reached nothing. */}
              <QuestionStatsTable stats={plays.data.questions} plays={plays.data.data.filter((play) => play.startTime !== null).length} />
            </Stack>
          </Stack>
        ) : null}
      </Box>
    </Stack>
  );
}

function PlaysTable({ plays }: { plays: readonly ActivePlay[] }) {
  const { t, i18n } = useTranslation('studio');
  const [details, setDetails] = useState<ActivePlay | null>(null);
  const { records, paging } = useClientPaging(plays);
  const when = (iso: string | null) => (iso ? <time dateTime={iso}>{formatDateTime(iso, i18n.language)}</time> : '—');

  const columns: DataTableColumn<ActivePlay>[] = [
    {
      accessor: 'game_secret',
      title: t('myActiveGames.table.code'),
      render: (play) => (
        <Text size="sm" ff="monospace" dir="ltr" span>
          {play.game_secret}
        </Text>
      ),
    },
    { accessor: 'startTime', title: t('myActiveGames.table.started'), noWrap: true, render: (play) => when(play.startTime) },
    { accessor: 'endTime', title: t('myActiveGames.table.ended'), noWrap: true, render: (play) => when(play.endTime) },
    { accessor: 'lastUpdate', title: t('myActiveGames.table.lastUpdate'), noWrap: true, render: (play) => when(play.lastUpdate) },
    { accessor: 'answered', title: t('myActiveGames.table.answered'), render: (play) => playCounts(play).answered },
    { accessor: 'hints', title: t('myActiveGames.table.hints'), render: (play) => playCounts(play).hintsOpened },
    { accessor: 'score', title: t('myActiveGames.table.score') },
    { accessor: 'payment.name', title: t('myActiveGames.table.buyer'), render: (play) => <span dir="auto">{play.payment?.name ?? ''}</span> },
    {
      accessor: 'details',
      title: t('myActiveGames.table.details'),
      render: (play) => (
        <Button size="compact-sm" variant="light" onClick={() => setDetails(play)} aria-label={t('myActiveGames.table.detailsOf', { code: play.game_secret })}>
          {t('myActiveGames.table.details')}
        </Button>
      ),
    },
  ];

  return (
    <>
      <PagedTable<ActivePlay> label={t('myActiveGames.table.label')} records={records} columns={columns} paging={paging} noRecordsText={t('myActiveGames.table.none')} />
      <PlayDetailsModal play={details} onClose={() => setDetails(null)} />
    </>
  );
}

export { ActiveGamesPage as Component };
