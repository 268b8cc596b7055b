import { Alert, Anchor, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { ControlRoom } from '@streethunt/shared';
import { ApiError } from '../../api/client.ts';
import { useLogOutOnUnauthorized } from '../../api/use-require-login.ts';
import { useNow } from '../../ui/game/use-now.ts';
import { LoadError, StudioLoader, StudioPage, useCreatorSession } from '../../ui/studio/studio-page.tsx';
import { eventsKeys } from './api.ts';
import { applyEventSummary, applyFeedItem, applyTeamChange } from './control-room-updates.ts';
import { EndEventButton } from './end-event-button.tsx';
import { EventOverview } from './event-overview.tsx';
import { ExtendTime } from './extend-time.tsx';
import { Leaderboard } from './leaderboard.tsx';
import { LazyTeamsMap } from './lazy-teams-map.tsx';
import { LiveFeed } from './live-feed.tsx';
import { MessageForm } from './message-form.tsx';
import { PhotosPanel } from './photos-panel.tsx';
import { TeamCodes } from './team-codes.tsx';
import { TeamsTable } from './teams-table.tsx';
import { useControlRoom, type LiveState } from './use-control-room.ts';

/** Positions age, and events start and end, while the organiser watches: the room's clock ticks this often. */
const CLOCK_TICK_MS = 10_000;

/** `/events/{eventId}`: the organiser's control room of one live event. */
function ControlRoomPage() {
  const { eventId = '' } = useParams();
  const { t } = useTranslation('studio');
  const session = useCreatorSession();
  const { room, live } = useControlRoom(eventId, session.status === 'in');
  useLogOutOnUnauthorized(room.error);

  // A failed read again (after a reconnection) keeps what the room shows.
  return (
    <StudioPage title={room.data?.event.name ?? t('events.room.title')} testId="control-room" size="xl">
      {room.data ? (
        <RoomView room={room.data} live={live} onUnauthorized={session.endOnUnauthorized} />
      ) : room.isError ? (
        <RoomLoadError error={room.error} onRetry={() => void room.refetch()} retrying={room.isFetching} />
      ) : (
        <StudioLoader label={t('events.room.loading')} />
      )}
    </StudioPage>
  );
}

/** Not the organiser's event, or no such event, said as such; anything else can be tried again. */
function RoomLoadError({ error, onRetry, retrying }: { error: unknown; onRetry(): void; retrying: boolean }) {
  const { t } = useTranslation('studio');
  const refused = error instanceof ApiError && (error.status === 403 || error.status === 404);
  if (!refused) return <LoadError title={t('events.room.loadFailed')} error={error} onRetry={onRetry} retrying={retrying} />;
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} data-testid="room-refused">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{t(error.status === 403 ? 'events.room.forbidden' : 'events.room.notFound')}</Text>
        <Anchor component={Link} to="/events" size="sm">
          {t('events.room.toEvents')}
        </Anchor>
      </Stack>
    </Alert>
  );
}

function RoomView({ room, live, onUnauthorized }: { room: ControlRoom; live: LiveState; onUnauthorized(error: unknown): void }) {
  const queryClient = useQueryClient();
  const now = useNow(true, CLOCK_TICK_MS);
  const { event, teams, feed } = room;
  const update = (change: (current: ControlRoom) => ControlRoom) =>
    queryClient.setQueryData<ControlRoom>(eventsKeys.controlRoom(event.id), (current) => (current ? change(current) : current));
  const ended = event.endedAt !== null || Date.parse(event.endsAt) <= now;

  return (
    <Stack gap="md">
      <EventOverview
        event={event}
        live={live}
        now={now}
        endControl={
          <>
          <ExtendTime event={event} onUnauthorized={onUnauthorized} onExtended={(summary) => update((current) => applyEventSummary(current, summary))} />
          <EndEventButton
            event={event}
            onUnauthorized={onUnauthorized}
            onEnded={(summary) => {
              update((current) => applyEventSummary(current, summary));
              void queryClient.invalidateQueries({ queryKey: eventsKeys.list });
            }}
          />
          </>
        }
      />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <LazyTeamsMap teams={teams} />
        <Leaderboard teams={teams} shownToTeams={event.showLeaderboard} />
        <LiveFeed feed={feed} teams={teams} />
        {!ended && <MessageForm eventId={event.id} teams={teams} onUnauthorized={onUnauthorized} onSent={(item) => update((current) => applyFeedItem(current, item))} />}
      </SimpleGrid>
      <TeamsTable
        eventId={event.id}
        eventName={event.name}
        teams={teams}
        hintCounts={room.hintCounts}
        questionIds={room.questionIds}
        now={now}
        running={!ended}
        onUnauthorized={onUnauthorized}
        onTeam={(team) => update((current) => applyTeamChange(current, team))}
      />
      {room.hasPhotoTasks !== false && <PhotosPanel eventId={event.id} eventName={event.name} feed={feed} onUnauthorized={onUnauthorized} />}
      <TeamCodes event={event} teams={teams} />
    </Stack>
  );
}

export { ControlRoomPage as Component };
