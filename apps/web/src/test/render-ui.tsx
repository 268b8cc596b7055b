/** Test helper: renders a piece of UI with Mantine, react-query and i18next on the real he/en files (both namespaces). */
import type { ReactElement } from 'react';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { Language } from '@streethunt/shared';
import { createTestI18n, textsOf } from './i18n.ts';
import { TestProviders } from './providers.tsx';

/** A cache that never retries, so a failed call shows at once. */
export function testQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

/** Keys the UI asks for and the files lack are collected in `missing`; `rerender` keeps the providers. */
export async function renderUi(ui: ReactElement, language: Language = 'he') {
  const { i18n, missing } = await createTestI18n(language);
  const queryClient = testQueryClient();
  const wrap = (element: ReactElement) => (
    <TestProviders i18n={i18n} queryClient={queryClient}>
      {element}
    </TestProviders>
  );
  const view = render(wrap(ui));
  return { ...view, rerender: (next: ReactElement) => view.rerender(wrap(next)), i18n, t: textsOf(i18n), queryClient, missing };
}
