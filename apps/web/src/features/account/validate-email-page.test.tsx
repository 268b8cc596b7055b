import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Component as ValidateEmailPage } from './validate-email-page.tsx';
import { freshBrowserEachTest, labelStartingWith, mockFetch, renderPage, sentBody } from '../../test/render-page.tsx';

const TOKEN = 'tok_' + 'b'.repeat(28);
const setup = { path: '/validate-email/:token', url: `/validate-email/${TOKEN}` };

describe('validate email page', () => {
  freshBrowserEachTest(null);

  it('validates the token once and then offers the login', async () => {
    const fetchMock = mockFetch({ body: { data: { status: 'OK' } } });
    const { t, missing } = await renderPage(<ValidateEmailPage />, setup);
    expect(screen.getByText(t('account.validate.validating'))).toBeTruthy();
    expect(await screen.findByText(t('account.validate.success'))).toBeTruthy();
    expect(screen.getByRole('link', { name: t('account.common.toLogin') }).getAttribute('href')).toBe('/login');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0][0]).toBe('/api/user/validate-email');
    expect(sentBody(fetchMock)).toEqual({ token: TOKEN });
    expect(missing).toEqual([]);
  });

  it('says the link is not valid and shows the resend form on invalid_token', async () => {
    const fetchMock = mockFetch(
      { status: 400, body: { message: 'Invalid token', code: 'invalid_token' } },
      { body: { data: { status: 'OK' } } },
    );
    const { t, missing } = await renderPage(<ValidateEmailPage />, setup);
    expect(await screen.findByText(t('account.validate.invalid'))).toBeTruthy();
    expect(screen.getByTestId('resend-form')).toBeTruthy();

    fireEvent.change(screen.getByLabelText(labelStartingWith(t('account.fields.email'))), { target: { value: 'dana@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: t('account.validate.resendSubmit') }));
    expect(await screen.findByText(t('account.validate.resendSent'))).toBeTruthy();
    expect(fetchMock.mock.calls[1][0]).toBe('/api/user/resend-validation');
    expect(sentBody(fetchMock, 1)).toEqual({ email: 'dana@example.com' });
    expect(missing).toEqual([]);
  });

  it('shows only the resend form on /validate-email/resend, prefilled from ?email=', async () => {
    const fetchMock = mockFetch({ body: { data: { status: 'OK' } } });
    const { t } = await renderPage(<ValidateEmailPage />, { ...setup, url: '/validate-email/resend?email=dana%40example.com' });
    expect(screen.getByRole('heading', { name: t('account.validate.resendTitle') })).toBeTruthy();
    expect((screen.getByLabelText(labelStartingWith(t('account.fields.email'))) as HTMLInputElement).value).toBe('dana@example.com');
    expect(screen.queryByText(t('account.validate.invalid'))).toBeNull();
    await waitFor(() => expect(fetchMock).not.toHaveBeenCalled());
  });

  it('offers to try again when the server cannot be reached', async () => {
    globalThis.fetch = (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch;
    const { t } = await renderPage(<ValidateEmailPage />, setup);
    expect(await screen.findByText(t('account.errors.network'))).toBeTruthy();
    mockFetch({ body: { data: { status: 'OK' } } });
    fireEvent.click(screen.getByRole('button', { name: t('account.common.retry') }));
    expect(await screen.findByText(t('account.validate.success'))).toBeTruthy();
  });
});
