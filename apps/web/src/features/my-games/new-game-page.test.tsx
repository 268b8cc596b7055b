import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Component as NewGamePage } from './new-game-page.tsx';
import { autoLoginReply, freshBrowserEachTest, mockRoutes, renderPage, routesCalled } from '../../test/render-page.tsx';

const setup = { path: '/game-editor-new-game' };

describe('new game page', () => {
  freshBrowserEachTest('user');

  it('explains how to build a game in Hebrew, then creates one and opens it in the editor', async () => {
    const fetchMock = mockRoutes({ 'POST /api/auto-login': autoLoginReply, 'POST /api/games/new': { body: { data: { _id: 'new-game-1' } } } });
    const { t, router, missing } = await renderPage(<NewGamePage />, setup);
    const create = await screen.findByRole('button', { name: 'יצירת משחק חדש' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('יצירת משחק חדש');
    // Six steps, in order, from the details to the approval.
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'שלב 1: פרטים כלליים',
      'שלב 2: סיפור ופתיח',
      'שלב 3: שאלות, תשובות ורמזים',
      'שלב 4: אזורים במפה',
      'שלב 5: הסיום',
      'שלב 6: שליחה לאישור',
    ]);
    expect(screen.getByText(t('newGame.steps.questions.hints'))).toBeTruthy();

    fireEvent.click(create);
    await waitFor(() => expect(router.state.location.pathname).toBe('/game-editor/new-game-1'));
    expect(routesCalled(fetchMock)).toEqual(['POST /api/auto-login', 'POST /api/games/new']);
    expect(missing).toEqual([]);
  });

  it('shows the server message when the game cannot be created, and stays', async () => {
    mockRoutes({
      'POST /api/auto-login': autoLoginReply,
      'POST /api/games/new': { status: 429, body: { message: 'Too many new games, try again in a minute', code: 'rate_limited' } },
    });
    const { router, missing } = await renderPage(<NewGamePage />, { ...setup, language: 'en' });
    expect(screen.queryByRole('heading', { level: 2 })).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: 'Create a new game' }));
    expect((await screen.findByTestId('action-error')).textContent).toBe('The game was not created: Too many new games, try again in a minute');
    expect(router.state.location.pathname).toBe('/game-editor-new-game');
    expect(screen.getByRole('heading', { level: 2, name: 'Step 4: Map areas' })).toBeTruthy();
    expect(missing).toEqual([]);
  });

  it('sends a logged-out visitor to log in first', async () => {
    localStorage.clear();
    const fetchMock = mockRoutes({});
    const { router } = await renderPage(<NewGamePage />, setup);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?url=/game-editor-new-game');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
