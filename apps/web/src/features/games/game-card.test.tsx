import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { GameListItem, Language } from '@streethunt/shared';
import { renderPage } from '../../test/render-page.tsx';
import { GameCard } from './game-card.tsx';

/**
 * A card as the list reply carries it; `languages` is the game's offered languages (DESIGN.md section
 * 13), which the list reply's metadata carries once the server fills it.
 */
function card(languages?: Language[]): GameListItem {
  const metadata = { name: 'Bialik street hunt', locationCity: 'Tel Aviv', locationText: '', price: '45', currencyCode: 'ILS', language: 'he' as const, map: false, coverImage: '', languages };
  return { _id: 'g1', userId: 'u1', status: 'APPROVED', metadata, start: null };
}

describe('a game card', () => {
  it('shows both flags, and says so in words, for a game offered in Hebrew and English', async () => {
    const { t, missing } = await renderPage(<GameCard game={card(['he', 'en'])} index={0} />, { path: '/games', language: 'en' });
    const languages = screen.getByTestId('game-languages');
    expect(languages.querySelectorAll('svg[aria-hidden="true"]')).toHaveLength(2);
    expect(languages.textContent).toBe(t('games.bilingual'));
    expect(missing).toEqual([]);
  });

  it.each([
    ['without languages', undefined],
    ['in one language', ['he'] as Language[]],
  ])('shows no flags for a game %s', async (_name, languages) => {
    await renderPage(<GameCard game={card(languages)} index={0} />, { path: '/games', language: 'he' });
    expect(screen.getByRole('link', { name: 'Bialik street hunt' })).toBeTruthy();
    expect(screen.queryByTestId('game-languages')).toBeNull();
  });

  it.each([
    ['he', 1],
    ['he', 2],
    ['en', 1],
    ['en', 3],
  ] as const)('says how many first stops a paid game lets a visitor try (%s, %i)', async (language, freeQuestions) => {
    const game = card();
    const { t, missing } = await renderPage(<GameCard game={{ ...game, metadata: { ...game.metadata, freeQuestions } }} index={0} />, { path: '/games', language });
    expect(screen.getByTestId('game-free-stops').textContent).toBe(t('games.freeStops', { count: freeQuestions }));
    expect(missing).toEqual([]);
  });

  it('says nothing of a trial on a game with none, or a free one', async () => {
    const game = card();
    await renderPage(<GameCard game={{ ...game, metadata: { ...game.metadata, price: '0', freeQuestions: 2 } }} index={0} />, { path: '/games', language: 'en' });
    expect(screen.queryByTestId('game-free-stops')).toBeNull();
  });
});
