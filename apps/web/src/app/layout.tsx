import { lazy, Suspense, useEffect, useRef } from 'react';
import { Box } from '@mantine/core';
import { Link, Outlet, ScrollRestoration, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePublicConfig } from '../api/public-config.ts';
import { focusHeading, watchFirstInteraction } from '../ui/announcer/focus-heading.ts';
import { HeaderSlotProvider } from '../ui/header-slot.tsx';
import { useHydrated } from '../ui/use-hydrated.ts';
import { EnvironmentBanner } from './environment-banner.tsx';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';
import { rememberAffiliate, wwwRedirectTarget } from './startup.ts';

/** The header is hidden on the splash root and on the affiliate landing pages (spec section 2). */
export function isHeaderHidden(pathname: string): boolean {
  return pathname === '/' || pathname === '/affiliates' || pathname.startsWith('/affiliates/');
}

// The app's live regions load once the page is up: nothing is news before the visitor has the page,
// and the game's first load has no bytes to spare.
const Announcer = lazy(() => import('../ui/announcer/announcer.tsx').then((m) => ({ default: m.Announcer })));

/**
 * The splash (`/`, `/splash`) fills the screen with the brand for two seconds: a footer would make it
 * scroll. The affiliate landing pages end in a footer of their own, which links the accessibility
 * statement too. Every page has the skip links, the second of which is the statement.
 */
export function isFooterHidden(pathname: string): boolean {
  return isHeaderHidden(pathname) || pathname === '/splash';
}

export function Layout() {
  const { t } = useTranslation();
  const location = useLocation();
  const config = usePublicConfig();
  const hydrated = useHydrated();

  // An `aff` link may land on any page, not only the first one loaded.
  useEffect(() => rememberAffiliate(location.search), [location.search]);

  useEffect(watchFirstInteraction, []);
  // A new page takes focus to its heading (not the first: the browser starts at the top of the page).
  const firstPath = useRef(location.pathname);
  useEffect(() => {
    if (location.pathname === firstPath.current) return;
    firstPath.current = '';
    return focusHeading('#main');
  }, [location.pathname]);

  useEffect(() => {
    const target = wwwRedirectTarget(window.location, config.data?.bareDomain ?? null);
    if (target) window.location.replace(target);
  }, [config.data?.bareDomain]);

  return (
    <HeaderSlotProvider>
      <Box mih="100dvh" style={{ display: 'flex', flexDirection: 'column' }}>
        <a className="skip-link" href="#main">
          {t('header.skipToContent')}
        </a>
        {/* The accessibility statement one key away on every page, the splash and the landing pages too, which have no menu. */}
        <Link className="skip-link" to="/accessibility">
          {t('footer.accessibility')}
        </Link>
        <EnvironmentBanner />
        {!isHeaderHidden(location.pathname) && <Header />}
        <Box component="main" id="main" style={{ flex: 1 }}>
          <Outlet />
        </Box>
        {!isFooterHidden(location.pathname) && <Footer from={`${location.pathname}${location.search}`} />}
        {hydrated && (
          <Suspense fallback={null}>
            <Announcer />
          </Suspense>
        )}
        <ScrollRestoration />
      </Box>
    </HeaderSlotProvider>
  );
}
