import { useEffect } from 'react';
import { Burger, Button, Divider, Drawer, NavLink as MantineNavLink, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { useSession } from '../api/session.tsx';

type Item = { to: string; label: string };

/** The menu of spec section 2: logged-in, admin-only and logged-out items, language, about, terms. */
export function Menu() {
  const { t, i18n } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure(false);
  const location = useLocation();
  const { status, isAdmin } = useSession();

  // Closes on every route change.
  useEffect(close, [location.pathname, location.search, close]);

  const userItems: Item[] = [
    { to: '/my-games', label: t('menu.myGames') },
    { to: '/my-active-games', label: t('menu.activeGames') },
    { to: '/my-games/feedbacks', label: t('menu.feedbacks') },
    { to: '/update-profile', label: t('menu.updateProfile') },
    { to: '/update-payment-details', label: t('menu.paymentDetails') },
    { to: '/reports', label: t('menu.reports') },
    { to: '/logout', label: t('menu.logout') },
  ];
  const adminItems: Item[] = [
    { to: '/admin-users', label: t('menu.adminUsers') },
    { to: '/admin-pending-games', label: t('menu.adminPendingGames') },
    { to: '/admin-generate-codes', label: t('menu.adminGenerateCodes') },
  ];
  const other = i18n.language === 'he' ? 'en' : 'he';

  return (
    <>
      <Burger opened={opened} onClick={toggle} size="sm" aria-label={opened ? t('menu.close') : t('menu.open')} aria-expanded={opened} />
      <Drawer
        opened={opened}
        onClose={close}
        title={t('menu.title')}
        // Mantine mirrors this in RTL, so the drawer always opens on the toggle's side (inline end).
        position="right"
        size="xs"
        closeButtonProps={{ 'aria-label': t('menu.close') }}
      >
        <Stack gap={2} component="nav" aria-label={t('menu.title')} data-testid="menu">
          {status === 'in' ? userItems.map((item) => <MenuLink key={item.to} {...item} />) : <MenuLink to={`/login`} label={t('menu.login')} />}
          {status === 'in' && isAdmin && (
            <>
              <Divider my="xs" />
              <Text size="xs" c="dimmed" fw={700} px="sm">
                {t('menu.adminSection')}
              </Text>
              {adminItems.map((item) => (
                <MenuLink key={item.to} {...item} />
              ))}
            </>
          )}
          <Divider my="xs" />
          <Button
            variant="light"
            onClick={() => void i18n.changeLanguage(other)}
            aria-label={t('menu.switchLanguageLabel', { language: other === 'en' ? 'English' : 'עברית' })}
            lang={other}
            data-testid="language-switch"
          >
            {other === 'en' ? t('menu.switchToEnglish') : t('menu.switchToHebrew')}
          </Button>
          <MenuLink to="/about" label={t('menu.about')} />
          <MenuLink to="/terms" label={t('menu.terms')} />
        </Stack>
      </Drawer>
    </>
  );
}

function MenuLink({ to, label }: Item) {
  return <MantineNavLink component={NavLink} to={to} label={label} />;
}
