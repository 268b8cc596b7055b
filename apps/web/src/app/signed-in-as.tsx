import { Stack, Text } from '@mantine/core';
import { IconUserCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSessionUserName } from '../api/session-user.ts';

/** Who is logged in: the first name (or the email), in its own direction. */
export default function SignedInAs() {
  const { t } = useTranslation();
  const name = useSessionUserName();
  return (
    <Stack gap={0} px="sm" pb="sm" mb="xs" data-testid="menu-user" style={{ borderBlockEnd: '1px solid var(--mantine-color-gray-3)' }}>
      <Text size="xs" c="dimmed">
        {t('menu.signedInAs')}
      </Text>
      <Text fw={700} size="sm" style={{ display: 'flex', alignItems: 'center', gap: 6, overflowWrap: 'anywhere' }}>
        <IconUserCircle size={18} aria-hidden style={{ flex: 'none' }} />
        <bdi dir="auto">{name ?? '…'}</bdi>
      </Text>
    </Stack>
  );
}

