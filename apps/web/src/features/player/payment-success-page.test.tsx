import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { formatMoney } from '@streethunt/shared';
import { mockFetch, renderPage } from '../../test/render-page.tsx';
import { ACTIVE_GAME_KEY, Component as PaymentSuccessPage } from './payment-success-page.tsx';
import { keptGet, forgetKept } from './offline/kept-play.ts';

const PATH = '/payment-success';
const TOKEN = 'pay_' + 'a'.repeat(28);
const approved = { data: { gameId: 'g1', secretCode: 'TLV-7KX9-QW3M' } };

function setClipboard(writeText: ((text: string) => Promise<void>) | undefined) {
  Object.defineProperty(navigator, 'clipboard', { value: writeText ? { writeText } : undefined, configurable: true });
}
function setExecCommand(result: boolean) {
  const execCommand = vi.fn(() => result);
  Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
  return execCommand;
}

describe('payment success page', () => {
  beforeEach(() => forgetKept());
  afterEach(() => forgetKept());

  it('validates the token once, then shows the code, the email notice and the way back to the game', async () => {
    const fetchMock = mockFetch({ body: approved });
    const { t, router, missing } = await renderPage(<PaymentSuccessPage />, { path: PATH, url: `/payment-success?Token=${TOKEN}` });
    expect(within(screen.getByTestId('payment-validating')).getByText(t('paymentSuccess.validating'))).toBeTruthy();

    const page = await screen.findByTestId('payment-approved');
    expect(within(page).getByText(t('paymentSuccess.approved'))).toBeTruthy();
    expect(within(page).getByText(t('paymentSuccess.emailed'))).toBeTruthy();
    const code = screen.getByTestId('game-code');
    expect(code.textContent).toBe('TLV-7KX9-QW3M');
    expect(code.getAttribute('dir')).toBe('ltr');
    expect(document.title).toBe(`${t('paymentSuccess.title')} | ${t('common.appName')}`);

    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0][0]).toBe('/api/payment/checkToken');
    expect(fetchMock.mock.calls[0][1]?.method).toBe('POST');
    expect(JSON.parse(String(fetchMock.mock.calls[0][1]?.body))).toEqual({ token: TOKEN });

    // The player opens straight into the bought game.
    expect(keptGet(ACTIVE_GAME_KEY)).toEqual({ game_id: 'g1', game_secret: 'TLV-7KX9-QW3M' });

    const back = screen.getByRole('link', { name: t('paymentSuccess.backToGame') });
    expect(back.getAttribute('href')).toBe('/game/g1');
    fireEvent.click(back);
    await waitFor(() => expect(router.state.location.pathname).toBe('/game/g1'));
    // To the code screen (where the bought code waits), not the intro.
    expect(router.state.location.state).toEqual({ page: 'payment' });
    expect(missing).toEqual([]);
  });

  it('for an event bought for many teams: says it is ready and leads to its control room, keeping no game code', async () => {
    mockFetch({ body: { data: { gameId: 'g1', eventId: 'e7' } } });
    const { t, router, missing } = await renderPage(<PaymentSuccessPage />, { path: PATH, url: `/payment-success?Token=${TOKEN}`, language: 'en' });
    const page = await screen.findByTestId('event-approved');
    expect(within(page).getByText(t('paymentSuccess.eventReady'))).toBeTruthy();
    expect(within(page).getByText(t('paymentSuccess.eventEmailed'))).toBeTruthy();
    expect(screen.queryByTestId('game-code')).toBeNull();
    expect(keptGet(ACTIVE_GAME_KEY)).toBeNull();
    const room = screen.getByRole('link', { name: t('paymentSuccess.toControlRoom') });
    expect(room.getAttribute('href')).toBe('/events/e7');
    fireEvent.click(room);
    await waitFor(() => expect(router.state.location.pathname).toBe('/events/e7'));
    expect(missing).toEqual([]);
  });

  it('copies the code with the clipboard API', async () => {
    mockFetch({ body: approved });
    const writeText = vi.fn(async () => undefined);
    setClipboard(writeText);
    const { t } = await renderPage(<PaymentSuccessPage />, { path: PATH, url: `/payment-success?Token=${TOKEN}`, language: 'en' });
    fireEvent.click(await screen.findByRole('button', { name: t('paymentSuccess.copy') }));
    expect(await screen.findByRole('button', { name: t('paymentSuccess.copied') })).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith('TLV-7KX9-QW3M');
    expect(within(screen.getByTestId('copy-status')).getByText('Copied')).toBeTruthy();
  });

  it('falls back to execCommand where the clipboard API is missing, and says so when both fail', async () => {
    mockFetch({ body: approved });
    setClipboard(undefined);
    const execCommand = setExecCommand(true);
    const { t } = await renderPage(<PaymentSuccessPage />, { path: PATH, url: `/payment-success?Token=${TOKEN}` });
    fireEvent.click(await screen.findByRole('button', { name: t('paymentSuccess.copy') }));
    expect(await screen.findByRole('button', { name: t('paymentSuccess.copied') })).toBeTruthy();
    expect(execCommand).toHaveBeenCalledWith('copy');

    setClipboard(async () => {
      throw new DOMException('denied', 'NotAllowedError');
    });
    setExecCommand(false);
    fireEvent.click(screen.getByRole('button', { name: t('paymentSuccess.copied') }));
    expect(await screen.findByText(t('paymentSuccess.copyFailed'))).toBeTruthy();
  });

  it('shows the generic error and the way to the games when the payment was not completed (409)', async () => {
    const fetchMock = mockFetch({ status: 409, body: { message: 'Payment not completed', code: 'conflict' } });
    const { t, missing } = await renderPage(<PaymentSuccessPage />, { path: PATH, url: `/payment-success?Token=${TOKEN}` });
    const error = await screen.findByTestId('payment-error');
    expect(within(error).getByText(t('paymentSuccess.error'))).toBeTruthy();
    expect(screen.queryByText('Payment not completed')).toBeNull();
    expect(within(error).getByRole('link', { name: t('paymentSuccess.toGames') }).getAttribute('href')).toBe('/games');
    expect(within(error).queryByRole('button', { name: t('paymentSuccess.retry') })).toBeNull();
    expect(screen.queryByTestId('game-code')).toBeNull();
    expect(keptGet(ACTIVE_GAME_KEY)).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(missing).toEqual([]);
  });

  it('shows the same error for an unknown token (404)', async () => {
    mockFetch({ status: 404, body: { message: 'Not found', code: 'not_found' } });
    const { t } = await renderPage(<PaymentSuccessPage />, { path: PATH, url: `/payment-success?Token=${TOKEN}`, language: 'en' });
    const error = await screen.findByTestId('payment-error');
    expect(within(error).getByText(t('paymentSuccess.error'))).toBeTruthy();
  });

  it.each([
    ['no Token', '/payment-success'],
    ['an empty Token', '/payment-success?Token='],
    ['a malformed Token', '/payment-success?Token=abc'],
  ])('shows the error without calling the server for %s', async (_case, url) => {
    const fetchMock = mockFetch({ body: approved });
    const { t } = await renderPage(<PaymentSuccessPage />, { path: PATH, url: url });
    const error = await screen.findByTestId('payment-error');
    expect(within(error).getByText(t('paymentSuccess.error'))).toBeTruthy();
    expect(screen.queryByTestId('payment-validating')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('offers to try again when the server cannot be reached', async () => {
    const fetchMock = mockFetch('offline', { body: approved });
    const { t } = await renderPage(<PaymentSuccessPage />, { path: PATH, url: `/payment-success?Token=${TOKEN}`, language: 'en' });
    const error = await screen.findByTestId('payment-error');
    expect(within(error).getByText(t('paymentSuccess.networkError'))).toBeTruthy();
    fireEvent.click(within(error).getByRole('button', { name: t('paymentSuccess.retry') }));
    expect((await screen.findByTestId('game-code')).textContent).toBe('TLV-7KX9-QW3M');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  describe('cancelling within the 14 days', () => {
    const cancellable = { data: { ...approved.data, purchaseId: 'p1', cancellable: true, cancelBefore: '2026-12-13T10:00:00.000Z' } };

    it.each(['he', 'en'] as const)('in one step with a confirmation: the whole amount back, the code gone (%s)', async (language) => {
      const fetchMock = mockFetch({ body: cancellable }, { body: { data: { _id: 'p1', status: 'refunded', refundAmount: 4500, refundedAt: '2026-11-29T10:00:00.000Z', refundState: 'done' } } });
      const { t, missing } = await renderPage(<PaymentSuccessPage />, { path: PATH, url: `/payment-success?Token=${TOKEN}`, language });
      const section = await screen.findByTestId('cancel-purchase');
      expect(section.textContent).toContain(t('purchases:cancel.title'));
      // Until when, in the page's language.
      expect(section.textContent).toContain(new Intl.DateTimeFormat(language, { dateStyle: 'long', timeStyle: 'short' }).format(new Date(cancellable.data.cancelBefore)));

      fireEvent.click(within(section).getByRole('button', { name: t('purchases:cancel.button') }));
      const dialog = await screen.findByRole('dialog', { name: t('purchases:cancel.confirmTitle') });
      expect(dialog.textContent).toContain('TLV-7KX9-QW3M');
      // Changing one's mind sends nothing.
      fireEvent.click(within(dialog).getByRole('button', { name: t('purchases:cancel.confirmNo') }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(fetchMock).toHaveBeenCalledTimes(1);

      fireEvent.click(within(section).getByRole('button', { name: t('purchases:cancel.button') }));
      fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: t('purchases:cancel.confirmYes') }));
      const done = await screen.findByTestId('purchase-cancelled');
      expect(done.textContent).toBe(t('purchases:cancel.done', { amount: formatMoney(4500, language) }));
      expect(fetchMock.mock.calls[1][0]).toBe('/api/purchases/p1/cancel');
      expect(JSON.parse(String(fetchMock.mock.calls[1][1]?.body))).toEqual({ token: TOKEN });
      // The code stopped: no longer offered.
      expect(screen.queryByTestId('game-code')).toBeNull();
      expect(screen.queryByTestId('back-to-game')).toBeNull();
      expect(missing).toEqual([]);
    });

    it('says a refund still on its way to the provider is on its way', async () => {
      mockFetch({ body: cancellable }, { body: { data: { _id: 'p1', status: 'refunded', refundAmount: 4500, refundedAt: '2026-11-29T10:00:00.000Z', refundState: 'pending' } } });
      const { t } = await renderPage(<PaymentSuccessPage />, { path: PATH, url: `/payment-success?Token=${TOKEN}`, language: 'en' });
      fireEvent.click(await screen.findByRole('button', { name: t('purchases:cancel.button') }));
      fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: t('purchases:cancel.confirmYes') }));
      expect((await screen.findByTestId('purchase-cancelled')).textContent).toBe(t('purchases:cancel.pending', { amount: formatMoney(4500, 'en') }));
    });

    it.each([
      ['too_late', 409, 'purchases:cancel.tooLate', true],
      ['code_used', 409, 'purchases:cancel.used', true],
      ['already_refunded', 409, 'purchases:cancel.already', true],
      ['not_found', 404, 'purchases:cancel.notYours', true],
      ['internal', 500, 'purchases:cancel.failed', false],
    ] as const)('a refusal (%s) says why, keeps the code, and offers to try again only where it could help', async (code, status, key, final) => {
      mockFetch({ body: cancellable }, { status, body: { message: 'refused', code } });
      const { t } = await renderPage(<PaymentSuccessPage />, { path: PATH, url: `/payment-success?Token=${TOKEN}`, language: 'en' });
      fireEvent.click(await screen.findByRole('button', { name: t('purchases:cancel.button') }));
      fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: t('purchases:cancel.confirmYes') }));
      expect((await screen.findByTestId('cancel-refused')).textContent).toBe(t(key));
      expect(screen.getByTestId('game-code').textContent).toBe('TLV-7KX9-QW3M');
      expect(screen.queryByRole('button', { name: t('purchases:cancel.button') }) === null).toBe(final);
    });

    it('offers nothing once the purchase can no longer be cancelled', async () => {
      mockFetch({ body: { data: { ...cancellable.data, cancellable: false } } });
      await renderPage(<PaymentSuccessPage />, { path: PATH, url: `/payment-success?Token=${TOKEN}`, language: 'en' });
      await screen.findByTestId('payment-approved');
      expect(screen.queryByTestId('cancel-purchase')).toBeNull();
    });
  });
});
