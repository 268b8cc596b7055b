import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { GameListItem } from '@streethunt/shared';
import type { GamesMapProps } from './games-map/games-map.tsx';
import { Component as GamesPage } from './games-page.tsx';
import { forgetNearPosition } from './use-near-me.ts';
import { mockRoutes, renderPage, routesCalled } from '../../test/render-page.tsx';

// The map itself is the map's own test (games-map/games-map.test.tsx); here, what the page gives it.
const mapProps = vi.hoisted(() => ({ last: null as null | GamesMapProps }));
vi.mock('./games-map/games-map.tsx', () => ({
  default: (props: GamesMapProps) => {
    mapProps.last = props;
    return (
      <section aria-labelledby={props.labelledBy} data-testid="games-map">
        <p data-testid="map-markers">{props.games.length}</p>
        {props.games[0] && props.renderCard(props.games[0])}
      </section>
    );
  },
}));

function game(id: string, distanceMeters?: number): GameListItem {
  return {
    _id: id,
    userId: 'u1',
    status: 'APPROVED',
    metadata: { name: `Game ${id}`, locationCity: 'Tel Aviv', locationText: '', price: '0', currencyCode: 'ILS', language: 'en', map: true, coverImage: '' },
    start: { lat: 32.06, lng: 34.77 },
    ...(distanceMeters !== undefined && { distanceMeters }),
  };
}
const listPage = (data: GameListItem[], nextCursor: string | null = null) => ({ body: { data, nextCursor } });

describe('games page: the map view', () => {
  beforeEach(() => {
    forgetNearPosition();
    sessionStorage.clear();
    mapProps.last = null;
  });
  afterEach(() => vi.restoreAllMocks());

  it('switches between the list and the map in the URL, gives the map every loaded card, and loads more under it', async () => {
    const fetchMock = mockRoutes({
      'GET /api/games': listPage([game('a'), game('b')], 'next'),
      'GET /api/games?cursor=next': listPage([game('c')]),
    });
    const { t, router, missing } = await renderPage(<GamesPage />, { path: '/games', url: '/games?aff=PARTNER7', language: 'en' });
    await screen.findByTestId('games-list');
    const view = screen.getByRole('group', { name: t('games.view.label') });
    expect(within(view).getByRole('button', { name: t('games.view.list') }).getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(within(view).getByRole('button', { name: t('games.view.map') }));
    await waitFor(() => expect(router.state.location.search).toBe('?aff=PARTNER7&view=map'));
    const map = await screen.findByTestId('games-map');
    expect(screen.queryByTestId('games-list')).toBeNull();
    expect(within(view).getByRole('button', { name: t('games.view.map') }).getAttribute('aria-pressed')).toBe('true');
    // Named by the page's heading; no position: no centre.
    expect(map.getAttribute('aria-labelledby')).toBe(screen.getByRole('heading', { level: 1 }).id);
    expect(mapProps.last?.center).toBeNull();
    expect(within(map).getByTestId('map-markers').textContent).toBe('2');
    // A marker's card is the list's card.
    expect(within(map).getByTestId('game-card')).toBeTruthy();
    expect(within(map).getByRole('link', { name: 'Game a' }).getAttribute('href')).toBe('/game/a');

    fireEvent.click(screen.getByRole('button', { name: t('games.loadMore') }));
    await waitFor(() => expect(within(map).getByTestId('map-markers').textContent).toBe('3'));
    expect(screen.getByTestId('games-end')).toBeTruthy();
    expect(routesCalled(fetchMock)).toEqual(['GET /api/games', 'GET /api/games?cursor=next']);

    fireEvent.click(within(view).getByRole('button', { name: t('games.view.list') }));
    await screen.findByTestId('games-list');
    expect(router.state.location.search).toBe('?aff=PARTNER7');
    expect(missing).toEqual([]);
  });

  it("centres the map on the visitor in 'near me' mode", async () => {
    Object.defineProperty(navigator, 'geolocation', {
      value: { getCurrentPosition: (ok: PositionCallback) => ok({ coords: { latitude: 32.05501, longitude: 34.75631 } } as GeolocationPosition) },
      configurable: true,
    });
    Object.defineProperty(navigator, 'permissions', { value: { query: async () => ({ state: 'granted' }) }, configurable: true });
    mockRoutes({ 'GET /api/games?lat=32.055&lng=34.7563': listPage([game('a', 120), game('b', 900)]) });
    await renderPage(<GamesPage />, { path: '/games', url: '/games?near=1&view=map' });
    await screen.findByTestId('games-map');
    // Where the visitor is (the request itself is rounded).
    await waitFor(() => expect(mapProps.last?.center).toEqual({ lat: 32.05501, lng: 34.75631 }));
    expect(mapProps.last?.games.map((g) => g._id)).toEqual(['a', 'b']);
  });
});
