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
});
