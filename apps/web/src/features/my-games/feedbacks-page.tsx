import '../../ui/studio/data-table-styles.ts';
import { Card, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { CreatorFeedback } from '@streethunt/shared';
import { useLogOutOnUnauthorized } from '../../api/use-require-login.ts';
import { myGamesApi, myGamesKeys } from './api.ts';
import { RATINGS, feedbackAverages, flattenFeedbacks, type FeedbackAverages } from './feedback-stats.ts';
import { formatDateTime } from '../../ui/studio/format-time.ts';
import { GamePicker } from './game-picker.tsx';
import { PagedTable } from '../../ui/paged-table/paged-table.tsx';
import { useClientPaging } from '../../ui/paged-table/use-client-paging.ts';
import { RatingStars } from './rating-stars.tsx';
import { LoadError, StudioLoader, StudioPage } from '../../ui/studio/studio-page.tsx';
import { WithMyGames } from './with-my-games.tsx';

/**
 * `/my-games/feedbacks`: pick one of my games, then its players' feedbacks, newest first, with the
 * averages of the three ratings (spec section 2). The game is kept in `?gameId=`, so
 * a reload or a shared link shows the same game.
 */
function FeedbacksPage() {
  const { t } = useTranslation('studio');
  const [params, setParams] = useSearchParams();
  const gameId = params.get('gameId') || null;

  return (
    <StudioPage title={t('myFeedbacks.title')} testId="feedbacks-page">
      <WithMyGames>
        {(games) => (
          <Stack gap="lg">
            <GamePicker games={games} value={gameId} onChange={(id) => setParams(id ? { gameId: id } : {}, { replace: true })} />
            {gameId ? <GameFeedbacks gameId={gameId} /> : <Text c="dimmed">{t('myFeedbacks.pickFirst')}</Text>}
          </Stack>
        )}
      </WithMyGames>
    </StudioPage>
  );
}

function GameFeedbacks({ gameId }: { gameId: string }) {
  const { t, i18n } = useTranslation('studio');
  const feedbacks = useQuery({
    queryKey: myGamesKeys.feedbacks(gameId),
    queryFn: ({ signal }) => myGamesApi.feedbacks(gameId, signal),
    // Only the picked game's, whatever else the reply holds.
    select: (groups) => flattenFeedbacks(groups.filter((group) => group._id === gameId)),
  });
  useLogOutOnUnauthorized(feedbacks.error);
  const { records, paging } = useClientPaging(feedbacks.data ?? [], gameId);

  if (feedbacks.isPending) return <StudioLoader label={t('myFeedbacks.loading')} />;
  if (feedbacks.isError) {
    return <LoadError title={t('myFeedbacks.loadFailed')} error={feedbacks.error} onRetry={() => void feedbacks.refetch()} retrying={feedbacks.isFetching} />;
  }
  if (feedbacks.data.length === 0) {
    return (
      <Text data-testid="feedbacks-empty">{t('myFeedbacks.empty')}</Text>
    );
  }

  const ratingLabel = (rating: (typeof RATINGS)[number], value: number) => t('myFeedbacks.ratingLabel', { rating: t(`myFeedbacks.ratings.${rating}`), value });
  const columns: DataTableColumn<CreatorFeedback>[] = [
    // The player's own words first, where a phone shows them without scrolling; then when, and the stars.
    {
      accessor: 'openAnswer',
      title: t('myFeedbacks.table.comment'),
      render: (feedback) =>
        feedback.openAnswer.trim() ? (
          <Text size="sm" dir="auto" style={{ whiteSpace: 'pre-line', minWidth: '10rem' }}>
            {feedback.openAnswer}
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            {t('myFeedbacks.table.noComment')}
          </Text>
        ),
    },
    {
      accessor: 'update',
      title: t('myFeedbacks.table.date'),
      noWrap: true,
      render: (feedback) => <time dateTime={feedback.update}>{formatDateTime(feedback.update, i18n.language)}</time>,
    },
    // The language the team played in (a game may be played in either of its languages); feedback sent before it was kept has none.
    {
      accessor: 'language',
      title: t('myFeedbacks.table.language'),
      noWrap: true,
      render: (feedback) => (feedback.language ? t(`myFeedbacks.table.languages.${feedback.language}`) : t('myFeedbacks.table.noLanguage')),
    },
    ...RATINGS.map(
      (rating): DataTableColumn<CreatorFeedback> => ({
        accessor: rating,
        title: t(`myFeedbacks.ratings.${rating}`),
        noWrap: true,
        render: (feedback) => <RatingStars value={feedback[rating]} label={ratingLabel(rating, feedback[rating])} />,
      }),
    ),
  ];

  return (
    <Stack gap="md">
      <Averages averages={feedbackAverages(feedbacks.data)} ratingLabel={ratingLabel} />
      <PagedTable<CreatorFeedback> label={t('myFeedbacks.table.label')} records={records} columns={columns} paging={paging} highlightOnHover={false} verticalAlign="top" />
    </Stack>
  );
}

function Averages({ averages, ratingLabel }: { averages: FeedbackAverages; ratingLabel(rating: (typeof RATINGS)[number], value: number): string }) {
  const { t } = useTranslation('studio');
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" data-testid="feedback-averages">
      <Card withBorder padding="sm">
        <Text size="sm" c="dimmed">
          {t('myFeedbacks.count')}
        </Text>
        <Text fz="xl" fw={700} data-testid="feedback-count">
          {averages.count}
        </Text>
      </Card>
      {RATINGS.map((rating) => (
        <Card key={rating} withBorder padding="sm" data-testid={`average-${rating}`}>
          <Text size="sm" c="dimmed">
            {t('myFeedbacks.average', { rating: t(`myFeedbacks.ratings.${rating}`) })}
          </Text>
          {averages[rating] !== null && <RatingStars value={averages[rating]} label={ratingLabel(rating, averages[rating])} />}
        </Card>
      ))}
    </SimpleGrid>
  );
}

export { FeedbacksPage as Component };
