import type { ReactNode } from 'react';
import { Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { EventSummary } from '@streethunt/shared';
import { formatDateTime } from '../../ui/studio/format-time.ts';
import { eventPhase } from './event-phase.ts';
import { LiveStatus } from './live-status.tsx';
import { PhaseBadge } from './phase-badge.tsx';
import type { LiveState } from './use-control-room.ts';

type Props = {
  event: EventSummary;
  live: LiveState;
  now: number;
  /** The controls of the event's time (more time, end it now), while it has not ended. */
  endControl: ReactNode;
};

/** The event at a glance: its game, when it starts and ends (or ended), whether it is on, and whether the room is live. */
export function EventOverview({ event, live, now, endControl }: Props) {
  const { t, i18n } = useTranslation('studio');
  const phase = eventPhase(event, now);
  const fact = (label: string, value: ReactNode, testId: string) => (
    <Stack gap={0} data-testid={testId}>
      <Text size="xs" c="dimmed" fw={600} component="dt">
        {label}
      </Text>
      <Text size="sm" component="dd" m={0}>
        {value}
      </Text>
    </Stack>
  );
  return (
    <Card withBorder padding="md" radius="md" component="section" aria-label={t('events.room.details')}>
      <Stack gap="sm">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Group gap="sm" wrap="wrap">
            <PhaseBadge phase={phase} />
            <LiveStatus state={live} />
          </Group>
          {phase !== 'ended' && (
            <Group gap="sm" wrap="wrap" align="flex-start">
              {endControl}
            </Group>
          )}
        </Group>
        <SimpleGrid component="dl" cols={{ base: 2, sm: 4 }} spacing="sm" m={0}>
          {fact(t('events.room.game'), <bdi dir="auto">{event.gameName}</bdi>, 'event-game')}
          {fact(t('events.room.startsAt'), formatDateTime(event.startsAt, i18n.language), 'event-starts')}
          {event.endedAt
            ? fact(t('events.room.endedAt'), formatDateTime(event.endedAt, i18n.language), 'event-ended')
            : fact(t('events.room.endsAt'), formatDateTime(event.endsAt, i18n.language), 'event-ends')}
          {fact(t('events.room.teamCount'), event.teamCount, 'event-teams')}
          {event.timeLimitMinutes !== null && fact(t('events.room.timeLimit'), t('events.room.minutes', { count: event.timeLimitMinutes }), 'event-time-limit')}
        </SimpleGrid>
      </Stack>
    </Card>
  );
}
