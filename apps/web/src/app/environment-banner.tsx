import { Box, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AppEnv } from '@streethunt/shared';
import { usePublicConfig } from '../api/public-config.ts';
import { useRequestHost } from './request-host.tsx';

const colors: Record<AppEnv, { bg: string; fg: string }> = {
  production: { bg: '#c92a2a', fg: '#fff' },
  staging: { bg: '#e8590c', fg: '#000' },
  development: { bg: '#ffd43b', fg: '#000' },
};

/** Names the environment everywhere except on the production hosts themselves. */
export function shouldShowBanner(hostname: string, productionHosts: string[]): boolean {
  return !productionHosts.includes(hostname);
}

export function EnvironmentBanner() {
  const { t } = useTranslation();
  const { data } = usePublicConfig();
  const hostname = useRequestHost();
  if (!data || !shouldShowBanner(hostname, data.productionHosts)) return null;
  const { bg, fg } = colors[data.appEnv];
  return (
    <Box
      role="status"
      data-testid="environment-banner"
      data-env={data.appEnv}
      style={{ background: bg, color: fg, textAlign: 'center', paddingBlock: 2 }}
    >
      <Text size="xs" fw={700} c="inherit">
        {t('banner.label', { env: t(`banner.${data.appEnv}`) })}
      </Text>
    </Box>
  );
}
