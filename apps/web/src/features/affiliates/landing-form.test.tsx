import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { Language } from '@streethunt/shared';
import { bodiesSent, mockRoutes, renderPage, resetBrowserState } from '../../test/render-page.tsx';
import type { RouteReply } from '../../test/fetch-routes.ts';
import { Component as GuidesPage } from './guides-page.tsx';
import { Component as MakeMoneyPage } from './make-money-page.tsx';

const SEND = 'POST /api/landing-page-form';

async function renderLanding(language: Language = 'he', page: 'guides' | 'makeMoney' = 'guides') {
  const path = page === 'guides' ? '/affiliates/guides' : '/affiliates/make-money';
  const view = await renderPage(page === 'guides' ? <GuidesPage /> : <MakeMoneyPage />, { path, language });
  const t = view.i18n.getFixedT(language, ['affiliates', 'translation']);
  await screen.findByRole('heading', { level: 1 });
  return { ...view, t };
}

type T = Awaited<ReturnType<typeof renderLanding>>['t'];

const field = (t: T, name: 'firstName' | 'lastName' | 'email' | 'phone') => screen.getByLabelText(t(`affiliates.form.${name}`), { exact: false });
const type = (t: T, name: 'firstName' | 'lastName' | 'email' | 'phone', value: string) => fireEvent.change(field(t, name), { target: { value } });
const submit = (t: T) => fireEvent.click(screen.getByRole('button', { name: t('affiliates.form.submit') }));

function fillAll(t: T) {
  type(t, 'firstName', 'דנה');
  type(t, 'lastName', 'כהן');
  type(t, 'email', 'Dana@Example.com');
  type(t, 'phone', '054-7654321');
}

/** Holds the form's reply until `release` is called, so the sending state stays on screen. */
function holdReply(reply: RouteReply) {
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  const inner = mockRoutes({ [SEND]: reply });
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    await gate;
    return inner(input, init);
  }) as typeof fetch;
  return { fetchMock: inner, release: () => act(() => release()) };
}

afterEach(() => {
  resetBrowserState();
  document.cookie = 'aff=; max-age=0; path=/';
});

