/**
 * Test helper: renders feedback UI as the app does (Mantine, router, react-query, i18next with the
 * real he/en files); `fetch` is mocked per test with `mockRoutes`.
 */
import type { ReactElement } from 'react';
import { DirectionProvider, MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createInstance, type i18n as I18n } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { FALLBACK_LANGUAGE, LANGUAGES, type Language } from '@streethunt/shared';
import en from '../../../i18n/en.json';
import he from '../../../i18n/he.json';

export async function renderRoute(
  page: ReactElement,
  { path = '/', url = '/', language = 'he' }: { path?: string; url?: string; language?: Language } = {},
) {
  const missing: string[] = [];
  const i18n: I18n = createInstance();
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
  const router = createMemoryRouter(
    [
      { path, element: page },
      { path: '/games', element: <p data-testid="landed">/games</p> },
    ],
    { initialEntries: [url] },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const view = render(
    <I18nextProvider i18n={i18n}>
      <DirectionProvider initialDirection={language === 'he' ? 'rtl' : 'ltr'} detectDirection={false}>
        <MantineProvider env="test">
          <QueryClientProvider client={queryClient}>
            <div data-testid="page">
              <RouterProvider router={router} />
            </div>
          </QueryClientProvider>
        </MantineProvider>
      </DirectionProvider>
    </I18nextProvider>,
  );
  return { ...view, router, i18n, t: i18n.t.bind(i18n), missing };
}

type Reply = { status?: number; body?: unknown; networkError?: boolean };

/**
 * A `fetch` stand-in answering by "METHOD /path"; a list answers in order and repeats its last. A
 * call nobody expected gets a 404, so the test sees it.
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
    if (reply.networkError) throw new TypeError('Failed to fetch');
    return new Response(reply.body === undefined ? '' : JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

/** The JSON bodies sent to one "METHOD /path". */
export function bodiesSent(fetchMock: ReturnType<typeof mockRoutes>, route: string): unknown[] {
  return fetchMock.mock.calls
    .filter(([input, init]) => `${init?.method ?? 'GET'} ${String(input)}` === route)
    .map(([, init]) => (init?.body ? JSON.parse(String(init.body)) : undefined));
}
