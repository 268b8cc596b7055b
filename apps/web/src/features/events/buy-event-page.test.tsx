import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { buildGameReply, GAME_ID } from '../../test/game-factory.ts';
import { autoLoginReply, bodiesSent, freshBrowserEachTest, labelStartingWith, mockRoutes, renderPage, routesCalled } from '../../test/render-page.tsx';
import { Component as BuyEventPage } from './buy-event-page.tsx';

const setup = { path: '/events/buy/:gameId', url: `/events/buy/${GAME_ID}` };
const game = (metadata: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) =>
  buildGameReply({ metadata: { name: 'Bialik street hunt', price: 45, groupPrice: 30, ...metadata }, ...extra });
const routes = (overrides: Record<string, unknown> = {}) => ({
  'POST /api/auto-login': autoLoginReply,
  [`GET /api/games/${GAME_ID}`]: { body: game() },
  'POST /api/events/purchase': { body: { data: { URL: 'https://pay.example/sandbox-pay/ref1', eventId: null } } },
  ...overrides,
});

type T = (key: string, options?: Record<string, unknown>) => string;
const input = (t: T, key: string) => screen.getByLabelText(labelStartingWith(t(`events.form.${key}.label`))) as HTMLInputElement;
const type = (element: HTMLInputElement, value: string) => fireEvent.change(element, { target: { value } });

describe('buying an event for a group', () => {
  freshBrowserEachTest('user');
  const assign = vi.fn();
  const location = window.location;
  beforeEach(() => {
    assign.mockReset();
    Object.defineProperty(window, 'location', { configurable: true, value: { ...location, assign, origin: location.origin, href: location.href } });
  });
  afterEach(() => Object.defineProperty(window, 'location', { configurable: true, value: location }));

  it('shows the price per team and the total as the teams are counted, then goes to the payment page', async () => {
    const fetchMock = mockRoutes(routes());
    const { t, missing } = await renderPage(<BuyEventPage />, { ...setup, language: 'en' });
    expect((await screen.findByTestId('buy-game-name')).textContent).toBe('Bialik street hunt');
    expect(screen.getByTestId('buy-price').textContent).toBe('₪30 per team');
    // The game is fixed: no picker.
    expect(input(t, 'game').readOnly).toBe(true);
    expect(screen.getByTestId('event-total').textContent).toBe('Total to pay: ₪150 (₪30 per team)');
    type(input(t, 'teamCount'), '12');
    expect(screen.getByTestId('event-total').textContent).toBe('Total to pay: ₪360 (₪30 per team)');
    type(input(t, 'teamCount'), '');
    expect(screen.getByTestId('event-total').textContent).toBe('₪30 per team');

    type(input(t, 'teamCount'), '12');
    type(input(t, 'name'), ' Class 7B ');
    type(input(t, 'startsAt'), '2026-12-01T09:00');
    type(input(t, 'endsAt'), '2026-12-01T11:00');
    fireEvent.click(screen.getByRole('button', { name: t('events.buy.submit') }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://pay.example/sandbox-pay/ref1'));
    expect(bodiesSent(fetchMock, 'POST /api/events/purchase')).toEqual([
      {
        gameId: GAME_ID,
        name: 'Class 7B',
        startsAt: new Date(2026, 11, 1, 9, 0).toISOString(),
        endsAt: new Date(2026, 11, 1, 11, 0).toISOString(),
        teamCount: 12,
        showLeaderboard: true,
        timeLimitMinutes: null,
      },
    ]);
    expect(routesCalled(fetchMock)).not.toContain('POST /api/events');
    expect(missing).toEqual([]);
  });

  it('checks the form in Hebrew before sending anything', async () => {
    const fetchMock = mockRoutes(routes());
    const { t, missing } = await renderPage(<BuyEventPage />, setup);
    await screen.findByTestId('buy-game-name');
    type(input(t, 'teamCount'), '1001');
    fireEvent.click(screen.getByRole('button', { name: 'לתשלום מאובטח' }));
    const form = screen.getByRole('form');
    expect(await within(form).findByText('יש למלא את השדה')).toBeTruthy();
    expect(within(form).getByText('מספר שלם מ-1 עד 1000')).toBeTruthy();
    // Over 200 teams there is no total, only the price per team.
    expect(screen.getByTestId('event-total').textContent).toMatch(/^[^0-9]*30[^0-9]* לקבוצה$/);
    expect(routesCalled(fetchMock)).not.toContain('POST /api/events/purchase');
    expect(missing).toEqual([]);
  });

  it('without a group price, a team costs the game’s price', async () => {
    mockRoutes(routes({ [`GET /api/games/${GAME_ID}`]: { body: game({ groupPrice: null }) } }));
    await renderPage(<BuyEventPage />, { ...setup, language: 'en' });
    expect((await screen.findByTestId('buy-price')).textContent).toBe('₪45 per team');
    expect(screen.getByTestId('event-total').textContent).toBe('Total to pay: ₪225 (₪45 per team)');
  });

  it('for the game’s own creator, or a free price: nothing to pay, the event is made and its control room opens', async () => {
    for (const [reply, text] of [
      [game({}, { userId: 'u1' }), 'events.buy.own'],
      [game({ price: '', groupPrice: null }), 'events.buy.free'],
    ] as const) {
      const fetchMock = mockRoutes(routes({ [`GET /api/games/${GAME_ID}`]: { body: reply }, 'POST /api/events/purchase': { body: { data: { URL: 'http://x/events/e5', eventId: 'e5' } } } }));
      const { t, router, unmount } = await renderPage(<BuyEventPage />, { ...setup, language: 'en' });
      expect((await screen.findByTestId('buy-price')).textContent).toBe(t(text));
      expect(screen.queryByTestId('event-total')).toBeNull();
      type(input(t, 'name'), 'Team day');
      fireEvent.click(screen.getByRole('button', { name: t('events.form.submit') }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/events/e5'));
      expect(bodiesSent(fetchMock, 'POST /api/events/purchase')).toHaveLength(1);
      expect(assign).not.toHaveBeenCalled();
      unmount();
    }
  });

  it('says so when the game cannot be bought as an event (a draft, or none), and shows why a purchase did not start', async () => {
    mockRoutes(routes({ [`GET /api/games/${GAME_ID}`]: { body: game({}, { status: 'DRAFT' }) } }));
    const first = await renderPage(<BuyEventPage />, { ...setup, language: 'en' });
    expect((await screen.findByTestId('not-for-sale')).textContent).toContain(first.t('events.buy.notForSale'));
    expect(screen.getByRole('link', { name: first.t('events.buy.backToGame') }).getAttribute('href')).toBe(`/game/${GAME_ID}`);
    first.unmount();

    mockRoutes(routes({ [`GET /api/games/${GAME_ID}`]: { status: 404, body: { message: 'No such game', code: 'not_found' } } }));
    const second = await renderPage(<BuyEventPage />, { ...setup, language: 'en' });
    expect(await screen.findByTestId('not-for-sale')).toBeTruthy();
    second.unmount();

    mockRoutes(routes({ 'POST /api/events/purchase': { status: 409, body: { message: 'This game has no price it can be bought at', code: 'conflict' } } }));
    const { t } = await renderPage(<BuyEventPage />, { ...setup, language: 'en' });
    await screen.findByTestId('buy-game-name');
    type(input(t, 'name'), 'Team day');
    fireEvent.click(screen.getByRole('button', { name: t('events.buy.submit') }));
    expect((await screen.findByTestId('action-error')).textContent).toBe('The purchase did not start: This game has no price it can be bought at');
    expect(assign).not.toHaveBeenCalled();
  });
});
