import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { createInstance } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import en from '../i18n/en.json';
import he from '../i18n/he.json';
import { Price } from './price.tsx';

async function renderPrice(props: Parameters<typeof Price>[0], language: 'he' | 'en' = 'he') {
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({
    resources: { he: { translation: he }, en: { translation: en } },
    lng: language,
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    showSupportNotice: false,
  });
  render(
    <I18nextProvider i18n={i18n}>
      <Price {...props} />
    </I18nextProvider>,
  );
  return screen.getByTestId('price');
}

describe('Price', () => {
  it('puts the shekel sign before an ILS amount, in a left-to-right run', async () => {
    const price = await renderPrice({ price: '45', currencyCode: 'ILS' });
    expect(price.textContent).toBe('₪45');
    expect(price.getAttribute('dir')).toBe('ltr');
  });

  it('puts the dollar sign after a USD amount', async () => {
    const price = await renderPrice({ price: 12.5, currencyCode: 'USD' }, 'en');
    expect(price.textContent).toBe('12.5$');
    expect(price.getAttribute('dir')).toBe('ltr');
  });

  it('treats a missing currency as ILS, the only one games are sold in', async () => {
    expect((await renderPrice({ price: 60, currencyCode: null })).textContent).toBe('₪60');
  });

  it.each([
    ['he', '', 'חינם'],
    ['he', '0', 'חינם'],
    ['en', 0, 'Free'],
    ['en', null, 'Free'],
    ['he', undefined, 'חינם'],
  ] as const)('shows the word for free in %s for %j', async (language, value, word) => {
    const price = await renderPrice({ price: value, currencyCode: 'ILS' }, language);
    expect(price.textContent).toBe(word);
    expect(price.getAttribute('dir')).toBeNull();
  });
});
