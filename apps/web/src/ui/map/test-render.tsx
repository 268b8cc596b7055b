/** Test helper: renders a piece of UI with Mantine and i18next on the real he/en files. */
import type { ReactElement } from 'react';
import { DirectionProvider, MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import { createInstance, type i18n as I18n } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { FALLBACK_LANGUAGE, LANGUAGES, type Language } from '@streethunt/shared';
import en from '../../i18n/en.json';
import he from '../../i18n/he.json';

export async function renderWithI18n(ui: ReactElement, language: Language = 'he') {
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
