import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { GameListItem } from '@streethunt/shared';
import { mockRoutes } from '../../../test/fetch-routes.ts';
import { renderUi } from '../../../test/render-ui.tsx';
import GamesMap from './games-map.tsx';
import { viewPoints } from './map-view.ts';

const CONFIG = { body: { appEnv: 'development', productionHosts: [], bareDomain: null, tileUrl: '', vatPercent: 18 } };

function game(id: string, name: string, start: { lat: number; lng: number } | null, distanceMeters?: number): GameListItem {
  return {
    _id: id,
    userId: 'u1',
    status: 'APPROVED',
    metadata: { name, locationCity: 'Tel Aviv', locationText: '', price: '', currencyCode: 'ILS', language: 'he', map: true, coverImage: '' },
    start,
    ...(distanceMeters === undefined ? {} : { distanceMeters }),
  } as GameListItem;
}

const visitor = { lat: 32.0795, lng: 34.7795 };
// Two games 300 m apart (one cluster while the view shows the third too), one 3 km north, one without a start.
const games = [
  game('a', 'Dizengoff Hunt', { lat: 32.08, lng: 34.78 }, 70),
  game('b', 'Square Riddles', { lat: 32.0827, lng: 34.78 }, 330),
  game('c', 'Old Port Trail', { lat: 32.107, lng: 34.78 }, 3000),
  game('d', 'Somewhere', null),
];

const renderCard = (item: GameListItem) => <article data-testid="card">{`card of ${item.metadata.name}`}</article>;

const pins = () => [...document.querySelectorAll<HTMLElement>('.sh-games-pin')];
const clusters = () => [...document.querySelectorAll<HTMLElement>('.sh-games-cluster')];

// happy-dom lays nothing out: Leaflet reads the map's size from clientWidth/clientHeight, so the map
// gets a phone's (360 x 480) and fits its view as in a browser.
const sizes = ['clientWidth', 'clientHeight'] as const;
const saved = sizes.map((key) => Object.getOwnPropertyDescriptor(HTMLElement.prototype, key));
beforeAll(() => {
  for (const [key, value] of [
    ['clientWidth', 360],
    ['clientHeight', 480],
  ] as const) {
    Object.defineProperty(HTMLElement.prototype, key, {
      configurable: true,
      get(this: HTMLElement) {
        return this.classList.contains('leaflet-container') ? value : 0;
      },
    });
  }
});
afterAll(() => {
  sizes.forEach((key, i) => {
    if (saved[i]) Object.defineProperty(HTMLElement.prototype, key, saved[i]);
  });
});
beforeEach(() => {
  mockRoutes({ 'GET /api/public-config': CONFIG });
});

