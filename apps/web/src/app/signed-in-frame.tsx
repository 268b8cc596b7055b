import { Stack, Text } from '@mantine/core';
import { IconUserCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * The menu's 'signed in as' line; `name` null while it loads ('…'). The same box before and after, so
 * the menu's items never move under a finger about to tap one.
 */
export function SignedInFrame({ name }: { name: string | null }) {
  const { t } = useTranslation();
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
