/**
 * Test helper: renders an account page as the app does (Mantine, router, react-query, session,
 * i18next with the real he/en files), with `fetch` as the only thing mocked.
 */
import type { ReactElement } from 'react';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClient } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter, useLocation } from 'react-router';
import { vi } from 'vitest';
import type { Language } from '@streethunt/shared';
import { SessionProvider } from '../../api/session.tsx';
import { createTestI18n } from '../../test/i18n.ts';
import { TestProviders } from '../../test/providers.tsx';

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

/** The pages the account pages send people to, as stand-ins. */
const DESTINATIONS = ['/login', '/my-games', '/forgot-password', '/games', '/signup', '/terms', '/affiliates', '/', '/update-profile'];

export type PageSetup = {
  /** The route pattern of the page, e.g. `/reset-password/:id/:token`. */
  path: string;
  /** Where the browser starts, e.g. `/reset-password/abc/def`. */
  url: string;
  language?: Language;
  /** A cache to start from (e.g. data a page should forget). */
  queryClient?: QueryClient;
};

/** The shared test i18n instance (kept under this name for the account tests). */
export const makeI18n = createTestI18n;

export function makeQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

export async function renderPage(page: ReactElement, { path, url, language = 'he', queryClient = makeQueryClient() }: PageSetup) {
  const { i18n, missing } = await makeI18n(language);
  const router = createMemoryRouter(
    [
      { path, element: page },
      ...DESTINATIONS.filter((destination) => destination !== path).map((destination) => ({ path: destination, element: <Landed /> })),
    ],
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
  return { ...view, router, i18n, missing, queryClient, t: i18n.t.bind(i18n) };
}

/** A `fetch` stand-in answering with one JSON reply per call, in order; the last one repeats. */
export function mockFetch(...replies: Array<{ status?: number; body: unknown }>) {
  let call = 0;
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => {
    const reply = replies[Math.min(call++, replies.length - 1)];
    return new Response(JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

export { mockRoutes, routesCalled } from '../../test/fetch-routes.ts';

/** A logged-in browser: the stored session the start-up auto-login will confirm. */
export const loggedInSession = { accessToken: 'token-123', role: 'user', isSelfPayment: false, userId: 'u1' } as const;
export const autoLoginReply = { body: { accessToken: 'token-123', data: { role: 'user', isSelfPayment: false, userId: 'u1' } } };
export function storeSession() {
  localStorage.setItem('session', JSON.stringify(loggedInSession));
}

/** The JSON body a `fetch` call sent. */
export function sentBody(fetchMock: ReturnType<typeof vi.fn>, index = 0): unknown {
  const init = fetchMock.mock.calls[index]?.[1] as RequestInit | undefined;
  return init?.body ? JSON.parse(String(init.body)) : undefined;
}

/** Clears what tests leave behind: stored session, cookies, notifications. */
export function resetBrowserState() {
  localStorage.clear();
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; max-age=0; path=/`;
  }
  act(() => notifications.clean());
}
