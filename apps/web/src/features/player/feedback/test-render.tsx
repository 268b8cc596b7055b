/**
 * Test helper: renders feedback UI as the app does (Mantine, router, react-query, i18next with the
 * real he/en files); `fetch` is mocked per test with `mockRoutes`.
 */
import type { ReactElement } from 'react';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import type { Language } from '@streethunt/shared';
import { createTestI18n } from '../../../test/i18n.ts';
import { TestProviders } from '../../../test/providers.tsx';

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
    <TestProviders i18n={i18n} queryClient={queryClient}>
      <div data-testid="page">
        <RouterProvider router={router} />
      </div>
    </TestProviders>,
  );
  return { ...view, router, i18n, t: i18n.t.bind(i18n), missing };
}

export { mockRoutes, bodiesSent } from '../../../test/fetch-routes.ts';
