import { Suspense, lazy, useEffect, useState } from 'react';
import { Burger } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { withAllStyles } from '../ui/all-styles.ts';

const loadDrawer = withAllStyles(() => import('./menu-drawer.tsx'));
/** The drawer and its items load on the first opening: the Drawer (with its scroll lock and focus trap) is not a first-load need. */
const MenuDrawer = lazy(loadDrawer);

/** The menu toggle (spec section 2); the drawer closes on every route change. */
export function Menu() {
  const { t } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure(false);
  // Mounted from the first opening on, so the drawer can play its closing transition.
  const [wanted, setWanted] = useState(false);
  const location = useLocation();

  // Closes on every route change.
  useEffect(close, [location.pathname, location.search, close]);

  // Fetched as soon as a finger or the keyboard comes near the toggle, ahead of the click.
  const prefetch = () => void loadDrawer().catch(() => undefined);

  return (
    <>
      <Burger
        opened={opened}
        onPointerDown={prefetch}
        onPointerEnter={prefetch}
        onFocus={prefetch}
        onClick={() => {
          setWanted(true);
          toggle();
        }}
        size="sm"
        aria-label={opened ? t('menu.close') : t('menu.open')}
        aria-expanded={opened}
      />
      {wanted && (
        <Suspense fallback={null}>
          <MenuDrawer opened={opened} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