describe('GamesMap', () => {
  it('draws the visitor, clusters the games close together, and leaves out a game without a start', async () => {
    const { t, missing } = await renderUi(<GamesMap games={games} center={visitor} renderCard={renderCard} />, 'en');
    const region = screen.getByRole('region', { name: t('gamesMap.label') });
    expect(region.getAttribute('dir')).toBe('ltr');

    expect(screen.getByRole('img', { name: 'You are here' }).classList.contains('sh-games-you')).toBe(true);
    // The view fits the visitor and the nearest games: the two close ones merge, the far one stands alone.
    await waitFor(() => expect(clusters()).toHaveLength(1));
    const [cluster] = clusters();
    expect(cluster.getAttribute('aria-label')).toBe('2 games');
    expect(cluster.textContent).toBe('2');
    expect(cluster.getAttribute('role')).toBe('button');
    expect(cluster.tabIndex).toBe(0);
    expect(pins().map((pin) => pin.getAttribute('aria-label'))).toEqual(['Old Port Trail']);
    expect(pins()[0].getAttribute('role')).toBe('button');
    expect(pins()[0].tabIndex).toBe(0);
    expect(screen.getByTestId('games-map-unplaced').textContent).toBe('One game has no start point, so it is not on the map');
    expect(screen.queryByText('Somewhere')).toBeNull();
    expect(missing).toEqual([]);
  });

  it('splits a cluster into its games when it is tapped', async () => {
    await renderUi(<GamesMap games={games} center={visitor} renderCard={renderCard} />, 'en');
    await waitFor(() => expect(clusters()).toHaveLength(1));
    act(() => {
      fireEvent.click(clusters()[0]);
    });
    await waitFor(() => expect(pins().map((pin) => pin.getAttribute('aria-label'))).toEqual(expect.arrayContaining(['Dizengoff Hunt', 'Square Riddles'])));
    // The cluster fades out, then goes.
    await waitFor(() => expect(clusters()).toHaveLength(0));
  });

  it('opens the game card under the map when its pin is tapped, highlights the pin, and closes it', async () => {
    const { t } = await renderUi(<GamesMap games={games} center={visitor} renderCard={renderCard} />, 'en');
    await waitFor(() => expect(pins()).toHaveLength(1));
    expect(screen.queryByTestId('card')).toBeNull();

    act(() => {
      fireEvent.click(pins()[0]);
    });
    const panel = await screen.findByRole('region', { name: t('gamesMap.selected') });
    expect(within(panel).getByTestId('card').textContent).toBe('card of Old Port Trail');
    await waitFor(() => expect(pins()[0].classList.contains('sh-games-pin--selected')).toBe(true));

    fireEvent.click(within(panel).getByRole('button', { name: t('gamesMap.close') }));
    expect(screen.queryByTestId('card')).toBeNull();
    await waitFor(() => expect(pins()[0].classList.contains('sh-games-pin--selected')).toBe(false));
  });

  it('opens a card from the keyboard, takes focus to it, and Escape brings focus back to the pin', async () => {
    await renderUi(<GamesMap games={games} center={visitor} renderCard={renderCard} />, 'en');
    await waitFor(() => expect(pins()).toHaveLength(1));
    const pin = pins()[0];
    pin.focus();
    act(() => {
      fireEvent.keyDown(pin, { key: 'Enter' });
    });
    const panel = await screen.findByTestId('games-map-card');
    await waitFor(() => expect(document.activeElement).toBe(panel));
    fireEvent.keyDown(panel, { key: 'Escape' });
    expect(screen.queryByTestId('games-map-card')).toBeNull();
    expect(document.activeElement).toBe(pins()[0]);
  });

  it('speaks Hebrew in Hebrew, and takes its name from labelledBy when given', async () => {
    await renderUi(
      <>
        <h2 id="map-tab">מפה</h2>
        <GamesMap games={games} center={visitor} renderCard={renderCard} labelledBy="map-tab" />
      </>,
      'he',
    );
    expect(screen.getByRole('region', { name: 'מפה' }).dataset.testid).toBe('games-map');
    expect(screen.getByRole('img', { name: 'אתם כאן' })).toBeTruthy();
    await waitFor(() => expect(clusters().map((c) => c.getAttribute('aria-label'))).toEqual(['2 משחקים']));
  });

  it('without a visitor shows every game, and says so when none has a start point', async () => {
    const { rerender } = await renderUi(<GamesMap games={games} center={null} renderCard={renderCard} />, 'en');
    await waitFor(() => expect(clusters().length + pins().length).toBeGreaterThan(0));
    expect(screen.queryByRole('img', { name: 'You are here' })).toBeNull();

    rerender(<GamesMap games={[game('d', 'Somewhere', null)]} center={null} renderCard={renderCard} />);
    expect(screen.getByTestId('games-map-no-starts').textContent).toBe('None of these games has a start point on the map');
    expect(pins()).toHaveLength(0);
    // The cluster fades out, then goes.
    await waitFor(() => expect(clusters()).toHaveLength(0));
  });
});

describe('viewPoints', () => {
  it('is the visitor and the nearest five games, by distance', () => {
    const many = Array.from({ length: 8 }, (_, i) => game(`g${i}`, `G${i}`, { lat: 32 + (8 - i) / 100, lng: 34.8 }, (8 - i) * 1000));
    const points = viewPoints([...many, game('x', 'X', null)], { lat: 32, lng: 34.8 });
    expect(points).toEqual([{ lat: 32, lng: 34.8 }, ...[1, 2, 3, 4, 5].map((n) => ({ lat: 32 + n / 100, lng: 34.8 }))]);
  });

  it('measures the distance itself when the cards do not carry it, and is every game without a visitor', () => {
    const far = game('far', 'Far', { lat: 33, lng: 35 });
    const near = game('near', 'Near', { lat: 32.001, lng: 34.8 });
    expect(viewPoints([far, near], { lat: 32, lng: 34.8 }, 1)).toEqual([{ lat: 32, lng: 34.8 }, { lat: 32.001, lng: 34.8 }]);
    expect(viewPoints([far, near, game('none', 'None', null)], null)).toEqual([{ lat: 33, lng: 35 }, { lat: 32.001, lng: 34.8 }]);
  });
});
