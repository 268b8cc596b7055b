import { useState } from 'react';
import { Button, Stack } from '@mantine/core';
import { IconPlayerStop } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { EventSummary } from '@streethunt/shared';
import { errorText, isUnauthorized } from '../../ui/studio/errors.ts';
import { notify } from '../../ui/studio/notify.ts';
import { ActionError } from '../../ui/studio/studio-page.tsx';
import { eventsApi } from './api.ts';
import { DangerDialog } from './danger-dialog.tsx';

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
      <DangerDialog
        opened={asking}
        title={t('events.end.title')}
        subject={event.name}
        text={t('events.end.text')}
        confirmLabel={t('events.end.confirm')}
        pending={end.isPending}
        onConfirm={() => end.mutate()}
        onClose={() => setAsking(false)}
      />
    </Stack>
  );
}
