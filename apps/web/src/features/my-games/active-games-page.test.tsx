import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ActivePlay, MyActiveGamesReply } from '@streethunt/shared';
import { Component as ActiveGamesPage } from './active-games-page.tsx';
import { OVERLAY_MAX_MS } from './constants.ts';
import { autoLoginReply, freshBrowserEachTest, mockRoutes, renderPage, routesCalled } from '../../test/render-page.tsx';
import { myGame } from './test-data.ts';

const setup = { path: '/my-active-games' };
const games = [myGame('g1', { name: 'סודות נווה צדק', status: 'APPROVED' }), myGame('g2', { name: 'Jaffa Port Hunt' })];

function play(id: string, overrides: Partial<ActivePlay> = {}): ActivePlay {
  return {
    _id: id,
    game_id: 'g1',
    game_name: 'סודות נווה צדק',
    game_secret: `CODE-${id}`,
    source: 'purchase',
    createdAt: '2025-03-01T08:00:00.000Z',
    startTime: '2025-03-01T09:00:00.000Z',
    endTime: null,
    lastUpdate: '2025-03-01T09:40:00.000Z',
    questions: [
      { status: 'DONE', hints: [{ isOpen: true }, { isOpen: false }] },
      { status: 'SKIPPED', hints: [] },
      { status: 'STARTED', hints: [{ isOpen: true }] },
      { status: null, hints: [] },
    ],
    score: 55,
    payment: { name: 'דנה לוי', email: 'dana@example.com', phone: '050-1234567' },
    ...overrides,
  };
}
const plays = [play('p1'), play('p2', { source: 'creator', payment: null, startTime: null, questions: [{ status: null, hints: [] }], score: 0 })];
const reply: MyActiveGamesReply = {
  data: plays,
  questions: [
    { couldReach: 2, reached: 2, answered: 1, skipped: 0, hintsOpened: 1, branches: [{ option: 'left', text: 'Left', plays: 1 }, { option: 'right', text: 'Right', plays: 0 }] },
    { couldReach: 1, reached: 1, answered: 0, skipped: 1, hintsOpened: 0 },
    { couldReach: 1, reached: 1, answered: 0, skipped: 0, hintsOpened: 1 },
    { couldReach: 1, reached: 0, answered: 0, skipped: 0, hintsOpened: 0 },
  ],
};
const base = { 'POST /api/auto-login': autoLoginReply, 'GET /api/games/my-games': { body: { data: games } } };

async function search(t: (key: string) => string, { progress, game }: { progress?: string; game?: string }) {
  await screen.findByRole('form', { name: t('myActiveGames.form.label') });
  if (progress) fireEvent.click(screen.getByRole('radio', { name: progress }));
  if (game) {
    fireEvent.click(screen.getByRole('textbox', { name: t('myGames.picker.label') }));
    fireEvent.click(await screen.findByRole('option', { name: game }));
  }
  fireEvent.click(screen.getByRole('button', { name: t('myActiveGames.form.search') }));
}

function playRows() {
  return within(screen.getByRole('table', { name: 'משחקים' })).getAllByRole('row').slice(1);
}

