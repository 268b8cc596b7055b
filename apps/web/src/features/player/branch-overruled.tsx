import { Alert, Button } from '@mantine/core';
import { IconArrowFork } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { usePlay } from './play-context.tsx';

/**
 * The server took another option at a fork than this phone did (another phone of the team answered
 * first, or this one was offline): the game follows the server's, and the team is told why its screen moved.
 */
export function BranchOverruled() {
  const { t } = useTranslation();
  const { session, snapshot } = usePlay();
  if (snapshot.overruled === null) return null;
  return (
    <Alert color="orange" variant="light" icon={<IconArrowFork aria-hidden />} role="status" data-testid="flow-overruled">
      {t('player.flow.overruled', { n: snapshot.overruled + 1 })}{' '}
      <Button variant="subtle" size="compact-sm" onClick={() => session.dismissOverruled()}>
        {t('player.flow.overruledOk')}
      </Button>
    </Alert>
  );
}
