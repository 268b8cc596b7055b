import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { formatMoney } from '@streethunt/shared';
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
    expect(await screen.findByText(t('account.profile.saved'))).toBeTruthy();
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

  it.each(['he', 'en'] as const)('lists the buyer’s purchases and cancels one still within its 14 days, signed in (%s)', async (language) => {
    storeSession();
    const bought = { gameId: 'g1', gameName: 'Bialik street hunt', amount: 4500, paidAt: '2026-11-20T10:00:00.000Z', refundAmount: null, cancelBefore: '2026-12-04T10:00:00.000Z' };
    const fetchMock = mockRoutes({
      'POST /api/auto-login': autoLoginReply,
      'GET /api/user/profile': { body: { data: { user: profile } } },
      'GET /api/games': games,
      'GET /api/account/purchases': {
        body: {
          data: [
            { ...bought, _id: 'p2', status: 'paid', code: 'OPEN23456', cancellable: true },
            { ...bought, _id: 'p1', status: 'refunded', code: 'GONE23456', cancellable: false, refundAmount: 4500 },
          ],
        },
      },
      'POST /api/purchases/p2/cancel': { body: { data: { _id: 'p2', status: 'refunded', refundAmount: 4500, refundedAt: '2026-11-29T10:00:00.000Z', refundState: 'done' } } },
    });
    const { t, missing } = await renderPage(<UpdateProfilePage />, { ...setup, language });
    const items = await screen.findAllByTestId('own-purchase');
    expect(items).toHaveLength(2);
    expect(items[0]?.textContent).toContain('OPEN23456');
    expect(items[1]?.textContent).toContain(t('purchases:mine.refunded', { amount: formatMoney(4500, language) }));
    expect(within(items[1]!).queryByTestId('cancel-purchase')).toBeNull();

    fireEvent.click(within(items[0]!).getByRole('button', { name: t('purchases:cancel.button') }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: t('purchases:cancel.confirmYes') }));
    expect((await within(items[0]!).findByTestId('purchase-cancelled')).textContent).toBe(t('purchases:cancel.done', { amount: formatMoney(4500, language) }));
    // The session, not a token, says who cancels.
    expect(sentBody(fetchMock, routesCalled(fetchMock).indexOf('POST /api/purchases/p2/cancel'))).toEqual({});
    expect(missing).toEqual([]);
  });
});