describe('active games page', () => {
  freshBrowserEachTest('user');

  it("searches a game's plays by progress and shows each play's code, counts, score and buyer", async () => {
    const fetchMock = mockRoutes({ ...base, 'GET /api/games/my-active-games?gameId=g1&progressType=started': { body: reply } });
    const { t, router, missing } = await renderPage(<ActiveGamesPage />, setup);
    expect(await screen.findByText(t('myActiveGames.pickFirst'))).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'הכול' }) as HTMLInputElement).checked).toBe(true);

    await search(t, { progress: 'התחילו', game: 'סודות נווה צדק' });
    await waitFor(() => expect(playRows()).toHaveLength(2));
    expect(router.state.location.search).toBe('?gameId=g1&progressType=started');
    expect(routesCalled(fetchMock)).toContain('GET /api/games/my-active-games?gameId=g1&progressType=started');

    const cells = within(playRows()[0])
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells[0]).toBe('CODE-p1');
    expect(cells[2]).toBe('—');
    // Answered: DONE (SKIPPED is not); hints: the two opened.
    expect(cells.slice(4, 8)).toEqual(['1', '2', '55', 'דנה לוי']);
    expect(within(playRows()[0]).getByText('CODE-p1').getAttribute('dir')).toBe('ltr');
    expect(playRows()[0].querySelector('time')?.getAttribute('datetime')).toBe('2025-03-01T09:00:00.000Z');

    // Per question: could reach, reached, answered, skipped and hints, each with its bar; at a fork, the ways taken.
    const stats = screen.getByRole('table', { name: t('myActiveGames.stats.title') });
    const firstQuestion = within(stats).getAllByRole('row')[1];
    expect(within(firstQuestion).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['1', '2', '2', '1', '0', '1', t('myActiveGames.stats.branchTaken', { text: 'Left', count: 1 }) + t('myActiveGames.stats.branchTaken', { text: 'Right', count: 0 })]);
    expect(within(within(stats).getAllByRole('row')[2]).getAllByRole('cell').at(-1)?.textContent).toBe('');
    expect(missing).toEqual([]);
  });

  it('opens a play in a dialog with every question state, hints, score, times and buyer', async () => {
    mockRoutes({ ...base, 'GET /api/games/my-active-games?gameId=g1&progressType=all': { body: reply } });
    const { t, missing } = await renderPage(<ActiveGamesPage />, { ...setup, url: '/my-active-games?gameId=g1&progressType=all' });
    await waitFor(() => expect(playRows()).toHaveLength(2));

    fireEvent.click(within(playRows()[0]).getByRole('button', { name: 'פרטי המשחק בקוד CODE-p1' }));
    const dialog = await screen.findByRole('dialog', { name: t('myActiveGames.details.title') });
    expect(within(dialog).getByRole('button', { name: t('studio.close') })).toBeTruthy();
    const questions = within(dialog).getByRole('table', { name: t('myActiveGames.details.questions') });
    const rows = within(questions).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['1', 'הושלמה', '1 מתוך 2'],
      ['2', 'דולגה', '0 מתוך 0'],
      ['3', 'באזור השאלה', '1 מתוך 1'],
      ['4', 'לא התחילו', '0 מתוך 0'],
    ]);
    expect(within(dialog).getByText('55')).toBeTruthy();
    expect(within(dialog).getByText('רכישה')).toBeTruthy();
    expect(within(dialog).getByText('דנה לוי')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'dana@example.com' }).getAttribute('href')).toBe('mailto:dana@example.com');
    expect(within(dialog).getByText('1 מתוך 4')).toBeTruthy();
    expect(missing).toEqual([]);
  });

  it('shows the play details in English, also for a code nobody bought', async () => {
    mockRoutes({ ...base, 'GET /api/games/my-active-games?gameId=g1&progressType=all': { body: reply } });
    const { missing } = await renderPage(<ActiveGamesPage />, { ...setup, url: '/my-active-games?gameId=g1', language: 'en' });
    const table = await screen.findByRole('table', { name: 'Plays' });
    const second = within(table).getAllByRole('row')[2];
    fireEvent.click(within(second).getByRole('button', { name: 'Details of play CODE-p2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Play details' });
    expect(within(dialog).getByText('Not started')).toBeTruthy();
    expect(within(dialog).getByText('Created by you')).toBeTruthy();
    expect(within(dialog).getByText('No purchase: the code was not bought.')).toBeTruthy();
    expect(missing).toEqual([]);
  });

  it('asks for a game before searching', async () => {
    const fetchMock = mockRoutes(base);
    const { t } = await renderPage(<ActiveGamesPage />, { ...setup, language: 'en' });
    await search(t, { progress: 'Ended' });
    expect(await screen.findByText('Choose a game first')).toBeTruthy();
    expect(routesCalled(fetchMock).some((route) => route.includes('my-active-games'))).toBe(false);
  });

  it('covers the results while loading, but never longer than a second; then a small loader remains', async () => {
    let answer: (value: Response) => void = () => undefined;
    const routes = mockRoutes(base);
    globalThis.fetch = vi.fn((input: RequestInfo | URL, init?: RequestInit) =>
      String(input).startsWith('/api/games/my-active-games') ? new Promise<Response>((resolve) => (answer = resolve)) : routes(input, init),
    ) as unknown as typeof fetch;
    const { t } = await renderPage(<ActiveGamesPage />, { ...setup, url: '/my-active-games?gameId=g1&progressType=ended' });
    const overlay = () => screen.queryByLabelText(t('myActiveGames.loading'));
    await waitFor(() => expect(overlay()).toBeTruthy());
    expect(screen.queryByTestId('still-loading')).toBeNull();

    await waitFor(() => expect(overlay()).toBeNull(), { timeout: OVERLAY_MAX_MS + 3000 });
    expect(screen.getByTestId('still-loading').textContent).toBe(t('myActiveGames.stillLoading'));

    await act(async () => answer(new Response(JSON.stringify(reply), { status: 200 })));
    await waitFor(() => expect(playRows()).toHaveLength(2));
    expect(screen.queryByTestId('still-loading')).toBeNull();
  });

  it('goes to log in on a 401, coming back to the same search', async () => {
    mockRoutes({ ...base, 'GET /api/games/my-active-games?gameId=g1&progressType=ended': { status: 401, body: { message: 'Unauthorized', code: 'unauthorized' } } });
    const { router } = await renderPage(<ActiveGamesPage />, { ...setup, url: '/my-active-games?gameId=g1&progressType=ended' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe(`?url=/my-active-games${encodeURIComponent('?gameId=g1&progressType=ended')}`);
  });
});
