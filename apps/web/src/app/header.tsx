import { Anchor, Group, Text } from '@mantine/core';
import { IconHome, IconInfoCircle, IconMapSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HeaderTab } from '../ui/header-tab.tsx';
import { useHeaderSlotItems } from '../ui/header-slot.tsx';
import { Menu } from './menu.tsx';

/**
 * The logo, the page links (or a page's own items, see ui/header-slot) and the menu toggle. On a phone
 * the logo is its icon only and each item an icon over a short label, so the header fits 320 px.
 */
export function Header() {
  const { t } = useTranslation();
  const pageItems = useHeaderSlotItems();
  return (
    <Group
      component="header"
      justify="space-between"
      // With large text the items go under the logo rather than past the screen's edge.
      wrap="wrap"
      gap="xs"
      px="sm"
      py={4}
      style={{ borderBlockEnd: '1px solid var(--mantine-color-gray-3)', background: 'var(--mantine-color-body)' }}
    >
      <Anchor component={Link} to="/games" aria-label={t('header.logoLabel')} underline="never" c="teal.9" style={{ flex: 'none' }}>
        <Group gap={6} wrap="nowrap">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          <Text fw={800} size="lg" c="teal.9" visibleFrom="xs">
            {t('common.appName')}
          </Text>
        </Group>
      </Anchor>
      <Group component="nav" aria-label={t('header.mainNav')} gap={4} wrap="wrap" justify="flex-end" style={{ flex: '1 1 auto' }}>
        {pageItems ?? (
          <>
            <HeaderTab to="/home" icon={IconHome} label={t('header.home')} />
            <HeaderTab to="/games" icon={IconMapSearch} label={t('header.games')} />
            <HeaderTab to="/about" icon={IconInfoCircle} label={t('header.about')} />
          </>
        )}
        <Menu />
      </Group>
    </Group>
  );
}
