import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { GameListItem } from '@streethunt/shared';
import { Component as GamesPage } from './games-page.tsx';
import { GameCard } from './game-card.tsx';
import { forgetNearPosition } from './use-near-me.ts';
import { mockRoutes, renderPage, routesCalled } from '../../test/render-page.tsx';

function game(id: string, accessibility?: GameListItem['metadata']['accessibility']): GameListItem {
  return {
    _id: id,
    userId: 'u1',
    status: 'APPROVED',
    metadata: { name: `Game ${id}`, locationCity: 'תל אביב', locationText: '', price: '45', currencyCode: 'ILS', language: 'he', map: true, coverImage: '', ...(accessibility && { accessibility }) },
    start: null,
  };
}
const flat = game('flat', { stepFree: 'yes', lengthKm: 2.4, durationMinutes: 90 });
const stairs = game('stairs', { stepFree: 'no', lengthKm: 3 });
const listPage = (data: GameListItem[]) => ({ body: { data, nextCursor: null } });

describe('a game card: step-free and the walk’s figures (DESIGN.md section 16)', () => {
  it.each([
    ['en', '2.4 km · about 90 min'],
    ['he', '2.4 ק״מ · כ־90 דק׳'],
  ] as const)('shows the step-free badge and the figures in words (%s)', async (language, words) => {
    const { t, missing } = await renderPage(<GameCard game={flat} index={0} />, { path: '/games', language });
    expect(screen.getByTestId('game-step-free').textContent).toBe(t('walk.stepFree'));
    const figures = screen.getByTestId('game-walk-figures');
    // The figures are named for a screen reader; the words are the Intl units' of the language.
    expect(figures.textContent?.replace(t('walk.figuresLabel'), '').trim().replace(/\s/g, ' ')).toBe(words.replace(/\s/g, ' '));
    expect(missing).toEqual([]);
  });

  it('shows only the figures of a game that is not step-free, and nothing of one that says nothing', async () => {
    await renderPage(
      <>
        <GameCard game={stairs} index={0} />
        <GameCard game={game('plain')} index={1} />
      </>,
      { path: '/games', language: 'en' },
    );
    expect(screen.queryByTestId('game-step-free')).toBeNull();
    expect(screen.getAllByTestId('game-walk-figures').map((node) => node.textContent)).toEqual(['Length and duration: 3 km']);
    expect(screen.getAllByTestId('game-card')[1]!.querySelector('[data-testid="game-walk"]')).toBeNull();
  });
});

describe('games page: the step-free filter', () => {
  beforeEach(() => {
    forgetNearPosition();
    sessionStorage.clear();
  });
  afterEach(() => vi.restoreAllMocks());

  it.each(['he', 'en'] as const)('sends stepFree=yes, keeps it in the URL, and a shared link opens with it (%s)', async (language) => {
    const fetchMock = mockRoutes({
      'GET /api/games': listPage([flat, stairs]),
      'GET /api/games?stepFree=yes': listPage([flat]),
    });
    const { t, router, missing } = await renderPage(<GamesPage />, { path: '/games', url: '/games', language });
    await screen.findByTestId('games-list');
    const only = screen.getByRole('button', { name: t('games.filters.stepFree') });
    expect(only.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(only);
    await waitFor(() => expect(router.state.location.search).toBe('?stepFree=yes'));
    await waitFor(() => expect(screen.getAllByTestId('game-card')).toHaveLength(1));
    expect(within(screen.getByTestId('game-card')).getByTestId('game-step-free')).toBeTruthy();
    expect(screen.getByRole('button', { name: t('games.filters.stepFree') }).getAttribute('aria-pressed')).toBe('true');
    expect(routesCalled(fetchMock)).toEqual(['GET /api/games', 'GET /api/games?stepFree=yes']);
    fireEvent.click(screen.getByRole('button', { name: t('games.filters.stepFree') }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(missing).toEqual([]);
  });

  it('opens a shared link with the filter on', async () => {
    const fetchMock = mockRoutes({ 'GET /api/games?stepFree=yes': listPage([flat]) });
    const { t } = await renderPage(<GamesPage />, { path: '/games', url: '/games?stepFree=yes', language: 'en' });
    await screen.findByTestId('games-list');
    expect(screen.getByRole('button', { name: t('games.filters.stepFree') }).getAttribute('aria-pressed')).toBe('true');
    expect(routesCalled(fetchMock)).toEqual(['GET /api/games?stepFree=yes']);
  });
});
