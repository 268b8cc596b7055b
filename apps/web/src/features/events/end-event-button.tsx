import { useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconPlayerStop } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { EventSummary } from '@streethunt/shared';
import { errorText, isUnauthorized } from '../../ui/studio/errors.ts';
import { notify } from '../../ui/studio/notify.ts';
import { ActionError } from '../../ui/studio/studio-page.tsx';
import { eventsApi } from './api.ts';

type Props = {
  event: EventSummary;
  onEnded(event: EventSummary): void;
  onUnauthorized(error: unknown): void;
};

/** Ends the event early, after asking: it cannot be undone, and every team's phone moves to the final ranking. */
export function EndEventButton({ event, onEnded, onUnauthorized }: Props) {
  const { t } = useTranslation('studio');
  const [asking, setAsking] = useState(false);
  const end = useMutation({
    mutationFn: () => eventsApi.end(event.id),
    onSuccess: (ended) => {
      setAsking(false);
      onEnded(ended);
      notify(t, 'teal', t('events.end.done'));
    },
    onError: (error) => {
      setAsking(false);
      onUnauthorized(error);
    },
  });

  return (
    <Stack gap="xs" align="flex-start">
      <Button
        color="red"
        variant="light"
        leftSection={<IconPlayerStop size={18} aria-hidden />}
        onClick={() => {
          end.reset();
          setAsking(true);
        }}
        loading={end.isPending}
      >
        {t('events.end.button')}
      </Button>
      {end.isError && !isUnauthorized(end.error) && <ActionError>{t('events.end.failed', { reason: errorText(end.error, t) })}</ActionError>}
      <Modal opened={asking} onClose={() => setAsking(false)} title={t('events.end.title')} centered closeButtonProps={{ 'aria-label': t('studio.close') }}>
        <Stack gap="md">
          <Text fw={700} dir="auto">
            {event.name}
          </Text>
          <Text>{t('events.end.text')}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setAsking(false)} disabled={end.isPending}>
              {t('studio.cancel')}
            </Button>
            <Button color="red" onClick={() => end.mutate()} loading={end.isPending}>
              {t('events.end.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
