import { Button, Group } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { EventSummary } from '@streethunt/shared';
import { errorText, isUnauthorized } from '../../ui/studio/errors.ts';
import { notify } from '../../ui/studio/notify.ts';
import { ActionError } from '../../ui/studio/studio-page.tsx';
import { eventsApi } from './api.ts';

/** The extra times an organiser is offered: enough for a late group, never the event's whole length again. */
const EXTRA_MINUTES = [5, 15, 30] as const;

type Props = { event: EventSummary; onExtended(event: EventSummary): void; onUnauthorized(error: unknown): void };

/** More time for every team, a few minutes at a time (nothing is lost by it, so no question is asked). */
export function ExtendTime({ event, onExtended, onUnauthorized }: Props) {
  const { t } = useTranslation('studio');
  const extend = useMutation({
    mutationFn: (minutes: number) => eventsApi.extend(event.id, minutes),
    onSuccess: (extended, minutes) => {
      onExtended(extended);
      notify(t, 'teal', t('events.extend.done', { minutes }));
    },
    onError: onUnauthorized,
  });
  return (
    <Group gap="xs" role="group" aria-label={t('events.extend.label')}>
      {EXTRA_MINUTES.map((minutes) => (
        <Button
          key={minutes}
          size="xs"
          variant="default"
          onClick={() => extend.mutate(minutes)}
          loading={extend.isPending && extend.variables === minutes}
          disabled={extend.isPending}
        >
          {t('events.extend.button', { minutes })}
        </Button>
      ))}
      {extend.isError && !isUnauthorized(extend.error) && <ActionError>{t('events.extend.failed', { reason: errorText(extend.error, t) })}</ActionError>}
    </Group>
  );
}
