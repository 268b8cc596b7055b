/**
 * Test helper: renders feedback UI as the app does (Mantine, router, react-query, i18next with the
 * real he/en files); `fetch` is mocked per test with `mockRoutes`.
 */
import type { ReactElement } from 'react';
import { DirectionProvider, MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider, createMemoryRouter } from 'react-router';
import type { Language } from '@streethunt/shared';
import { createTestI18n } from '../../../test/i18n.ts';

export async function renderRoute(
  page: ReactElement,
  { path = '/', url = '/', language = 'he' }: { path?: string; url?: string; language?: Language } = {},
) {
  const { i18n, missing } = await createTestI18n(language);
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

export { mockRoutes, bodiesSent } from '../../../test/fetch-routes.ts';
