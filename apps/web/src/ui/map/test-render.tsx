/** Test helper: renders a piece of UI with Mantine and i18next on the real he/en files. */
import type { ReactElement } from 'react';
import { DirectionProvider, MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import type { Language } from '@streethunt/shared';
import { createTestI18n } from '../../test/i18n.ts';

export async function renderWithI18n(ui: ReactElement, language: Language = 'he') {
  const { i18n, missing } = await createTestI18n(language);
  const wrap = (element: ReactElement) => (
    <I18nextProvider i18n={i18n}>
      <DirectionProvider initialDirection={language === 'he' ? 'rtl' : 'ltr'} detectDirection={false}>
        <MantineProvider env="test">{element}</MantineProvider>
      </DirectionProvider>
    </I18nextProvider>
  );
  const view = render(wrap(ui));
  return { ...view, rerender: (next: ReactElement) => view.rerender(wrap(next)), i18n, t: i18n.t.bind(i18n), missing };
}
