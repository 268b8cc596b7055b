import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Component as LoginPage } from './login-page.tsx';
import { freshBrowserEachTest, labelStartingWith, mockFetch, renderPage, sentBody } from '../../test/render-page.tsx';

const loginReply = { accessToken: 'token-123', data: { role: 'user', isSelfPayment: false, userId: 'u1' } };

async function fillAndSubmit(t: (key: string) => string, email: string, password: string) {
  fireEvent.change(screen.getByLabelText(labelStartingWith(t('account.fields.email'))), { target: { value: email } });
  fireEvent.change(screen.getByLabelText(labelStartingWith(t('account.fields.password'))), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: t('account.login.submit') }));
}

describe('login page', () => {
  freshBrowserEachTest(null);

  it('stores the session and goes to the ?url= path', async () => {
    const fetchMock = mockFetch({ body: loginReply });
    const { t, router, missing } = await renderPage(<LoginPage />, { path: '/login', url: '/login?url=/update-profile' });
    await fillAndSubmit(t, '  Dana@Example.com ', 'secret-pass');
    await waitFor(() => expect(router.state.location.pathname).toBe('/update-profile'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0][0]).toBe('/api/login');
    expect(sentBody(fetchMock)).toEqual({ email: 'dana@example.com', password: 'secret-pass' });
    // The server answers its messages in the interface's language.
    expect((fetchMock.mock.calls[0][1]?.headers as Record<string, string>)['accept-language']).toBe('he');
    expect(JSON.parse(localStorage.getItem('session') ?? 'null')).toEqual({ accessToken: 'token-123', role: 'user', isSelfPayment: false, userId: 'u1' });
    expect(missing).toEqual([]);
  });

  it('goes to /my-games when ?url= leads off the site', async () => {
    mockFetch({ body: loginReply });
    const { t, router } = await renderPage(<LoginPage />, { path: '/login', url: '/login?url=//evil.example/x' });
    await fillAndSubmit(t, 'dana@example.com', 'secret-pass');
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-games'));
  });

  it('shows the server message and a resend link when the email is not validated', async () => {
    mockFetch({ status: 403, body: { message: 'Please confirm your email first', code: 'need_email_validate' } });
    const { t } = await renderPage(<LoginPage />, { path: '/login', url: '/login' });
    await fillAndSubmit(t, 'dana@example.com', 'secret-pass');
    expect(await screen.findByText('Please confirm your email first')).toBeTruthy();
    const link = screen.getByRole('link', { name: t('account.login.resendValidation') });
    expect(link.getAttribute('href')).toBe('/validate-email/resend?email=dana%40example.com');
    expect(localStorage.getItem('session')).toBeNull();
  });

  it('shows the server message on a wrong password, with no resend link', async () => {
    mockFetch({ status: 401, body: { message: 'Wrong email or password', code: 'wrong_credentials' } });
    const { t, router } = await renderPage(<LoginPage />, { path: '/login', url: '/login' });
    await fillAndSubmit(t, 'dana@example.com', 'nope-nope');
    expect(await screen.findByText('Wrong email or password')).toBeTruthy();
    expect(screen.queryByRole('link', { name: t('account.login.resendValidation') })).toBeNull();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('shows translated field errors and calls nothing when the form is empty', async () => {
    const fetchMock = mockFetch({ body: loginReply });
    const { t, missing } = await renderPage(<LoginPage />, { path: '/login', url: '/login', language: 'en' });
    fireEvent.click(screen.getByRole('button', { name: t('account.login.submit') }));
    expect(await screen.findByText(t('account.validation.byField.email.required'))).toBeTruthy();
    expect(screen.getByText(t('account.validation.byField.password.required'))).toBeTruthy();
    expect(screen.getByLabelText(labelStartingWith(t('account.fields.email'))).getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(missing).toEqual([]);
  });

  it('says so when the server cannot be reached', async () => {
    globalThis.fetch = (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch;
    const { t } = await renderPage(<LoginPage />, { path: '/login', url: '/login' });
    await fillAndSubmit(t, 'dana@example.com', 'secret-pass');
    expect(await screen.findByText(t('account.errors.network'))).toBeTruthy();
  });

  it('reads emails and passwords left to right inside the Hebrew page', async () => {
    mockFetch({ body: loginReply });
    const { t } = await renderPage(<LoginPage />, { path: '/login', url: '/login' });
    expect(document.title).toBe(`${t('account.login.title')} | ${t('common.appName')}`);
    expect(screen.getByLabelText(labelStartingWith(t('account.fields.email'))).getAttribute('dir')).toBe('ltr');
    expect(screen.getByLabelText(labelStartingWith(t('account.fields.email'))).getAttribute('type')).toBe('email');
    expect(screen.getByLabelText(labelStartingWith(t('account.fields.password'))).getAttribute('dir')).toBe('ltr');
  });
});
