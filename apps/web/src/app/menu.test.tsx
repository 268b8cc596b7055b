import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { Language } from '@streethunt/shared';
import { adminAutoLogin, mockRoutes, renderPage, routesCalled, storeAdminSession, storeSession } from '../test/render-page.tsx';
import { Menu } from './menu.tsx';
import { buildProfile } from '../test/profile-factory.ts';

const PROFILE = buildProfile({ firstName: 'Dana', createdAt: '2026-01-01T00:00:00.000Z' });

async function renderMenu(language: Language, options: { loggedIn: boolean }) {
  if (options.loggedIn) storeSession();
  const { t, i18n, missing } = await renderPage(<Menu />, { path: '/games', language });
  fireEvent.click(screen.getByRole('button', { name: t('menu.open') }));
  return { t, i18n, missing, menu: await screen.findByTestId('menu') };
}

describe('menu', () => {
  afterEach(() => localStorage.clear());

  it('says who is logged in (the profile, fetched when the menu opens), and offers Log out', async () => {
    const fetchMock = mockRoutes({
      'POST /api/auto-login': { body: { accessToken: 'token-2', data: { role: 'user', isSelfPayment: false, userId: 'u1' } } },
      'GET /api/user/profile': { body: { data: { user: PROFILE } } },
    });
    const { t, menu, missing } = await renderMenu('en', { loggedIn: true });
    // The line holds its place while the profile loads ('…'), then names the user.
    const name = await screen.findByText('Dana');
    const user = screen.getByTestId('menu-user');
    expect(user.contains(name)).toBe(true);
    expect(within(user).getByText(t('menu.signedInAs'))).toBeTruthy();
    expect(routesCalled(fetchMock)).toContain('GET /api/user/profile');
    expect(within(menu).getByRole('link', { name: 'Log out' }).getAttribute('href')).toBe('/logout');
    expect(within(menu).getByRole('link', { name: 'Feedback' }).getAttribute('href')).toBe('/my-games/feedbacks');
    expect(within(menu).getByRole('link', { name: 'Live events' }).getAttribute('href')).toBe('/events');
    expect(missing).toEqual([]);
  });

  it('falls back to the email when the profile has no first name', async () => {
    mockRoutes({
      'POST /api/auto-login': { body: { accessToken: 'token-2', data: { role: 'user', isSelfPayment: false, userId: 'u1' } } },
      'GET /api/user/profile': { body: { data: { user: { ...PROFILE, firstName: ' ' } } } },
    });
    await renderMenu('he', { loggedIn: true });
    const email = await screen.findByText('dana@example.com');
    expect(screen.getByTestId('menu-user').contains(email)).toBe(true);
  });

  for (const [language, other, name] of [
    ['he', 'en', 'English'],
    ['en', 'he', 'עברית'],
  ] as const) {
    it(`names the other language in its own words, marked with its lang, and never as selected (${language})`, async () => {
      const fetchMock = mockRoutes({});
      const { t, i18n, menu } = await renderMenu(language, { loggedIn: false });
      expect(screen.queryByTestId('menu-user')).toBeNull();
      expect(routesCalled(fetchMock)).toEqual([]);
      const toggle = within(menu).getByTestId('language-switch');
      expect(toggle.textContent).toBe(name);
      expect(within(toggle).getByText(name).getAttribute('lang')).toBe(other);
      expect(toggle.getAttribute('aria-label')).toBe(t('menu.switchLanguageLabel', { language: name }));
      expect(toggle.hasAttribute('data-active')).toBe(false);
      fireEvent.click(toggle);
      expect(i18n.language).toBe(other);
    });
  }
  for (const [language, label] of [
    ['he', 'הצהרת נגישות'],
    ['en', 'Accessibility statement'],
  ] as const) {
    it(`links the accessibility statement for everyone, logged in or not (${language})`, async () => {
      mockRoutes({});
      const { menu, missing } = await renderMenu(language, { loggedIn: false });
      expect(within(menu).getByRole('link', { name: label }).getAttribute('href')).toBe('/accessibility');
      expect(missing).toEqual([]);
    });
  }

  it('gives an admin the accessibility reports', async () => {
    mockRoutes({ 'POST /api/auto-login': adminAutoLogin, 'GET /api/user/profile': { body: { data: { user: PROFILE } } } });
    storeAdminSession();
    const { menu } = await renderMenu('en', { loggedIn: false });
    expect((await within(menu).findByRole('link', { name: 'Accessibility reports' })).getAttribute('href')).toBe('/admin-accessibility-reports');
  });
});
