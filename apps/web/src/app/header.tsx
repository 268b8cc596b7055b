import { Anchor, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { useHeaderSlotItems } from '../ui/header-slot.tsx';
import { Menu } from './menu.tsx';

/** The logo, the page links (or a page's own items, see ui/header-slot) and the menu toggle. */
export function Header() {
  const { t } = useTranslation();
  const pageItems = useHeaderSlotItems();
  return (
    <Group
      component="header"
      justify="space-between"
      wrap="nowrap"
      px="sm"
      py={6}
      style={{ borderBlockEnd: '1px solid var(--mantine-color-gray-3)', background: 'var(--mantine-color-body)' }}
    >
      <Anchor component={Link} to="/games" aria-label={t('header.logoLabel')} underline="never" c="teal.9">
        <Group gap={6} wrap="nowrap">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          <Text fw={800} size="lg" c="teal.9">
            {t('common.appName')}
          </Text>
        </Group>
      </Anchor>
      <Group component="nav" aria-label={t('header.mainNav')} gap="sm" wrap="nowrap">
        {pageItems ?? (
          <>
            <HeaderLink to="/home">{t('header.home')}</HeaderLink>
            <HeaderLink to="/games">{t('header.games')}</HeaderLink>
            <HeaderLink to="/about">{t('header.about')}</HeaderLink>
          </>
        )}
        <Menu />
      </Group>
    </Group>
  );
}

function HeaderLink({ to, children }: { to: string; children: string }) {
  return (
    <Anchor component={NavLink} to={to} size="sm" c="dark.7" fw={500}>
      {children}
    </Anchor>
  );
}
