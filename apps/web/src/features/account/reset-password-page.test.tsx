import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { POST_RESET_REDIRECT_MS } from '@streethunt/shared';
import { Component as ResetPasswordPage } from './reset-password-page.tsx';
import { labelStartingWith, mockFetch, renderPage, resetBrowserState, sentBody } from '../../test/render-page.tsx';

const ID = '65f0c0ffee0000000000abcd';
const TOKEN = 'a'.repeat(32);
const setup = { path: '/reset-password/:id/:token', url: `/reset-password/${ID}/${TOKEN}` };

function submit(t: (key: string) => string, password: string, confirm: string) {
  fireEvent.change(screen.getByLabelText(labelStartingWith(t('account.fields.newPassword'))), { target: { value: password } });
  fireEvent.change(screen.getByLabelText(labelStartingWith(t('account.fields.confirmPassword'))), { target: { value: confirm } });
  fireEvent.click(screen.getByRole('button', { name: t('account.reset.submit') }));
}

describe('reset password page', () => {
  beforeEach(resetBrowserState);
  afterEach(() => {
    vi.useRealTimers();
    resetBrowserState();
  });

  it('says the passwords are not the same and calls nothing', async () => {
    const fetchMock = mockFetch({ body: { data: { status: 'OK', message: 'done' } } });
    const { t, missing } = await renderPage(<ResetPasswordPage />, setup);
    submit(t, 'new-password-1', 'new-password-2');
    expect(await screen.findByText(t('account.validation.passwordsMismatch'))).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(missing).toEqual([]);
  });

  it('on OK shows the message, then goes to /login after 3 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = mockFetch({ body: { data: { status: 'OK', message: 'Your password was updated' } } });
    const { t, router } = await renderPage(<ResetPasswordPage />, setup);
    submit(t, 'new-password-1', 'new-password-1');
    expect(await screen.findByText('Your password was updated')).toBeTruthy();
    expect(sentBody(fetchMock)).toEqual({ password: 'new-password-1', id: ID, token: TOKEN });
    expect(screen.queryByRole('button', { name: t('account.reset.submit') })).toBeNull();

    await act(() => vi.advanceTimersByTimeAsync(POST_RESET_REDIRECT_MS - 1000));
    expect(router.state.location.pathname).toBe(`/reset-password/${ID}/${TOKEN}`);
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(router.state.location.pathname).toBe('/login');
  });

  it('on ERROR (the server’s reply for a used or expired link) shows the message, then goes to /forgot-password after 3 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockFetch({ body: { data: { status: 'ERROR', message: 'The reset link has expired' } } });
    const { t, router } = await renderPage(<ResetPasswordPage />, setup);
    submit(t, 'new-password-1', 'new-password-1');
    expect(await screen.findByText('The reset link has expired')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(POST_RESET_REDIRECT_MS));
    expect(router.state.location.pathname).toBe('/forgot-password');
  });

  it('keeps the form on a network failure, without moving on', async () => {
    globalThis.fetch = (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch;
    const { t, router } = await renderPage(<ResetPasswordPage />, setup);
    submit(t, 'new-password-1', 'new-password-1');
    expect(await screen.findByText(t('account.errors.network'))).toBeTruthy();
    expect(screen.getByRole('button', { name: t('account.reset.submit') })).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/reset-password/${ID}/${TOKEN}`);
  });

  it('says a malformed link is not valid without a form', async () => {
    const fetchMock = mockFetch({ body: {} });
    const { t } = await renderPage(<ResetPasswordPage />, { ...setup, url: `/reset-password/${ID}/short` });
    expect(screen.getByText(t('account.reset.invalidLink'))).toBeTruthy();
    expect(screen.getByRole('link', { name: t('account.reset.requestNew') }).getAttribute('href')).toBe('/forgot-password');
    await waitFor(() => expect(fetchMock).not.toHaveBeenCalled());
  });
});
