import { useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { EventTeam } from '@streethunt/shared';
import { errorText, isUnauthorized } from '../../ui/studio/errors.ts';
import { notify } from '../../ui/studio/notify.ts';
import { ActionError } from '../../ui/studio/studio-page.tsx';
import { eventsApi } from './api.ts';
import { useTeamNames } from './team-names.ts';

type Props = { eventId: string; team: EventTeam; onDisqualified(team: EventTeam): void; onUnauthorized(error: unknown): void };

/** Disqualifies a team after asking: it cannot be undone, the team's play stops and it leaves the ranking. */
export function DisqualifyButton({ eventId, team, onDisqualified, onUnauthorized }: Props) {
  const { t } = useTranslation('studio');
  const [asking, setAsking] = useState(false);
  const name = useTeamNames()(team);
  const disqualify = useMutation({
    mutationFn: () => eventsApi.disqualify(eventId, team.id),
    onSuccess: (changed) => {
      setAsking(false);
      onDisqualified(changed);
      notify(t, 'teal', t('events.disqualify.done', { team: name }));
    },
    onError: (error) => {
      setAsking(false);
      onUnauthorized(error);
    },
  });
  return (
    <>
      <Button size="compact-xs" color="red" variant="subtle" onClick={() => setAsking(true)} aria-label={t('events.disqualify.buttonFor', { team: name })}>
        {t('events.disqualify.button')}
      </Button>
      {disqualify.isError && !isUnauthorized(disqualify.error) && <ActionError>{t('events.disqualify.failed', { reason: errorText(disqualify.error, t) })}</ActionError>}
      <Modal opened={asking} onClose={() => setAsking(false)} title={t('events.disqualify.title')} centered closeButtonProps={{ 'aria-label': t('studio.close') }}>
        <Stack gap="md">
          <Text fw={700} dir="auto">
            {name}
          </Text>
          <Text>{t('events.disqualify.text')}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setAsking(false)} disabled={disqualify.isPending}>
              {t('studio.cancel')}
            </Button>
            <Button color="red" onClick={() => disqualify.mutate()} loading={disqualify.isPending}>
              {t('events.disqualify.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
