import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Component as UpdateProfilePage } from './update-profile-page.tsx';
import { autoLoginReply, freshBrowserEachTest, labelStartingWith, mockRoutes, renderPage, routesCalled, sentBody, storeSession } from '../../test/render-page.tsx';
import { buildProfile } from '../../test/profile-factory.ts';

const setup = { path: '/update-profile', url: '/update-profile' };
const profile = buildProfile();
const games = { body: { data: [] } };

describe('update profile page', () => {
  freshBrowserEachTest(null);

  it('sends a logged-out visitor to the login page, which comes back here', async () => {
    const fetchMock = mockRoutes({});
    const { router } = await renderPage(<UpdateProfilePage />, setup);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?url=/update-profile');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('prefills the form, saves it and switches to the chosen language', async () => {
    storeSession();
    const fetchMock = mockRoutes({
      'POST /api/auto-login': autoLoginReply,
      'GET /api/user/profile': { body: { data: { user: profile } } },
      'GET /api/games': games,
      'POST /api/user/profile': { body: { data: { user: { ...profile, firstName: 'Dana', language: 'en' } } } },
    });
    const { t, i18n, missing } = await renderPage(<UpdateProfilePage />, setup);
    const firstName = (await screen.findByLabelText(labelStartingWith(t('account.fields.firstName')))) as HTMLInputElement;
    expect(firstName.value).toBe('דנה');
    expect(firstName.getAttribute('dir')).toBe('auto');
    const email = screen.getByLabelText(labelStartingWith(t('account.fields.email'))) as HTMLInputElement;
    expect(email.value).toBe('dana@example.com');
    expect(email.readOnly).toBe(true);

    fireEvent.change(firstName, { target: { value: 'Dana' } });
    // The language select: open it and pick English.
    fireEvent.click(screen.getByRole('textbox', { name: labelStartingWith(t('account.fields.language')) }));
    fireEvent.click(await screen.findByRole('option', { name: t('account.languages.en') }));
    fireEvent.click(screen.getByRole('button', { name: t('account.common.save') }));

    await waitFor(() => expect(i18n.language).toBe('en'));
    expect(await screen.findByText(i18n.t('account.profile.saved'))).toBeTruthy();
    const post = routesCalled(fetchMock).indexOf('POST /api/user/profile');
    expect(sentBody(fetchMock, post)).toEqual({ firstName: 'Dana', lastName: 'Levi', phone: '050-1234567', language: 'en' });
    expect(missing).toEqual([]);
  });

  it('shows an error with a retry when the profile cannot be loaded', async () => {
    storeSession();
    mockRoutes({
      'POST /api/auto-login': autoLoginReply,
      'GET /api/user/profile': [{ status: 500, body: { message: 'boom', code: 'internal' } }, { body: { data: { user: profile } } }],
      'GET /api/games': games,
    });
    const { t } = await renderPage(<UpdateProfilePage />, setup);
    expect(await screen.findByText(new RegExp(t('account.profile.loadError')))).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: t('account.common.retry') }));
    expect(((await screen.findByLabelText(labelStartingWith(t('account.fields.firstName')))) as HTMLInputElement).value).toBe('דנה');
  });
});
