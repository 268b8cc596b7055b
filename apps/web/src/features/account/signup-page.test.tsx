import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Component as SignupPage } from './signup-page.tsx';
import { freshBrowserEachTest, labelStartingWith, mockFetch, renderPage, sentBody } from '../../test/render-page.tsx';

type T = (key: string) => string;

function fill(t: T, values: Record<string, string>) {
  for (const [field, value] of Object.entries(values)) {
    fireEvent.change(screen.getByLabelText(labelStartingWith(t(`account.fields.${field}`))), { target: { value } });
  }
}

const valid = { firstName: 'דנה', lastName: 'Levi', email: 'Dana@Example.com', password: 'long-enough', phone: '050-1234567' };

describe('signup page', () => {
  freshBrowserEachTest(null);

  it('sends every field, the affiliate code from the cookie and the language', async () => {
    document.cookie = 'aff=guide42; path=/';
    const fetchMock = mockFetch({ body: { data: { status: 'OK' } } });
    const { t, missing } = await renderPage(<SignupPage />, { path: '/signup', url: '/signup' });
    fill(t, valid);
    fireEvent.click(screen.getByRole('button', { name: t('account.signup.submit') }));
    expect(await screen.findByRole('heading', { name: t('account.signup.successTitle') })).toBeTruthy();
    expect(fetchMock.mock.calls[0][0]).toBe('/api/signup');
    expect(sentBody(fetchMock)).toEqual({
      firstName: 'דנה',
      lastName: 'Levi',
      email: 'dana@example.com',
      password: 'long-enough',
      phone: '050-1234567',
      aff: 'guide42',
      language: 'he',
    });
    expect(screen.getByText('dana@example.com')).toBeTruthy();
    expect(missing).toEqual([]);
  });

  it('sends aff as null without the cookie, and the English language when English is on', async () => {
    const fetchMock = mockFetch({ body: { data: { status: 'OK' } } });
    const { t } = await renderPage(<SignupPage />, { path: '/signup', url: '/signup', language: 'en' });
    fill(t, valid);
    fireEvent.click(screen.getByRole('button', { name: t('account.signup.submit') }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(sentBody(fetchMock)).toMatchObject({ aff: null, language: 'en' });
  });

  it('marks every missing field in the active language and calls nothing', async () => {
    const fetchMock = mockFetch({ body: { data: { status: 'OK' } } });
    const { t, missing } = await renderPage(<SignupPage />, { path: '/signup', url: '/signup' });
    fill(t, { password: 'short', phone: 'abc-defg' });
    fireEvent.click(screen.getByRole('button', { name: t('account.signup.submit') }));
    expect(await screen.findAllByText(t('account.validation.required'))).toHaveLength(2);
    expect(screen.getByText(t('account.validation.byField.email.required'))).toBeTruthy();
    expect(screen.getByText(t('account.validation.byField.password.tooShort').replace('{{min}}', '8'))).toBeTruthy();
    expect(screen.getByText(t('account.validation.byField.phone.format'))).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(missing).toEqual([]);
  });

  it('shows the server message when the email is taken, and its validation issues by field', async () => {
    mockFetch(
      { status: 409, body: { message: 'This email is already registered', code: 'email_taken' } },
      { status: 400, body: { message: 'Invalid request', code: 'validation', issues: [{ path: 'phone', message: 'Phone is not valid' }] } },
    );
    const { t } = await renderPage(<SignupPage />, { path: '/signup', url: '/signup' });
    fill(t, valid);
    fireEvent.click(screen.getByRole('button', { name: t('account.signup.submit') }));
    expect(await screen.findByText('This email is already registered')).toBeTruthy();
    expect(screen.getByRole('link', { name: t('account.common.forgotPassword') })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: t('account.signup.submit') }));
    expect(await screen.findByText('Phone is not valid')).toBeTruthy();
    expect(screen.getByText('Invalid request')).toBeTruthy();
    expect(screen.getByLabelText(labelStartingWith(t('account.fields.phone'))).getAttribute('aria-invalid')).toBe('true');
  });

  it('lets names follow their own direction', async () => {
    mockFetch({ body: { data: { status: 'OK' } } });
    const { t } = await renderPage(<SignupPage />, { path: '/signup', url: '/signup' });
    expect(screen.getByLabelText(labelStartingWith(t('account.fields.firstName'))).getAttribute('dir')).toBe('auto');
    expect(screen.getByLabelText(labelStartingWith(t('account.fields.lastName'))).getAttribute('dir')).toBe('auto');
    expect(screen.getByLabelText(labelStartingWith(t('account.fields.phone'))).getAttribute('dir')).toBe('ltr');
  });
});
