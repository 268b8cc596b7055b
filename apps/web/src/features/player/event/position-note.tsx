import { Alert } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Tells the team, before it plays, what the organiser sees of it: its position, during the event only. */
export function PositionNote({ eventName }: { eventName: string }) {
  const { t } = useTranslation();
  return (
    <Alert
      role="note"
      color="blue"
      variant="light"
      icon={<IconMapPin aria-hidden />}
      title={t('player.event.title', { name: eventName })}
      styles={{ message: { color: 'var(--mantine-color-text)' } }}
      data-testid="event-position-note"
    >
      {t('player.event.positionNote')}
    </Alert>
  );
}
