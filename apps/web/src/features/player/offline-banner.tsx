import { Alert } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Says the phone is offline and that the play is kept and will be sent. */
export function OfflineBanner({ offline, pending }: { offline: boolean; pending: number }) {
  const { t } = useTranslation();
  return (
    // Always mounted, so screen readers announce the banner when it appears.
    <div role="status">
      {offline && (
        <Alert
          color="orange"
          variant="light"
          icon={<IconWifiOff aria-hidden />}
          data-testid="offline-banner"
          mb="sm"
          styles={{ root: { border: '2px solid var(--mantine-color-orange-6)' }, message: { color: 'var(--mantine-color-text)', fontWeight: 600 } }}
        >
          {t('player.offline.text')}
          {pending > 0 && ` ${t('player.offline.pending', { count: pending })}`}
        </Alert>
      )}
    </div>
  );
}
