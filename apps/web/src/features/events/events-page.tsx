import { Button, Card, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLogOutOnUnauthorized } from '../../api/use-require-login.ts';
import { LoadError, StudioLoader, StudioPage, useCreatorSession } from '../../ui/studio/studio-page.tsx';
import { eventsApi, eventsKeys } from './api.ts';
import { EventsTable } from './events-table.tsx';

/** `/events`: the organiser's live events, each leading to its control room, and a way to make one. */
function EventsPage() {
  const { t } = useTranslation('studio');
  const session = useCreatorSession();
  const events = useQuery({ queryKey: eventsKeys.list, queryFn: ({ signal }) => eventsApi.list(signal), enabled: session.status === 'in' });
  useLogOutOnUnauthorized(events.error);
  const empty = events.isSuccess && events.data.length === 0;

  const createButton = (
    <Button component={Link} to="/events/new" leftSection={<IconPlus size={18} aria-hidden />} style={{ alignSelf: 'flex-start' }}>
      {t('events.create')}
    </Button>
  );

  return (
    <StudioPage title={t('events.title')} testId="events-page" actions={empty ? undefined : createButton}>
      {session.status !== 'in' || events.isPending ? (
        <StudioLoader label={t('events.loading')} />
      ) : events.isError ? (
        <LoadError title={t('events.loadFailed')} error={events.error} onRetry={() => void events.refetch()} retrying={events.isFetching} />
      ) : empty ? (
        <Card withBorder padding="lg" data-testid="events-empty">
          <Stack gap="sm" align="flex-start">
            <Text size="lg" fw={600}>
              {t('events.empty.title')}
            </Text>
            <Text>{t('events.empty.text')}</Text>
            {createButton}
          </Stack>
        </Card>
      ) : (
        <EventsTable events={events.data} />
      )}
    </StudioPage>
  );
}

export { EventsPage as Component };
