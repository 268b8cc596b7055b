import { Alert, Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { primeSounds } from '../../../ui/sounds.ts';
import { usePlay } from '../play-context.tsx';
import { usePlayFlow } from '../use-play-flow.ts';
import { useTeamEventState } from '../use-team-event-state.ts';
import type { FollowedEvent } from './team-event-store.ts';
import { EventMessages } from './event-messages.tsx';
import { MessageAlert } from './message-alert.tsx';
import { PositionNote } from './position-note.tsx';
import { RankingButton } from './ranking-button.tsx';
import { useSendPosition } from './use-send-position.ts';
import { TimeWarning, useDueWarning } from './time-warning.tsx';

/**
 * An event team's line above every page of the player: on the intro what the organiser sees of the
 * team, the organiser's unread messages, the warnings that its time runs out, and the ways to all
 * messages and to the ranking so far.
 * While the team plays the event, it sends the team's position. Nothing for an ordinary code.
 */
export function EventBar({ event }: { event: FollowedEvent }) {
  const { t } = useTranslation();
  const { session, snapshot, page } = usePlay();
  const flow = usePlayFlow();
  const state = useTeamEventState(event);
  const view = state?.view ?? null;
  const progress = snapshot.progress;
  const playing = Boolean(progress?.startTime && !progress.endTime && !flow.over);
  const live = Boolean(view && !view.endedAt);
  useSendPosition(session, playing && live, view);
  // The later of the team's start and the event's: the time it had to play, for the warnings.
  const startedAt = progress?.startTime && view ? (Date.parse(progress.startTime) > Date.parse(view.startsAt) ? progress.startTime : view.startsAt) : null;
  const due = useDueWarning(playing && live, view?.endsAt ?? '', startedAt);
  const warning = due && view && !event.store.warningRead(`${view.endsAt}:${due}`) ? due : null;

  if (!state || !view) return null;
  const ranking = playing && live && view.leaderboard;
  const note = page === 'intro';
  if (!note && !view.disqualified && state.unread.length === 0 && view.messages.length === 0 && !ranking && !warning) return null;
  return (
    <>
      {/* Beside the bar, not in it: it stays in view over the whole page while it scrolls. */}
      {state.unread.length > 0 && (
        <MessageAlert
          messages={state.unread}
          onDismiss={() => {
            // A tap lets the audio start, so the next message can ring on phones that need one.
            primeSounds();
            event.store.dismissMessages();
          }}
        />
      )}
      <Stack gap="sm" mb="md" data-testid="event-bar">
        {note && <PositionNote eventName={view.eventName} />}
        {view.disqualified && <Alert color="red">{t('player.event.disqualified')}</Alert>}
        {warning && <TimeWarning id={`${view.endsAt}:${warning}`} level={warning} onRead={() => event.store.readWarning(`${view.endsAt}:${warning}`)} />}
        {(view.messages.length > 0 || ranking) && (
          <Group gap="xs">
            {view.messages.length > 0 && <EventMessages messages={view.messages} />}
            {ranking && <RankingButton rows={ranking} teamId={view.teamId} onOpen={() => void event.store.read()} />}
          </Group>
        )}
      </Stack>
    </>
  );
}
