import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { renderPage, resetBrowserState } from '../../test/render-page.tsx';
import { Component as AffiliatesPage } from './affiliates-page.tsx';

afterEach(resetBrowserState);

describe('/affiliates', () => {
  it.each(['he', 'en'] as const)('lists both options, each to its landing page and to signup (%s)', async (language) => {
    const { i18n, missing } = await renderPage(<AffiliatesPage />, { path: '/affiliates', language });
    const t = i18n.getFixedT(language, ['affiliates', 'translation']);
    await screen.findByRole('heading', { level: 1, name: t('pages.affiliates') });
    const hrefs = (element: HTMLElement) => within(element).getAllByRole('link').map((link) => link.getAttribute('href'));
    const marketers = screen.getByRole('article', { name: t('affiliates.hub.makeMoney.title') });
    const guides = screen.getByRole('article', { name: t('affiliates.hub.guides.title') });
    expect(hrefs(marketers)).toEqual(['/affiliates/make-money', '/signup']);
    expect(hrefs(guides)).toEqual(['/affiliates/guides', '/signup']);
    expect(screen.getAllByRole('link', { name: t('affiliates.hub.signupCta') }).every((link) => link.getAttribute('href') === '/signup')).toBe(true);
    expect(screen.getAllByRole('link').some((link) => link.getAttribute('href') === '/terms')).toBe(true);
    // The layout's footer is not on these pages: theirs links the accessibility statement.
    expect(screen.getByRole('link', { name: t('footer.accessibility') }).getAttribute('href')).toBe('/accessibility');
    expect(missing).toEqual([]);
  });

  it('switches the language from its own bar (the app header is hidden here)', async () => {
    const { i18n } = await renderPage(<AffiliatesPage />, { path: '/affiliates', language: 'he' });
    fireEvent.click(await screen.findByTestId('affiliates-language-switch'));
    expect(i18n.language).toBe('en');
    await screen.findByRole('heading', { level: 1, name: i18n.getFixedT('en')('pages.affiliates') });
  });
});
