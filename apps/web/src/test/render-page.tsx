/**
 * Test helper: renders a page as the app does (Mantine, notifications, router, react-query, session,
 * i18next with the real he/en files of both namespaces), with `fetch` as the only thing mocked. Keys the
 * page asks for and the files lack are collected in `missing`.
 */
import { Announcer, resetAnnouncer } from '../ui/announcer/announcer.tsx';
import type { ReactElement } from 'react';
import { Notifications, notifications } from '@mantine/notifications';
import type { QueryClient } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { RouterProvider, createMemoryRouter, useLocation } from 'react-router';
import type { Language } from '@streethunt/shared';
import { SessionProvider } from '../api/session.tsx';
import { HeaderSlotProvider, useHeaderSlotItems } from '../ui/header-slot.tsx';
import { createTestI18n, textsOf } from './i18n.ts';
import { TestProviders } from './providers.tsx';
import { testQueryClient } from './render-ui.tsx';
import { storeAdminSession, storeSession } from './sessions.ts';

/** What a route we leave to shows, so a test can see where it landed. */
function Landed() {
  const location = useLocation();
  return (
    <p data-testid="landed">
      {location.pathname}
      {location.search}
    </p>
  );
}

/** The pages the tested pages send people to, as stand-ins. */
const DESTINATIONS = [
  '/',
  '/login',
  '/signup',
  '/forgot-password',
  '/update-profile',
  '/terms',
  '/affiliates',
  '/games',
  '/game/:gameId',
  '/my-games',
  '/game-editor/:gameId',
  '/game-editor-new-game',
  '/events/:eventId',
];

/** The app header's nav, as far as a page that places its own items there needs it. */
function HeaderNav() {
  const items = useHeaderSlotItems();
  return <nav aria-label="header">{items}</nav>;
}

export type PageSetup = {
  /** The route pattern of the page, e.g. `/reset-password/:id/:token`. */
  path: string;
  /** Where the browser starts, e.g. `/reset-password/abc/def` (the path itself by default), with a history state if need be. */
  url?: string | { pathname: string; state: unknown };
  language?: Language;
  /** A cache to start from (e.g. data a page should forget). */
  queryClient?: QueryClient;
  /** The app header, for a page that puts its own items in it (the game player), and the app's live regions. */
  withHeader?: boolean;
  /** Namespaces left to the app's loader, not in from the start (createTestI18n). */
  loadedLater?: string[];
};

export async function renderPage(page: ReactElement, { path, url = path, language = 'he', queryClient = testQueryClient(), withHeader = false, loadedLater }: PageSetup) {
  const { i18n, missing } = await createTestI18n(language, { loadedLater });
  const router = createMemoryRouter(
    [{ path, element: page }, ...DESTINATIONS.filter((destination) => destination !== path).map((destination) => ({ path: destination, element: <Landed /> }))],
    { initialEntries: [url] },
  );
  const routed = <RouterProvider router={router} />;
  const view = render(
    <TestProviders i18n={i18n} queryClient={queryClient}>
      <Notifications />
      <SessionProvider>
        {withHeader ? (
          <HeaderSlotProvider>
            <HeaderNav />
            {routed}
            <Announcer />
          </HeaderSlotProvider>
        ) : (
          routed
        )}
      </SessionProvider>
    </TestProviders>,
  );
  return { ...view, router, i18n, missing, queryClient, t: textsOf(i18n) };
}

/** Clears what tests leave behind: the stored session, cookies, notifications. */
export function resetBrowserState() {
  localStorage.clear();
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; max-age=0; path=/`;
  }
  act(() => {
    notifications.clean();
    resetAnnouncer();
  });
}

/**
 * Each test of the calling block starts in a clean browser, logged in as `role` (`null`: logged out),
 * and leaves it clean: no stored session, cookies, notifications, spies or fake timers.
 */
export function freshBrowserEachTest(role: 'user' | 'admin' | null) {
  beforeEach(() => {
    resetBrowserState();
    if (role === 'admin') storeAdminSession();
    if (role === 'user') storeSession();
  });
  afterEach(() => {
    vi.useRealTimers();
    resetBrowserState();
    vi.restoreAllMocks();
  });
}

export { bodiesSent, mockFetch, mockRoutes, routesCalled, sentBody } from './fetch-routes.ts';
export { adminAutoLogin, autoLoginReply, storeAdminSession, storeSession } from './sessions.ts';

/** A field's label as Mantine writes it: the text, then maybe the required mark. */
export function labelStartingWith(text: string): RegExp {
  return new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
}
