import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { autoLoginReply, bodiesSent, freshBrowserEachTest, labelStartingWith, mockRoutes, renderPage, routesCalled } from '../../test/render-page.tsx';
import { Component as NewEventPage } from './new-event-page.tsx';
import { buildEvent, buildMyGame } from './test-data.ts';

const setup = { path: '/events/new' };
const games = [buildMyGame('g1', 'סודות נווה צדק'), buildMyGame('g2', 'Jaffa Port Hunt'), buildMyGame('g3', 'A draft', 'DRAFT')];
const routes = (overrides: Record<string, unknown> = {}) => ({
  'POST /api/auto-login': autoLoginReply,
  'GET /api/games/my-games': { body: { data: games } },
  'POST /api/events': { body: { data: buildEvent({ id: 'e9' }) } },
  ...overrides,
});

type T = (key: string, options?: Record<string, unknown>) => string;
const input = (t: T, key: string) => screen.getByLabelText(labelStartingWith(t(`events.form.${key}.label`))) as HTMLInputElement;
const type = (element: HTMLInputElement, value: string) => fireEvent.change(element, { target: { value } });

describe('new event page', () => {
  freshBrowserEachTest('user');

  it('offers my approved games only, preselects the one in the link, and starts from sensible defaults', async () => {
    mockRoutes(routes());
    const { t, missing } = await renderPage(<NewEventPage />, { ...setup, url: '/events/new?gameId=g2', language: 'en' });
    const game = (await screen.findByRole('textbox', { name: labelStartingWith(t('events.form.game.label')) })) as HTMLInputElement;
    expect(game.value).toBe('Jaffa Port Hunt');
    fireEvent.click(game);
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(['סודות נווה צדק', 'Jaffa Port Hunt']);
    expect(input(t, 'name').value).toBe('');
    const starts = new Date(input(t, 'startsAt').value);
    const ends = new Date(input(t, 'endsAt').value);
    expect(ends.getTime() - starts.getTime()).toBe(2 * 60 * 60_000);
    expect(starts.getMinutes() % 5).toBe(0);
    expect(Math.abs(Date.now() - starts.getTime())).toBeLessThan(5 * 60_000);
    expect(input(t, 'teamCount').value).toBe('5');
    expect((screen.getByRole('switch', { name: labelStartingWith(t('events.form.showLeaderboard.label')) }) as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByTestId('unknown-game')).toBeNull();
    expect(missing).toEqual([]);
  });

  it('checks the form before sending, in Hebrew, and sends nothing while it is wrong', async () => {
    const fetchMock = mockRoutes(routes());
    const { t, missing } = await renderPage(<NewEventPage />, setup);
    await screen.findByRole('form', { name: t('events.form.label') });
    type(input(t, 'endsAt'), input(t, 'startsAt').value);
    type(input(t, 'teamCount'), '1001');
    fireEvent.click(screen.getByRole('button', { name: 'יצירת האירוע' }));

    const form = screen.getByRole('form');
    expect(await within(form).findByText('יש לבחור משחק')).toBeTruthy();
    expect(within(form).getByText('יש למלא את השדה')).toBeTruthy();
    expect(within(form).getByText('הסיום צריך להיות אחרי ההתחלה')).toBeTruthy();
    expect(within(form).getByText('מספר שלם מ-1 עד 1000')).toBeTruthy();
    expect(input(t, 'name').getAttribute('aria-invalid')).toBe('true');
    // Typing letters into the count keeps digits only.
    type(input(t, 'teamCount'), '1a2');
    expect(input(t, 'teamCount').value).toBe('12');
    expect(routesCalled(fetchMock)).not.toContain('POST /api/events');
    expect(missing).toEqual([]);
  });

  it('makes the event and opens its control room', async () => {
    const fetchMock = mockRoutes(routes());
    const { t, router } = await renderPage(<NewEventPage />, { ...setup, url: '/events/new?gameId=g1', language: 'en' });
    await screen.findByRole('form', { name: t('events.form.label') });
    type(input(t, 'name'), '  Team day ');
    type(input(t, 'startsAt'), '2026-12-01T09:00');
    type(input(t, 'endsAt'), '2026-12-01T12:30');
    type(input(t, 'teamCount'), '12');
    type(input(t, 'timeLimit'), '40');
    fireEvent.click(screen.getByRole('switch', { name: labelStartingWith(t('events.form.showLeaderboard.label')) }));
    fireEvent.click(screen.getByRole('button', { name: 'Create the event' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/events/e9'));
    expect(bodiesSent(fetchMock, 'POST /api/events')).toEqual([
      {
        gameId: 'g1',
        name: 'Team day',
        startsAt: new Date(2026, 11, 1, 9, 0).toISOString(),
        endsAt: new Date(2026, 11, 1, 12, 30).toISOString(),
        teamCount: 12,
        showLeaderboard: false,
        timeLimitMinutes: 40,
      },
    ]);
  });

  it("shows the server's reason when it refuses, and stays", async () => {
    mockRoutes(routes({ 'POST /api/events': { status: 403, body: { message: 'This game is not approved', code: 'forbidden' } } }));
    const { t, router } = await renderPage(<NewEventPage />, { ...setup, url: '/events/new?gameId=g1', language: 'en' });
    await screen.findByRole('form', { name: t('events.form.label') });
    type(input(t, 'name'), 'Team day');
    fireEvent.click(screen.getByRole('button', { name: 'Create the event' }));
    expect((await screen.findByTestId('action-error')).textContent).toBe('The event was not created: This game is not approved');
    expect(router.state.location.pathname).toBe('/events/new');
  });

  it('says when a game in the link is not one of mine, and when I have no approved game at all', async () => {
    mockRoutes(routes());
    const { t } = await renderPage(<NewEventPage />, { ...setup, url: '/events/new?gameId=g3', language: 'en' });
    expect((await screen.findByTestId('unknown-game')).textContent).toBe(t('events.new.unknownGame'));
    expect((screen.getByRole('textbox', { name: labelStartingWith(t('events.form.game.label')) }) as HTMLInputElement).value).toBe('');
  });

  it('leads to my games when none is approved', async () => {
    mockRoutes(routes({ 'GET /api/games/my-games': { body: { data: [buildMyGame('g3', 'A draft', 'DRAFT')] } } }));
    const { t } = await renderPage(<NewEventPage />, { ...setup, language: 'en' });
    const none = await screen.findByTestId('no-approved-games');
    expect(within(none).getByText(t('events.new.noGames.title'))).toBeTruthy();
    expect(within(none).getByRole('link', { name: t('events.new.noGames.link') }).getAttribute('href')).toBe('/my-games');
    expect(screen.queryByRole('form')).toBeNull();
  });
});
