/**
 * Test helper: renders a page as the app does (Mantine, router, react-query, i18next with the real
 * he/en files), with `fetch` as the only thing mocked. Keys the page asks for and the files lack are
 * collected in `missing`.
 */
import type { ReactElement } from 'react';
import { DirectionProvider, MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createInstance } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { RouterProvider, createMemoryRouter, useLocation } from 'react-router';
import { vi } from 'vitest';
import { FALLBACK_LANGUAGE, LANGUAGES, type Language } from '@streethunt/shared';
import en from '../../i18n/en.json';
import he from '../../i18n/he.json';

function Landed() {
  const location = useLocation();
  return (
    <p data-testid="landed">
      {location.pathname}
      {location.search}
    </p>
  );
}

export async function renderPage(page: ReactElement, { path, url, language = 'he' }: { path: string; url: string; language?: Language }) {
  const missing: string[] = [];
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({
    resources: { he: { translation: he }, en: { translation: en } },
    lng: language,
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    interpolation: { escapeValue: false },
    returnNull: false,
    showSupportNotice: false,
    saveMissing: true,
    missingKeyHandler: (_languages, _namespace, key) => missing.push(key),
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path, element: page },
      { path: '/game/:gameId', element: <Landed /> },
      ...(path === '/games' ? [] : [{ path: '/games', element: <Landed /> }]),
    ],
    { initialEntries: [url] },
  );
  const view = render(
    <I18nextProvider i18n={i18n}>
      <DirectionProvider initialDirection={language === 'he' ? 'rtl' : 'ltr'} detectDirection={false}>
        <MantineProvider env="test">
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </MantineProvider>
      </DirectionProvider>
    </I18nextProvider>,
  );
  return { ...view, router, missing, t: i18n.t.bind(i18n) };
}

type Reply = { status?: number; body: unknown } | { networkError: true };

/**
 * A `fetch` stand-in answering by "METHOD /path?query"; a list answers in order and repeats the last.
 * A call nobody expected gets a 404, so a test sees it.
 */
export function mockRoutes(routes: Record<string, Reply | Reply[]>) {
  const calls = new Map<string, number>();
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const route = `${init?.method ?? 'GET'} ${String(input)}`;
    const replies = routes[route];
    if (!replies) return new Response(JSON.stringify({ message: `unexpected ${route}`, code: 'not_found' }), { status: 404 });
    const list = Array.isArray(replies) ? replies : [replies];
    const index = calls.get(route) ?? 0;
    calls.set(route, index + 1);
    const reply = list[Math.min(index, list.length - 1)];
    if ('networkError' in reply) throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(reply.body), { status: reply.status ?? 200, headers: { 'content-type': 'application/json' } });
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

/** The calls a `fetch` mock received, as "METHOD /path". */
export function routesCalled(fetchMock: ReturnType<typeof vi.fn>): string[] {
  return fetchMock.mock.calls.map(([input, init]) => `${(init as RequestInit | undefined)?.method ?? 'GET'} ${String(input)}`);
}
