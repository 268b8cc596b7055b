import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Component as UpdatePaymentDetailsPage } from './update-payment-details-page.tsx';
import { autoLoginReply, mockRoutes, renderPage, resetBrowserState, routesCalled, sentBody, storeSession } from './test-render.tsx';

const setup = { path: '/update-payment-details', url: '/update-payment-details' };
const details = {
  accountHolder: 'דנה לוי',
  idNumber: '123456782',
  bankName: 'לאומי',
  bankNumber: '10',
  branchNumber: '800',
  accountNumber: '1234567',
};

function label(text: string) {
  return new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
}

describe('update payment details page', () => {
  beforeEach(resetBrowserState);
  afterEach(resetBrowserState);

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
      'POST /api/user/payment-details': { body: { data: { details: { ...details, updatedAt: '2025-03-01T10:00:00.000Z' } } } },
    });
    const { t, missing } = await renderPage(<UpdatePaymentDetailsPage />, setup);
    expect(await screen.findByText(t('account.payment.empty'))).toBeTruthy();

    const idNumber = screen.getByLabelText(label(t('account.fields.idNumber'))) as HTMLInputElement;
    expect(idNumber.getAttribute('inputmode')).toBe('numeric');
    expect(idNumber.getAttribute('dir')).toBe('ltr');
    fireEvent.change(idNumber, { target: { value: '12-3456 782' } });
    expect(idNumber.value).toBe('123456782');

    fireEvent.click(screen.getByRole('button', { name: t('account.common.save') }));
    expect(await screen.findAllByText(t('account.validation.required'))).toHaveLength(5);
    expect(routesCalled(fetchMock)).not.toContain('POST /api/user/payment-details');

    for (const [field, value] of Object.entries(details)) {
      fireEvent.change(screen.getByLabelText(label(t(`account.fields.${field}`))), { target: { value } });
    }
    fireEvent.click(screen.getByRole('button', { name: t('account.common.save') }));
    expect(await screen.findByText(t('account.payment.saved'))).toBeTruthy();
    expect(sentBody(fetchMock, routesCalled(fetchMock).indexOf('POST /api/user/payment-details'))).toEqual(details);
    expect(screen.queryByText(t('account.payment.empty'))).toBeNull();
    expect(missing).toEqual([]);
  });

  it('prefills kept details', async () => {
    storeSession();
    mockRoutes({
      'POST /api/auto-login': autoLoginReply,
      'GET /api/user/payment-details': { body: { data: { details: { ...details, updatedAt: '2025-03-01T10:00:00.000Z' } } } },
    });
    const { t } = await renderPage(<UpdatePaymentDetailsPage />, setup);
    const holder = (await screen.findByLabelText(label(t('account.fields.accountHolder')))) as HTMLInputElement;
    expect(holder.value).toBe('דנה לוי');
    expect(holder.getAttribute('dir')).toBe('auto');
    expect((screen.getByLabelText(label(t('account.fields.accountNumber'))) as HTMLInputElement).value).toBe('1234567');
    expect(screen.queryByText(t('account.payment.empty'))).toBeNull();
  });
});
