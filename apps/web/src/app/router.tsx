import { matchRoutes, type RouteObject } from 'react-router';
import { withAllStyles } from '../ui/all-styles.ts';
import { PageLoader } from '../ui/page-loader.tsx';
import { adminPayoutsPage, adminUsersPage } from './admin-tab-pages.tsx';
import { Layout } from './layout.tsx';
import { RouteError } from './route-error.tsx';
import { routeWithTexts, studioRoute } from './studio-route.ts';
import { TERMS_NAMESPACE } from '../i18n/terms-translations.ts';
import { AFFILIATES_NAMESPACE } from '../i18n/affiliates-translations.ts';
import { ACCOUNT_NAMESPACE } from '../i18n/account-translations.ts';

/** Every route of spec section 2. Pages load on demand so the player ships little code. */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageLoader />,
    children: [
      { index: true, lazy: withAllStyles(() => import('../features/pages/splash-page.tsx')) },
      { path: 'splash', lazy: withAllStyles(() => import('../features/pages/splash-page.tsx')) },
      { path: 'home', lazy: withAllStyles(() => import('../features/pages/home-page.tsx')) },
      { path: 'about', lazy: withAllStyles(() => import('../features/pages/about-page.tsx')) },
      { path: 'terms', lazy: routeWithTexts(TERMS_NAMESPACE, () => import('../features/pages/terms-page.tsx')) },
      // Its texts load with the page (ui/texts/use-accessibility-texts.ts), not through the app's texts table.
      { path: 'accessibility', lazy: withAllStyles(() => import('../features/accessibility/statement-page.tsx')) },
      { path: 'login', lazy: routeWithTexts(ACCOUNT_NAMESPACE, () => import('../features/account/login-page.tsx')) },
      { path: 'logout', lazy: routeWithTexts(ACCOUNT_NAMESPACE, () => import('../features/account/logout-page.tsx')) },
      { path: 'signup', lazy: routeWithTexts(ACCOUNT_NAMESPACE, () => import('../features/account/signup-page.tsx')) },
      { path: 'forgot-password', lazy: routeWithTexts(ACCOUNT_NAMESPACE, () => import('../features/account/forgot-password-page.tsx')) },
      { path: 'reset-password/:id/:token', lazy: routeWithTexts(ACCOUNT_NAMESPACE, () => import('../features/account/reset-password-page.tsx')) },
      // `/validate-email/resend` shows the resend form; any other value is a token.
      { path: 'validate-email/:token', lazy: routeWithTexts(ACCOUNT_NAMESPACE, () => import('../features/account/validate-email-page.tsx')) },
      { path: 'update-profile', lazy: routeWithTexts(ACCOUNT_NAMESPACE, () => import('../features/account/update-profile-page.tsx')) },
      { path: 'update-payment-details', lazy: routeWithTexts(ACCOUNT_NAMESPACE, () => import('../features/account/update-payment-details-page.tsx')) },
      { path: 'test/request', lazy: withAllStyles(() => import('../features/pages/test-request-page.tsx')) },
      { path: 'test', lazy: withAllStyles(() => import('../features/pages/test-page.tsx')) },
      { path: 'affiliates', lazy: routeWithTexts(AFFILIATES_NAMESPACE, () => import('../features/affiliates/affiliates-page.tsx')) },
      { path: 'affiliates/make-money', lazy: routeWithTexts(AFFILIATES_NAMESPACE, () => import('../features/affiliates/make-money-page.tsx')) },
      { path: 'affiliates/guides', lazy: routeWithTexts(AFFILIATES_NAMESPACE, () => import('../features/affiliates/guides-page.tsx')) },
      { path: 'builders', lazy: withAllStyles(() => import('../features/pages/builders-page.tsx')) },
      { path: 'reports', lazy: studioRoute(() => import('../features/reports/reports-page.tsx')) },
      { path: 'games', lazy: () => import('../features/games/games-page.tsx') },
      { path: 'my-games', lazy: studioRoute(() => import('../features/my-games/my-games-page.tsx')) },
      { path: 'my-games/feedbacks', lazy: studioRoute(() => import('../features/my-games/feedbacks-page.tsx')) },
      { path: 'my-active-games', lazy: studioRoute(() => import('../features/my-games/active-games-page.tsx')) },
      { path: 'events', lazy: studioRoute(() => import('../features/events/events-page.tsx')) },
      { path: 'events/new', lazy: studioRoute(() => import('../features/events/new-event-page.tsx')) },
      { path: 'events/buy/:gameId', lazy: studioRoute(() => import('../features/events/buy-event-page.tsx')) },
      { path: 'events/:eventId', lazy: studioRoute(() => import('../features/events/control-room-page.tsx')) },
      { path: 'game-editor/:gameId', lazy: studioRoute(() => import('../features/editor/editor-page.tsx')) },
      { path: 'game-editor-new-game', lazy: studioRoute(() => import('../features/my-games/new-game-page.tsx')) },
      { path: 'game/:gameId', lazy: () => import('../features/player/player-page.tsx') },
      { path: 'game-feedback/:gameId/:token', lazy: withAllStyles(() => import('../features/player/game-feedback-page.tsx')) },
      { path: 'payment-success', lazy: withAllStyles(() => import('../features/player/payment-success-page.tsx')) },
      { path: 'purchases/:purchaseId/cancel', lazy: withAllStyles(() => import('../features/player/cancel-purchase-page.tsx')) },
      { path: 'admin-pending-games', lazy: studioRoute(() => import('../features/admin/pending-games-page.tsx')) },
      { path: 'admin-users', lazy: studioRoute(adminUsersPage) },
      { path: 'admin-generate-codes', lazy: studioRoute(() => import('../features/admin/generate-codes-page.tsx')) },
      { path: 'admin-payouts', lazy: studioRoute(adminPayoutsPage) },
      { path: 'admin-accessibility-reports', lazy: studioRoute(() => import('../features/accessibility/admin-reports-page.tsx')) },
      { path: '*', lazy: withAllStyles(() => import('../features/pages/not-found-page.tsx')) },
    ],
  },
];

/**
 * Loads the code of the routes that `pathname` matches and puts it on the route objects, so the first
 * render draws the page at once instead of the loading fallback: hydrating a server-rendered page
 * needs the very same tree as the server drew.
 */
export async function loadMatchedRoutes(pathname: string, from: RouteObject[] = routes): Promise<void> {
  const matches = matchRoutes(from, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded: Pick<RouteObject, 'Component'> = await route.lazy();
      route.Component = loaded.Component;
      route.lazy = undefined;
    }),
  );
}
