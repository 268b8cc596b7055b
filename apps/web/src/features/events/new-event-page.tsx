import { Anchor, Card, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useLogOutOnUnauthorized } from '../../api/use-require-login.ts';
import { LoadError, StudioLoader, StudioPage, useCreatorSession } from '../../ui/studio/studio-page.tsx';
import { eventsApi, eventsKeys } from './api.ts';
import { NewEventForm } from './new-event-form.tsx';

/** `/events/new?gameId=`: a new live event of one of the caller's approved games (the one in the address, if it is one). */
function NewEventPage() {
  const { t } = useTranslation('studio');
  const session = useCreatorSession();
  const [params] = useSearchParams();
  const games = useQuery({ queryKey: eventsKeys.approvedGames, queryFn: ({ signal }) => eventsApi.approvedGames(signal), enabled: session.status === 'in' });
  useLogOutOnUnauthorized(games.error);

  return (
    <StudioPage title={t('events.new.title')} testId="new-event-page">
      {session.status !== 'in' || games.isPending ? (
        <StudioLoader label={t('events.new.loadingGames')} />
      ) : games.isError ? (
        <LoadError title={t('events.new.gamesFailed')} error={games.error} onRetry={() => void games.refetch()} retrying={games.isFetching} />
      ) : games.data.length === 0 ? (
        <Card withBorder padding="lg" data-testid="no-approved-games">
          <Stack gap="sm" align="flex-start">
            <Text size="lg" fw={600}>
              {t('events.new.noGames.title')}
            </Text>
            <Text>{t('events.new.noGames.text')}</Text>
            <Anchor component={Link} to="/my-games">
              {t('events.new.noGames.link')}
            </Anchor>
          </Stack>
        </Card>
      ) : (
        <NewEventForm games={games.data} linkedGameId={params.get('gameId')} onUnauthorized={session.endOnUnauthorized} />
      )}
    </StudioPage>
  );
}

export { NewEventPage as Component };
