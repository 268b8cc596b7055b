import { Alert, Group, Stack } from '@mantine/core';
import { currentQuestionIndex } from '@streethunt/shared';
import { useTranslation } from 'react-i18next';
import { primeSounds } from '../../../ui/sounds.ts';
import { usePlay } from '../play-context.tsx';
import { useTeamEventState } from '../use-team-event-state.ts';
import type { FollowedEvent } from './team-event-store.ts';
import { EventMessages } from './event-messages.tsx';
import { MessageAlert } from './message-alert.tsx';
import { PositionNote } from './position-note.tsx';
import { RankingButton } from './ranking-button.tsx';
import { useSendPosition } from './use-send-position.ts';

/**
 * An event team's line above every page of the player: on the intro what the organiser sees of the
 * team, the organiser's unread messages, and the ways to all messages and to the ranking so far.
 * While the team plays the event, it sends the team's position. Nothing for an ordinary code.
 */
export function EventBar({ event }: { event: FollowedEvent }) {
  const { t } = useTranslation();
  const { session, snapshot, page } = usePlay();
  const state = useTeamEventState(event);
  const view = state?.view ?? null;
  const progress = snapshot.progress;
  const playing = Boolean(progress?.startTime && !progress.endTime && currentQuestionIndex(progress.questions) !== -1);
  const live = Boolean(view && !view.endedAt);
  useSendPosition(session, playing && live, view);

  if (!state || !view) return null;
  const ranking = playing && live && view.leaderboard;
  const note = page === 'intro';
  if (!note && !view.disqualified && state.unread.length === 0 && view.messages.length === 0 && !ranking) return null;
  return (
    <Stack gap="sm" mb="md" data-testid="event-bar">
      {note && <PositionNote eventName={view.eventName} />}
      {view.disqualified && <Alert color="red">{t('player.event.disqualified')}</Alert>}
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
      {(view.messages.length > 0 || ranking) && (
        <Group gap="xs">
          {view.messages.length > 0 && <EventMessages messages={view.messages} />}
          {ranking && <RankingButton rows={ranking} teamId={view.teamId} onOpen={() => void event.store.read()} />}
        </Group>
      )}
    </Stack>
  );
}
