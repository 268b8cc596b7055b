import { useEffect } from 'react';
import { Box } from '@mantine/core';
import { Link, Outlet, ScrollRestoration, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePublicConfig } from '../api/public-config.ts';
import { HeaderSlotProvider } from '../ui/header-slot.tsx';
import { EnvironmentBanner } from './environment-banner.tsx';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';
import { rememberAffiliate, wwwRedirectTarget } from './startup.ts';

/** The header is hidden on the splash root and on the affiliate landing pages (spec section 2). */
export function isHeaderHidden(pathname: string): boolean {
  return pathname === '/' || pathname === '/affiliates' || pathname.startsWith('/affiliates/');
}

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

  // An `aff` link may land on any page, not only the first one loaded.
  useEffect(() => rememberAffiliate(location.search), [location.search]);

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
        <ScrollRestoration />
      </Box>
    </HeaderSlotProvider>
  );
}
