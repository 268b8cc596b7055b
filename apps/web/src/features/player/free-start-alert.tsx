import { Alert } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CodeResult } from './play-session.ts';

/** Why a free game did not start: no network, too many starts from this address, or a server error. */
export function FreeStartAlert({ result }: { result: CodeResult | null }) {
  const { t } = useTranslation();
  if (result === 'network') {
    return (
      <Alert color="orange" icon={<IconWifiOff aria-hidden />} data-testid="free-start-error" data-reason="network">
        {t('player.free.offline')}
      </Alert>
    );
  }
  if (result === 'rate_limited') {
    return (
      <Alert color="orange" data-testid="free-start-error" data-reason="rate_limited">
        {t('player.free.rateLimited')}
      </Alert>
    );
  }
  if (result === 'error') {
    return (
      <Alert color="red" data-testid="free-start-error" data-reason="error">
        {t('player.errors.generic')}
      </Alert>
    );
  }
  return null;
}
