/**
 * Test helper: renders a page as the app does (Mantine, router, react-query, i18next with the real
 * he/en files), with `fetch` as the only thing mocked. Keys the page asks for and the files lack are
 * collected in `missing`.
 */
import type { ReactElement } from 'react';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter, useLocation } from 'react-router';
import type { Language } from '@streethunt/shared';
import { createTestI18n } from '../../test/i18n.ts';
import { TestProviders } from '../../test/providers.tsx';

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
    <TestProviders i18n={i18n} queryClient={queryClient}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return { ...view, router, missing, t: i18n.t.bind(i18n) };
}

export { mockRoutes, routesCalled } from '../../test/fetch-routes.ts';
