/**
 * Test helper: renders a page as the app does (Mantine, router, react-query, i18next with the real
 * he/en files), with `fetch` as the only thing mocked. Keys the page asks for and the files lack are
 * collected in `missing`.
 */
import type { ReactElement } from 'react';
import { DirectionProvider, MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider, createMemoryRouter, useLocation } from 'react-router';
import type { Language } from '@streethunt/shared';
import { createTestI18n } from '../../test/i18n.ts';

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
  const { i18n, missing } = await createTestI18n(language);
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

export { mockRoutes, routesCalled } from '../../test/fetch-routes.ts';