describe('the affiliate landing form', () => {
  it('has a labelled, required field for each of the four details, and the page its sections', async () => {
    const { t, missing } = await renderLanding('he');
    for (const name of ['firstName', 'lastName', 'email', 'phone'] as const) {
      expect(field(t, name)).toHaveProperty('required', true);
    }
    expect(field(t, 'email').getAttribute('type')).toBe('email');
    expect(field(t, 'phone').getAttribute('type')).toBe('tel');
    expect(field(t, 'email').getAttribute('dir')).toBe('ltr');
    expect(screen.getByRole('heading', { level: 1, name: t('pages.affiliatesGuides') })).toBeTruthy();
    for (const title of ['benefitsTitle', 'stepsTitle', 'shareTitle'] as const) {
      expect(screen.getByRole('heading', { level: 2, name: t(`affiliates.landing.${title}`) })).toBeTruthy();
    }
    expect(screen.getByRole('link', { name: t('affiliates.landing.joinCta') }).getAttribute('href')).toBe('#join');
    expect(screen.getAllByRole('link').some((link) => link.getAttribute('href') === '/terms')).toBe(true);
    expect(screen.getAllByRole('link').some((link) => link.getAttribute('href') === '/signup')).toBe(true);
    expect(missing).toEqual([]);
  });

  it('sending it empty marks every field required, sends nothing and moves to the first field', async () => {
    const fetchMock = mockRoutes({});
    const { t } = await renderLanding('he');
    submit(t);
    for (const name of ['firstName', 'lastName', 'email', 'phone'] as const) {
      expect(field(t, name).getAttribute('aria-invalid')).toBe('true');
    }
    expect(screen.getAllByText(t('affiliates.form.errors.required'))).toHaveLength(4);
    await waitFor(() => expect(document.activeElement).toBe(field(t, 'firstName')));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says what is wrong as the visitor leaves a field, and clears it once the value is right', async () => {
    mockRoutes({});
    const { t } = await renderLanding('en');
    type(t, 'email', 'dana@');
    fireEvent.blur(field(t, 'email'));
    expect(screen.getByText(t('affiliates.form.errors.email'))).toBeTruthy();
    type(t, 'email', 'dana@example.com');
    expect(screen.queryByText(t('affiliates.form.errors.email'))).toBeNull();

    // An empty field left behind is not an error yet.
    fireEvent.blur(field(t, 'lastName'));
    expect(screen.queryByText(t('affiliates.form.errors.required'))).toBeNull();

    type(t, 'phone', '12');
    fireEvent.blur(field(t, 'phone'));
    expect(screen.getByText(t('affiliates.form.errors.phoneShort'))).toBeTruthy();
    type(t, 'phone', 'call me');
    expect(screen.getByText(t('affiliates.form.errors.phoneFormat'))).toBeTruthy();

    type(t, 'firstName', 'a'.repeat(61));
    fireEvent.blur(field(t, 'firstName'));
    expect(screen.getByText(t('affiliates.form.errors.tooLong', { max: 60 }))).toBeTruthy();
  });

  it('sends the four details with the page’s formType, the aff cookie and the language, then thanks the visitor (focused status)', async () => {
    document.cookie = 'aff=PARTNER7; path=/';
    const fetchMock = mockRoutes({ [SEND]: { body: { data: { status: 'OK' } } } });
    const { t } = await renderLanding('en', 'makeMoney');
    fillAll(t);
    submit(t);
    const thanks = await screen.findByRole('status');
    expect(thanks.textContent).toContain(t('affiliates.thanks.title', { firstName: 'דנה' }));
    await waitFor(() => expect(document.activeElement).toBe(thanks));
    expect(bodiesSent(fetchMock, SEND)).toEqual([
      { firstName: 'דנה', lastName: 'כהן', email: 'dana@example.com', phone: '054-7654321', formType: 'makeMoney', aff: 'PARTNER7' },
    ]);
    const headers = new Headers((fetchMock.mock.calls[0][1] as RequestInit).headers);
    expect(headers.get('accept-language')).toBe('en');
    expect(screen.queryByTestId('landing-form')).toBeNull();
    expect(screen.getAllByRole('link', { name: t('affiliates.thanks.signup') }).some((link) => link.getAttribute('href') === '/signup')).toBe(true);
  });

  it('without an aff cookie sends aff null, and the guides page sends formType guides', async () => {
    const fetchMock = mockRoutes({ [SEND]: { body: { data: { status: 'OK' } } } });
    const { t } = await renderLanding('he', 'guides');
    fillAll(t);
    submit(t);
    await screen.findByRole('status');
    expect(bodiesSent(fetchMock, SEND)).toEqual([expect.objectContaining({ formType: 'guides', aff: null })]);
  });

  it('shows a sending state and sends once however often the button is pressed', async () => {
    const { fetchMock, release } = holdReply({ body: { data: { status: 'OK' } } });
    const { t } = await renderLanding('he');
    fillAll(t);
    submit(t);
    const button = screen.getByRole('button', { name: t('affiliates.form.submit') });
    await waitFor(() => expect(button.getAttribute('data-loading')).toBe('true'));
    fireEvent.submit(screen.getByTestId('landing-form'));
    release();
    await screen.findByRole('status');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  const failures: [string, RouteReply, (t: T) => string][] = [
    ['the server’s message on a 400', { status: 400, body: { message: 'Invalid body: email: Invalid email address', code: 'validation' } }, () => 'Invalid body: email: Invalid email address'],
    ['the server’s message on a 429', { status: 429, body: { message: 'נשלחו מכאן יותר מדי טפסים. אפשר לנסות שוב בעוד דקה.', code: 'rate_limited' } }, () => 'נשלחו מכאן יותר מדי טפסים. אפשר לנסות שוב בעוד דקה.'],
    ['our own words on a 500', { status: 500, body: { message: 'Something went wrong on our side', code: 'internal' } }, (t) => t('affiliates.form.generic')],
    ['that there is no connection on a network failure', { networkError: true }, (t) => t('affiliates.form.network')],
  ];
  it.each(failures)('a failed send shows %s and keeps what was typed; sending again works', async (_what, reply, expected) => {
    mockRoutes({ [SEND]: [reply, { body: { data: { status: 'OK' } } }] });
    const { t } = await renderLanding('he');
    fillAll(t);
    submit(t);
    const alert = await screen.findByTestId('landing-form-error');
    expect(alert.textContent).toContain(expected(t));
    expect(alert.textContent).toContain(t('affiliates.form.errorTitle'));
    expect((field(t, 'firstName') as HTMLInputElement).value).toBe('דנה');
    expect((field(t, 'email') as HTMLInputElement).value).toBe('Dana@Example.com');
    expect((field(t, 'phone') as HTMLInputElement).value).toBe('054-7654321');
    submit(t);
    await screen.findByRole('status');
  });
});
