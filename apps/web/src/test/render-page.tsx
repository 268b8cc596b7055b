/**
 * Test helper: renders a studio or admin page as the app does (Mantine, notifications, router, react-query,
 * session, i18next with the real he/en files and the studio namespace), with `fetch` as the only thing
 * mocked. Keys the page asks for and the files lack are collected in `missing`.
 */
import type { ReactElement } from 'react';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClient } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter, useLocation } from 'react-router';
import type { Language } from '@streethunt/shared';
import { SessionProvider } from '../api/session.tsx';
import { createTestI18n } from './i18n.ts';
import { TestProviders } from './providers.tsx';

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

/** The pages the creator pages send people to, as stand-ins. */
const DESTINATIONS = ['/login', '/game-editor/:gameId', '/game-editor-new-game', '/my-games'];

export async function renderPage(page: ReactElement, { path, url = path, language = 'he' }: { path: string; url?: string; language?: Language }) {
  const { i18n, missing } = await createTestI18n(language);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [{ path, element: page }, ...DESTINATIONS.filter((destination) => destination !== path).map((destination) => ({ path: destination, element: <Landed /> }))],
    { initialEntries: [url] },
  );
  const view = render(
    <TestProviders i18n={i18n} queryClient={queryClient}>
      <Notifications />
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>
    </TestProviders>,
  );
  return { ...view, router, i18n, missing, queryClient, t: i18n.getFixedT(language, 'studio') };
}

/** A logged-in browser: the stored session the start-up auto-login confirms. */
export const autoLoginReply = { body: { accessToken: 'token-123', data: { role: 'user', isSelfPayment: false, userId: 'u1' } } };
export function storeSession() {
  localStorage.setItem('session', JSON.stringify({ accessToken: 'token-123', role: 'user', isSelfPayment: false, userId: 'u1' }));
}

/** Clears what tests leave behind: the stored session, notifications. */
export function resetBrowserState() {
  localStorage.clear();
  act(() => notifications.clean());
}


export { bodiesSent, mockRoutes, routesCalled } from './fetch-routes.ts';
