import { Suspense, lazy } from 'react';
import { Divider, Drawer, NavLink as MantineNavLink, Stack, Text } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useSession } from '../api/session.tsx';
import { SignedInFrame } from './signed-in-frame.tsx';

type Item = { to: string; label: string };

/** Who is logged in: loaded when a logged-in user first opens the menu (it fetches the profile). */
const SignedInAs = lazy(() => import('./signed-in-as.tsx'));

/** Each language by its own name, as a language switch shows it: 'English' in the Hebrew menu, 'עברית' in the English one. */
const LANGUAGE_NAMES = { he: 'עברית', en: 'English' } as const;

/**
 * The menu's drawer (spec section 2): logged-in, admin-only and logged-out items, language, about,
 * terms, the accessibility statement. It loads on the first opening (menu.tsx), not with the page.
 */
export default function MenuDrawer({ opened, onClose }: { opened: boolean; onClose(): void }) {
  const { t, i18n } = useTranslation();
  const { status, isAdmin } = useSession();

  const userItems: Item[] = [
    { to: '/my-games', label: t('menu.myGames') },
    { to: '/my-active-games', label: t('menu.activeGames') },
    { to: '/events', label: t('menu.events') },
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
    { to: '/admin-payouts', label: t('menu.adminPayouts') },
    { to: '/admin-accessibility-reports', label: t('menu.adminAccessibilityReports') },
  ];
  const other = i18n.language === 'he' ? 'en' : 'he';
  const otherName = LANGUAGE_NAMES[other];

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      title={t('menu.title')}
      // Mantine mirrors this in RTL, so the drawer always opens on the toggle's side (inline end).
      position="right"
      size="xs"
      closeButtonProps={{ 'aria-label': t('menu.close') }}
    >
      {status === 'in' && (
        <Suspense fallback={<SignedInFrame name={null} />}>
          <SignedInAs />
        </Suspense>
      )}
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
        {/* An action, not a place: it looks like the other items and is never shown as selected. */}
        <MantineNavLink
          component="button"
          type="button"
          onClick={() => void i18n.changeLanguage(other)}
          aria-label={t('menu.switchLanguageLabel', { language: otherName })}
          leftSection={<IconLanguage size={18} aria-hidden />}
          label={<span lang={other}>{otherName}</span>}
          data-testid="language-switch"
        />
        <MenuLink to="/about" label={t('menu.about')} />
        <MenuLink to="/terms" label={t('menu.terms')} />
        <MenuLink to="/accessibility" label={t('footer.accessibility')} />
      </Stack>
    </Drawer>
  );
}

function MenuLink({ to, label }: Item) {
  return <MantineNavLink component={NavLink} to={to} label={label} />;
}
