import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CreatorFeedback } from '@streethunt/shared';
import { Component as FeedbacksPage } from './feedbacks-page.tsx';
import { autoLoginReply, freshBrowserEachTest, mockRoutes, renderPage, routesCalled } from '../../test/render-page.tsx';
import { myGame } from './test-data.ts';

const setup = { path: '/my-games/feedbacks' };
const games = [myGame('g1', { name: 'סודות נווה צדק', status: 'APPROVED' }), myGame('g2', { name: 'Jaffa Port Hunt', status: 'APPROVED' })];

function feedback(id: string, update: string, general: number, questions: number, path: number, openAnswer = ''): CreatorFeedback {
  return { _id: id, gameId: 'g1', general, questions, path, openAnswer, language: null, update };
}
// Out of order, as the server may send them: the page sorts newest first.
const feedbacks = [
  feedback('f1', '2025-01-10T09:00:00.000Z', 5, 4, 3, 'Great fun!'),
  feedback('f2', '2025-03-02T18:30:00.000Z', 4, 4, 5, 'היה מעולה, המסלול יפה'),
  feedback('f3', '2025-02-20T12:00:00.000Z', 3, 5, 4),
];
const routes = {
  'POST /api/auto-login': autoLoginReply,
  'GET /api/games/my-games': { body: { data: games } },
  'GET /api/games/my-games/feedbacks?gameId=g1': { body: { data: [{ _id: 'g1', name: 'סודות נווה צדק', feedbacks }] } },
  'GET /api/games/my-games/feedbacks?gameId=g2': { body: { data: [{ _id: 'g2', name: 'Jaffa Port Hunt', feedbacks: [] }] } },
};

async function pickGame(label: string, name: string) {
  fireEvent.click(screen.getByRole('textbox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name }));
}

describe('feedbacks page', () => {
  freshBrowserEachTest('user');

  it("shows a picked game's feedbacks newest first, with the averages and the count", async () => {
    const fetchMock = mockRoutes(routes);
    const { t, router, missing } = await renderPage(<FeedbacksPage />, setup);
    expect(await screen.findByText(t('myFeedbacks.pickFirst'))).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('משובים על המשחקים שלי');

    await pickGame(t('myGames.picker.label'), 'סודות נווה צדק');
    const table = await screen.findByRole('table');
    expect(router.state.location.search).toBe('?gameId=g1');
    // No cell takes focus, so the box that scrolls the table sideways on a phone must (axe).
    expect(table.closest('.mantine-ScrollArea-viewport')?.getAttribute('tabindex')).toBe('0');

    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.querySelector('time')?.getAttribute('datetime'))).toEqual([
      '2025-03-02T18:30:00.000Z',
      '2025-02-20T12:00:00.000Z',
      '2025-01-10T09:00:00.000Z',
    ]);
    // Each rating is read out as words, not as a drawing.
    expect(within(rows[0]).getByRole('img', { name: 'כללי: 4 מתוך 5' })).toBeTruthy();
    expect(within(rows[0]).getByRole('img', { name: 'מסלול: 5 מתוך 5' })).toBeTruthy();
    expect(within(rows[0]).getByText('היה מעולה, המסלול יפה').getAttribute('dir')).toBe('auto');
    expect(within(rows[1]).getByText(t('myFeedbacks.table.noComment'))).toBeTruthy();

    // (5+4+3)/3 = 4, (4+4+5)/3 = 4.3, (3+5+4)/3 = 4.
    const averages = screen.getByTestId('feedback-averages');
    expect(within(averages).getByTestId('feedback-count').textContent).toBe('3');
    expect(within(screen.getByTestId('average-general')).getByRole('img', { name: 'כללי: 4 מתוך 5' })).toBeTruthy();
    expect(within(screen.getByTestId('average-questions')).getByRole('img', { name: 'שאלות: 4.3 מתוך 5' })).toBeTruthy();
    expect(within(screen.getByTestId('average-path')).getByRole('img', { name: 'מסלול: 4 מתוך 5' })).toBeTruthy();
    expect(routesCalled(fetchMock)).toContain('GET /api/games/my-games/feedbacks?gameId=g1');
    expect(missing).toEqual([]);
  });

  it('opens on the game in the address, and says when a game has no feedback yet', async () => {
    mockRoutes(routes);
    const { t, missing } = await renderPage(<FeedbacksPage />, { ...setup, url: '/my-games/feedbacks?gameId=g1', language: 'en' });
    expect(within(await screen.findByTestId('feedback-averages')).getByTestId('feedback-count').textContent).toBe('3');
    expect(screen.getByRole('img', { name: 'Questions: 4.3 of 5' })).toBeTruthy();
    expect(screen.getByText('Great fun!')).toBeTruthy();

    await pickGame(t('myGames.picker.label'), 'Jaffa Port Hunt');
    expect((await screen.findByTestId('feedbacks-empty')).textContent).toBe('No feedback yet for this game.');
    expect(screen.queryByRole('table')).toBeNull();
    expect(missing).toEqual([]);
  });

  it('says there is nothing to report without games', async () => {
    mockRoutes({ ...routes, 'GET /api/games/my-games': { body: { data: [] } } });
    const { t } = await renderPage(<FeedbacksPage />, setup);
    const none = await screen.findByTestId('no-games');
    expect(within(none).getByText(t('myGames.picker.noGames'))).toBeTruthy();
    expect(within(none).getByRole('link', { name: t('myGames.create') }).getAttribute('href')).toBe('/game-editor-new-game');
  });

  it('goes to log in on a 401, keeping the chosen game', async () => {
    mockRoutes({ ...routes, 'GET /api/games/my-games/feedbacks?gameId=g1': { status: 401, body: { message: 'Unauthorized', code: 'unauthorized' } } });
    const { router } = await renderPage(<FeedbacksPage />, { ...setup, url: '/my-games/feedbacks?gameId=g1' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe(`?url=/my-games/feedbacks${encodeURIComponent('?gameId=g1')}`);
  });
});
