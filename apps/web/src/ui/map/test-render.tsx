/** Test helper: renders a piece of UI with Mantine and i18next on the real he/en files. */
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import type { Language } from '@streethunt/shared';
import { createTestI18n } from '../../test/i18n.ts';
import { TestProviders } from '../../test/providers.tsx';

export async function renderWithI18n(ui: ReactElement, language: Language = 'he') {
  const { i18n, missing } = await createTestI18n(language);
  const wrap = (element: ReactElement) => (
    <TestProviders i18n={i18n}>{element}</TestProviders>
  );
  const view = render(wrap(ui));
  return { ...view, rerender: (next: ReactElement) => view.rerender(wrap(next)), i18n, t: i18n.t.bind(i18n), missing };
}
