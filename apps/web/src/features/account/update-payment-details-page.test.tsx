import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Component as UpdatePaymentDetailsPage } from './update-payment-details-page.tsx';
import { autoLoginReply, freshBrowserEachTest, labelStartingWith, mockRoutes, renderPage, routesCalled, sentBody, storeSession } from '../../test/render-page.tsx';

const setup = { path: '/update-payment-details', url: '/update-payment-details' };
const details = {
  accountHolder: 'דנה לוי',
  idNumber: '123456782',
  bankName: 'לאומי',
  bankNumber: '10',
  branchNumber: '800',
  accountNumber: '1234567',
};

describe('update payment details page', () => {
  freshBrowserEachTest(null);

  it('sends a logged-out visitor to the login page, which comes back here', async () => {
    mockRoutes({});
    const { router } = await renderPage(<UpdatePaymentDetailsPage />, setup);
    await waitFor(() => expect(router.state.location.search).toBe('?url=/update-payment-details'));
    expect(router.state.location.pathname).toBe('/login');
  });

  it('starts empty when no details are kept, accepts digits only and saves', async () => {
    storeSession();
    const fetchMock = mockRoutes({
      'POST /api/auto-login': autoLoginReply,
      'GET /api/user/payment-details': { body: { data: { details: null } } },
      'POST /api/user/payment-details': { body: { data: { details: { ...details, accountNumberMasked: false, updatedAt: '2025-03-01T10:00:00.000Z' } } } },
    });
    const { t, missing } = await renderPage(<UpdatePaymentDetailsPage />, setup);
    expect(await screen.findByText(t('account.payment.empty'))).toBeTruthy();

    const idNumber = screen.getByLabelText(labelStartingWith(t('account.fields.idNumber'))) as HTMLInputElement;
    expect(idNumber.getAttribute('inputmode')).toBe('numeric');
    expect(idNumber.getAttribute('dir')).toBe('ltr');
    fireEvent.change(idNumber, { target: { value: '12-3456 782' } });
    expect(idNumber.value).toBe('123456782');

    fireEvent.click(screen.getByRole('button', { name: t('account.common.save') }));
    expect(await screen.findAllByText(t('account.validation.required'))).toHaveLength(5);
    // The password too, in its own words.
    expect(screen.getByText(t('account.validation.byField.password.required'))).toBeTruthy();
    expect(routesCalled(fetchMock)).not.toContain('POST /api/user/payment-details');

    for (const [field, value] of Object.entries(details)) {
      fireEvent.change(screen.getByLabelText(labelStartingWith(t(`account.fields.${field}`))), { target: { value } });
    }
    fireEvent.change(screen.getByLabelText(labelStartingWith(t('account.fields.password'))), { target: { value: 'my-password' } });
    fireEvent.click(screen.getByRole('button', { name: t('account.common.save') }));
    expect(await screen.findByText(t('account.payment.saved'))).toBeTruthy();
    expect(sentBody(fetchMock, routesCalled(fetchMock).indexOf('POST /api/user/payment-details'))).toEqual({ ...details, password: 'my-password' });
    expect(screen.queryByText(t('account.payment.empty'))).toBeNull();
    expect(missing).toEqual([]);
  });

  it('prefills kept details; the masked account number is shown, not prefilled, and must be typed again', async () => {
    storeSession();
    mockRoutes({
      'POST /api/auto-login': autoLoginReply,
      'GET /api/user/payment-details': { body: { data: { details: { ...details, accountNumber: '••••4567', accountNumberMasked: true, updatedAt: '2025-03-01T10:00:00.000Z' } } } },
    });
    const { t } = await renderPage(<UpdatePaymentDetailsPage />, setup);
    const holder = (await screen.findByLabelText(labelStartingWith(t('account.fields.accountHolder')))) as HTMLInputElement;
    expect(holder.value).toBe('דנה לוי');
    expect(holder.getAttribute('dir')).toBe('auto');
    expect((screen.getByLabelText(labelStartingWith(t('account.fields.accountNumber'))) as HTMLInputElement).value).toBe('');
    expect(screen.getByText(t('account.payment.currentAccount', { number: '\u2066••••4567\u2069' }))).toBeTruthy();
    expect(screen.queryByText(t('account.payment.empty'))).toBeNull();
  });
  it('a wrong password is shown on the password field, and the details stay as typed', async () => {
    storeSession();
    mockRoutes({
      'POST /api/auto-login': autoLoginReply,
      'GET /api/user/payment-details': { body: { data: { details: null } } },
      'POST /api/user/payment-details': { status: 403, body: { message: 'Enter your password to see or change your bank details', code: 'wrong_credentials' } },
    });
    const { t } = await renderPage(<UpdatePaymentDetailsPage />, setup);
    await screen.findByText(t('account.payment.empty'));
    for (const [field, value] of Object.entries(details)) {
      fireEvent.change(screen.getByLabelText(labelStartingWith(t(`account.fields.${field}`))), { target: { value } });
    }
    fireEvent.change(screen.getByLabelText(labelStartingWith(t('account.fields.password'))), { target: { value: 'not-it' } });
    fireEvent.click(screen.getByRole('button', { name: t('account.common.save') }));
    expect(await screen.findByText(t('account.payment.wrongPassword'))).toBeTruthy();
    expect((screen.getByLabelText(labelStartingWith(t('account.fields.accountNumber'))) as HTMLInputElement).value).toBe('1234567');
  });
});
