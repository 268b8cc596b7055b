import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { freshBrowserEachTest, mockRoutes, renderPage } from '../test/render-page.tsx';
import { Footer } from './footer.tsx';
import { isFooterHidden } from './layout.tsx';

/** Where the footer's link went, and the page it said it came from. */
function Where() {
  const location = useLocation();
  return <p data-testid="landed">{`${location.pathname} from ${(location.state as { from?: string } | null)?.from ?? ''}`}</p>;
}

describe('the footer', () => {
  freshBrowserEachTest(null);

  for (const [language, accessibility, terms, label] of [
    ['he', 'הצהרת נגישות', 'תנאי שימוש', 'על האתר'],
    ['en', 'Accessibility statement', 'Terms of use', 'About this site'],
  ] as const) {
    it(`links the accessibility statement and the terms in a named navigation (${language})`, async () => {
      mockRoutes({});
      const { missing } = await renderPage(<Footer from="/games?view=map" />, { path: '/games', language });
      const nav = within(screen.getByRole('contentinfo')).getByRole('navigation', { name: label });
      expect(within(nav).getByRole('link', { name: accessibility }).getAttribute('href')).toBe('/accessibility');
      expect(within(nav).getByRole('link', { name: terms }).getAttribute('href')).toBe('/terms');
      expect(missing).toEqual([]);
    });
  }

  it('tells the statement the page it was on', async () => {
    mockRoutes({});
    const page = (
      <>
        <Footer from="/about?x=1" />
        <Where />
      </>
    );
    await renderPage(page, { path: '*', url: '/about?x=1', language: 'en' });
    fireEvent.click(screen.getByRole('link', { name: 'Accessibility statement' }));
    expect((await screen.findByTestId('landed')).textContent).toBe('/accessibility from /about?x=1');
  });

  it.each([
    ['/', true],
    ['/splash', true],
    ['/games', false],
    ['/affiliates', true],
    ['/affiliates/guides', true],
    ['/game/abc', false],
    ['/accessibility', false],
  ])('%s hidden: %s', (path, hidden) => {
    expect(isFooterHidden(path)).toBe(hidden);
  });
});
