import { useState } from 'react';
import { Button } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { EventTeam } from '@streethunt/shared';
import { errorText, isUnauthorized } from '../../ui/studio/errors.ts';
import { notify } from '../../ui/studio/notify.ts';
import { ActionError } from '../../ui/studio/studio-page.tsx';
import { eventsApi } from './api.ts';
import { DangerDialog } from './danger-dialog.tsx';
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
      <DangerDialog
        opened={asking}
        title={t('events.disqualify.title')}
        subject={name}
        text={t('events.disqualify.text')}
        confirmLabel={t('events.disqualify.confirm')}
        pending={disqualify.isPending}
        onConfirm={() => disqualify.mutate()}
        onClose={() => setAsking(false)}
      />
    </>
  );
}
