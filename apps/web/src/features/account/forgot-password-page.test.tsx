import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Component as ForgotPasswordPage } from './forgot-password-page.tsx';
import { freshBrowserEachTest, labelStartingWith, mockFetch, renderPage, sentBody } from '../../test/render-page.tsx';

const setup = { path: '/forgot-password', url: '/forgot-password' };

function submit(t: (key: string) => string, email: string) {
  fireEvent.change(screen.getByLabelText(labelStartingWith(t('account.fields.email'))), { target: { value: email } });
  fireEvent.click(screen.getByRole('button', { name: t('account.forgot.submit') }));
}

describe('forgot password page', () => {
  freshBrowserEachTest(null);

  it('says the email was sent and hides the button on OK', async () => {
    const fetchMock = mockFetch({ body: { data: { status: 'OK', message: 'sent' } } });
    const { t, missing } = await renderPage(<ForgotPasswordPage />, setup);
    const email = screen.getByLabelText(labelStartingWith(t('account.fields.email')));
    expect(email.getAttribute('type')).toBe('email');
    expect(email.hasAttribute('required')).toBe(true);
    for (const [name, href] of [
      ['account.common.toHome', '/'],
      ['account.common.toLogin', '/login'],
      ['account.common.toSignup', '/signup'],
    ]) {
      expect(screen.getByRole('link', { name: t(name) }).getAttribute('href')).toBe(href);
    }
    submit(t, 'dana@example.com');
    expect(await screen.findByText(t('account.forgot.sent'))).toBeTruthy();
    expect(screen.queryByRole('button', { name: t('account.forgot.submit') })).toBeNull();
    expect(fetchMock.mock.calls[0][0]).toBe('/api/reset-password');
    expect(sentBody(fetchMock)).toEqual({ email: 'dana@example.com' });
    expect(missing).toEqual([]);
  });

  it('shows the message of a non-OK reply, and the generic error when there is none', async () => {
    mockFetch({ body: { data: { status: 'ERROR', message: 'No such account' } } }, { body: { data: { status: 'ERROR' } } });
    const { t } = await renderPage(<ForgotPasswordPage />, setup);
    submit(t, 'dana@example.com');
    expect(await screen.findByText('No such account')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: t('account.forgot.submit') }));
    expect(await screen.findByText(t('account.errors.generic'))).toBeTruthy();
    expect(screen.getByRole('button', { name: t('account.forgot.submit') })).toBeTruthy();
  });

  it('asks for a valid address before calling', async () => {
    const fetchMock = mockFetch({ body: { data: { status: 'OK' } } });
    const { t } = await renderPage(<ForgotPasswordPage />, setup);
    submit(t, 'not-an-email');
    expect(await screen.findByText(t('account.validation.email'))).toBeTruthy();
    await waitFor(() => expect(fetchMock).not.toHaveBeenCalled());
  });
});
