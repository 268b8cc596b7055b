import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { TFunction } from 'i18next';
import { bodiesSent, mockRoutes, renderPage } from '../../test/render-page.tsx';
import { Component as GameFeedbackPage } from './game-feedback-page.tsx';

const TOKEN = 'tok-0123456789abcdef';
const route = { path: '/game-feedback/:gameId/:token', url: `/game-feedback/g1/${TOKEN}` };
const game = { _id: 'g1', userId: 'u1', status: 'APPROVED', metadata: { name: 'Secrets of Jaffa' }, questionCount: 3 };

function rateAll(t: TFunction) {
  for (const value of [5, 4, 3]) {
    fireEvent.click(screen.getByRole('radio', { name: t('feedback.star', { value }) }));
    fireEvent.click(screen.getByRole('button', { name: t('feedback.continue') }));
  }
}

describe('game feedback page', () => {
  it('shows the title, the game name and the widget; sends with the token; then links to the games', async () => {
    const fetchMock = mockRoutes({ 'GET /api/games/g1': { body: game }, 'POST /api/feedback/game/g1': { body: {} } });
    const { t, missing } = await renderPage(<GameFeedbackPage />, { ...route, language: 'en' });
    expect(screen.getByRole('heading', { level: 1, name: t('feedback.page.title') })).toBeTruthy();
    expect(screen.getByText(t('feedback.page.loadingGame'))).toBeTruthy();
    expect(await screen.findByText('Secrets of Jaffa')).toBeTruthy();
    expect(screen.getByText('Secrets of Jaffa').getAttribute('dir')).toBe('auto');
    expect(document.title).toContain(t('feedback.page.title'));
    expect(screen.queryByRole('link', { name: t('feedback.page.toGames') })).toBeNull();

    rateAll(t);
    fireEvent.click(screen.getByRole('button', { name: t('feedback.send') }));
    expect(await screen.findByText(t('feedback.thanks'))).toBeTruthy();
    expect(bodiesSent(fetchMock, 'POST /api/feedback/game/g1')).toEqual([{ general: 5, questions: 4, path: 3, openAnswer: '', token: TOKEN }]);
    const link = screen.getByRole('link', { name: t('feedback.page.toGames') });
    expect(link.getAttribute('href')).toBe('/games');
    fireEvent.click(link);
    expect(await screen.findByTestId('landed')).toBeTruthy();
    expect(missing).toEqual([]);
  });

  it('still takes feedback when the game cannot be loaded', async () => {
    mockRoutes({ 'GET /api/games/g1': { status: 404, body: { message: 'Game not found', code: 'not_found' } } });
    const { t } = await renderPage(<GameFeedbackPage />, route);
    await waitFor(() => expect(screen.queryByText(t('feedback.page.loadingGame'))).toBeNull());
    expect(screen.queryByTestId('feedback-game-name')).toBeNull();
    expect(screen.getByRole('radiogroup', { name: t('feedback.general') })).toBeTruthy();
  });

  it.each([
    ['/game-feedback/g1', 'no token'],
    ['/game-feedback', 'neither part'],
  ])('renders nothing for %s (%s)', async (url) => {
    const fetchMock = mockRoutes({});
    await renderPage(
      <div data-testid="page">
        <GameFeedbackPage />
      </div>,
      { path: '/game-feedback/:gameId?/:token?', url },
    );
    expect(screen.getByTestId('page').textContent).toBe('');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
