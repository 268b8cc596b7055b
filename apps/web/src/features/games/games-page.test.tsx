import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { GameListItem } from '@streethunt/shared';
import { IMAGE_WIDTHS } from '@streethunt/shared/media';
import { Component as GamesPage } from './games-page.tsx';
import { mockRoutes, renderPage, routesCalled } from './test-render.tsx';

function game(id: string, metadata: Partial<GameListItem['metadata']>, status: GameListItem['status'] = 'APPROVED'): GameListItem {
  return {
    _id: id,
    userId: 'u1',
    status,
    metadata: {
      name: `Game ${id}`,
      locationCity: 'תל אביב',
      locationText: 'מתחילים ליד מגדל שלום',
      price: '45',
      currencyCode: 'ILS',
      language: 'he',
      map: true,
      coverImage: '',
      ...metadata,
    },
  };
}

const games = [
  game('g1', { name: 'סודות נווה צדק', price: '45', currencyCode: 'ILS', coverImage: '/media/images/neve-tzedek.jpg' }),
  game('g2', { name: 'Jaffa Port Hunt', price: 20, currencyCode: 'USD', language: 'en', locationCity: 'Jaffa', locationText: 'Clock tower' }),
  game('g3', { name: 'הגן הקסום', price: '0', locationText: '' }),
];
const dana = { data: { user: { _id: 'u1', userId: 'u1', firstName: 'Dana', lastName: 'Levi', createdAt: '2024-01-01T00:00:00.000Z' } } };

function cards() {
  return screen.getAllByTestId('game-card');
}

describe('games page', () => {
  afterEach(() => {
    document.title = '';
  });

  it('shows skeleton cards while loading, then a card per game with its price in the spec format', async () => {
    const fetchMock = mockRoutes({ 'GET /api/games': { body: { data: games } } });
    const { t, missing } = await renderPage(<GamesPage />, { path: '/games', url: '/games' });
    expect(screen.getByTestId('games-loading')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(t('games.loading'));

    await screen.findByTestId('games-list');
    expect(screen.queryByTestId('games-loading')).toBeNull();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(t('games.title'));
    expect(document.title).toBe(`${t('games.title')} | ${t('common.appName')}`);
    expect(cards()).toHaveLength(3);

    const [first, second, third] = cards();
    expect(within(first).getByTestId('price').textContent).toBe('₪45');
    expect(within(first).getByTestId('price').getAttribute('dir')).toBe('ltr');
    expect(within(second).getByTestId('price').textContent).toBe('20$');
    expect(within(third).getByTestId('price').textContent).toBe('חינם');
    expect(within(first).getByText('תל אביב')).toBeTruthy();
    expect(within(first).getByText('מתחילים ליד מגדל שלום')).toBeTruthy();
    // Each user-written line takes its own direction (the line itself: dir=auto skips inner elements with a dir).
    expect(within(second).getByText('Jaffa').closest('[dir]')?.getAttribute('dir')).toBe('auto');
    expect(within(second).getByText('Clock tower').getAttribute('dir')).toBe('auto');
    expect(within(second).getByText('Clock tower')).toBeTruthy();
    expect(routesCalled(fetchMock)).toEqual(['GET /api/games']);
    expect(missing).toEqual([]);
  });

  it('makes each card one link to its game, named by the game', async () => {
    mockRoutes({ 'GET /api/games': { body: { data: games } } });
    const { router } = await renderPage(<GamesPage />, { path: '/games', url: '/games' });
    await screen.findByTestId('games-list');

    for (const [index, card] of cards().entries()) {
      const links = within(card).getAllByRole('link');
      expect(links).toHaveLength(1);
      expect(links[0].textContent).toBe(games[index].metadata.name);
      expect(links[0].getAttribute('href')).toBe(`/game/${games[index]._id}`);
      expect(links[0].closest('h2')?.getAttribute('dir')).toBe('auto');
      expect(links[0].getAttribute('dir'), 'no dir of its own, or the heading could not see its text').toBeNull();
    }
    expect(screen.getByRole('link', { name: 'Jaffa Port Hunt' }).getAttribute('lang')).toBe('en');

    fireEvent.click(screen.getByRole('link', { name: 'סודות נווה צדק' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/game/g1'));
  });

  it('loads covers at the width the screen needs in a fixed frame, lazily below the first cards, and puts a neutral block where a game has none', async () => {
    mockRoutes({ 'GET /api/games': { body: { data: games } } });
    await renderPage(<GamesPage />, { path: '/games', url: '/games' });
    await screen.findByTestId('games-list');

    const cover = screen.getByRole('img', { name: 'סודות נווה צדק' }) as HTMLImageElement;
    // Our own media: a srcset of every allowed WebP width, and a fallback near the drawn width.
    expect(cover.getAttribute('src')).toBe('/media/images/neve-tzedek.jpg?w=640');
    expect(cover.getAttribute('srcset')).toBe(IMAGE_WIDTHS.map((w) => `/media/images/neve-tzedek.jpg?w=${w} ${w}w`).join(', '));
    // One column on a phone (below Mantine's sm, 48em), two up to lg (75em), then three in the 1140 px container.
    expect(cover.getAttribute('sizes')).toBe('(max-width: 47.99em) calc(100vw - 2rem), (max-width: 74.99em) calc(50vw - 1.5rem), 360px');
    expect(cover.getAttribute('width')).toBe('640');
    expect(cover.getAttribute('height')).toBe('360');
    expect(cover.getAttribute('decoding')).toBe('async');
    // The first card's cover is the likely largest paint: fetched at once and first.
    expect(cover.getAttribute('loading')).toBe('eager');
    expect(cover.getAttribute('fetchpriority')).toBe('high');
    expect(within(cards()[1]).queryByRole('img')).toBeNull();
    expect(within(cards()[1]).getByTestId('cover-placeholder').getAttribute('aria-hidden')).toBe('true');

    // A cover that fails to load gives way to the placeholder too.
    fireEvent.error(cover);
    expect(within(cards()[0]).getByTestId('cover-placeholder')).toBeTruthy();
  });

  it('loads the second cover at once and the later ones lazily; an image from elsewhere is shown as it is', async () => {
    const covered = [
      game('c1', { name: 'One', coverImage: '/media/covers/0123456789abcdef.webp' }),
      game('c2', { name: 'Two', coverImage: '/media/covers/1123456789abcdef.webp' }),
      game('c3', { name: 'Three', coverImage: '/media/covers/2123456789abcdef.webp' }),
      game('c4', { name: 'Four', coverImage: 'https://images.example.com/four.jpg' }),
    ];
    mockRoutes({ 'GET /api/games': { body: { data: covered } } });
    await renderPage(<GamesPage />, { path: '/games', url: '/games' });
    await screen.findByTestId('games-list');

    const img = (name: string) => screen.getByRole('img', { name });
    expect([img('One'), img('Two'), img('Three'), img('Four')].map((i) => [i.getAttribute('loading'), i.getAttribute('fetchpriority')])).toEqual([
      ['eager', 'high'],
      ['eager', null],
      ['lazy', null],
      ['lazy', null],
    ]);
    expect(img('Three').getAttribute('srcset')).toContain('/media/covers/2123456789abcdef.webp?w=320 320w');

    const external = img('Four');
    expect(external.getAttribute('src')).toBe('https://images.example.com/four.jpg');
    expect(external.hasAttribute('srcset')).toBe(false);
    expect(external.hasAttribute('sizes')).toBe(false);
    // The same frame as our own covers.
    expect(external.className).toBe(img('One').className);
    expect([external.getAttribute('width'), external.getAttribute('height')]).toEqual(['640', '360']);
  });

  it('shows only approved games, whatever the server sends', async () => {
    mockRoutes({ 'GET /api/games': { body: { data: [...games, game('g4', { name: 'Draft game' }, 'DRAFT')] } } });
    await renderPage(<GamesPage />, { path: '/games', url: '/games' });
    await screen.findByTestId('games-list');
    expect(cards()).toHaveLength(3);
    expect(screen.queryByText('Draft game')).toBeNull();
  });

  it('shows English prices and the English word for free', async () => {
    mockRoutes({ 'GET /api/games': { body: { data: games } } });
    const { missing } = await renderPage(<GamesPage />, { path: '/games', url: '/games', language: 'en' });
    await screen.findByTestId('games-list');
    expect(screen.getAllByTestId('price').map((price) => price.textContent)).toEqual(['₪45', '20$', 'Free']);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Games');
    expect(missing).toEqual([]);
  });

  it("with ?user= shows that creator's games under 'games of {first name}'", async () => {
    const fetchMock = mockRoutes({
      'GET /api/games?user=u1': { body: { data: games.slice(0, 2) } },
      'GET /api/user/u1': { body: dana },
    });
    const { t, missing } = await renderPage(<GamesPage />, { path: '/games', url: '/games?user=u1' });
    // While the name loads, a heading that needs none.
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(t('games.creatorFallback'));

    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('המשחקים של Dana'));
    expect(screen.getByText('Dana').tagName).toBe('BDI');
    expect(document.title).toBe(`המשחקים של Dana | ${t('common.appName')}`);
    await screen.findByTestId('games-list');
    expect(cards()).toHaveLength(2);
    expect(routesCalled(fetchMock).sort()).toEqual(['GET /api/games?user=u1', 'GET /api/user/u1']);
    expect(missing).toEqual([]);
  });

  it('says in English whose games these are', async () => {
    mockRoutes({ 'GET /api/games?user=u1': { body: { data: games } }, 'GET /api/user/u1': { body: dana } });
    await renderPage(<GamesPage />, { path: '/games', url: '/games?user=u1', language: 'en' });
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Games by Dana'));
  });

  it('keeps the fallback heading when the creator cannot be found', async () => {
    mockRoutes({
      'GET /api/games?user=nobody': { body: { data: [] } },
      'GET /api/user/nobody': { status: 404, body: { message: 'Not found', code: 'not_found' } },
    });
    const { t } = await renderPage(<GamesPage />, { path: '/games', url: '/games?user=nobody' });
    await screen.findByTestId('games-empty');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(t('games.creatorFallback'));
  });

  it('says when there are no games yet', async () => {
    mockRoutes({ 'GET /api/games': { body: { data: [] } } });
    const { t } = await renderPage(<GamesPage />, { path: '/games', url: '/games' });
    const empty = await screen.findByTestId('games-empty');
    expect(within(empty).getByText(t('games.empty'))).toBeTruthy();
    expect(within(empty).queryByRole('link')).toBeNull();
  });

  it('says when a creator has no games yet, with a link back to all games', async () => {
    mockRoutes({ 'GET /api/games?user=u1': { body: { data: [] } }, 'GET /api/user/u1': { body: dana } });
    const { t, router } = await renderPage(<GamesPage />, { path: '/games', url: '/games?user=u1', language: 'en' });
    const empty = await screen.findByTestId('games-empty');
    expect(within(empty).getByText(t('games.emptyCreator'))).toBeTruthy();
    fireEvent.click(within(empty).getByRole('link', { name: t('games.allGames') }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/games');
  });

  it('says the list failed to load and loads it again on retry', async () => {
    const fetchMock = mockRoutes({
      'GET /api/games': [{ status: 500, body: { message: 'boom', code: 'internal' } }, { body: { data: games } }],
    });
    const { t, missing } = await renderPage(<GamesPage />, { path: '/games', url: '/games' });
    const error = await screen.findByTestId('games-error');
    expect(within(error).getByText(t('games.errors.title'))).toBeTruthy();
    expect(within(error).getByText(t('games.errors.generic'))).toBeTruthy();
    expect(screen.queryByText('boom')).toBeNull();

    fireEvent.click(within(error).getByRole('button', { name: t('games.retry') }));
    await screen.findByTestId('games-list');
    expect(cards()).toHaveLength(3);
    expect(screen.queryByTestId('games-error')).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(missing).toEqual([]);
  });

  it('says so when the server cannot be reached', async () => {
    mockRoutes({ 'GET /api/games': { networkError: true } });
    const { t } = await renderPage(<GamesPage />, { path: '/games', url: '/games', language: 'en' });
    const error = await screen.findByTestId('games-error');
    expect(within(error).getByText(t('games.errors.network'))).toBeTruthy();
    expect(within(error).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
