import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { GameListItem } from '@streethunt/shared';
import { IMAGE_WIDTHS } from '@streethunt/shared/media';
import { Component as GamesPage } from './games-page.tsx';
import { forgetNearPosition } from './use-near-me.ts';
import { mockRoutes, renderPage, routesCalled } from '../../test/render-page.tsx';

function game(id: string, metadata: Partial<GameListItem['metadata']>, status: GameListItem['status'] = 'APPROVED', extra: Partial<GameListItem> = {}): GameListItem {
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
    start: { lat: 32.07, lng: 34.77 },
    ...extra,
  };
}

const games = [
  game('g1', { name: 'סודות נווה צדק', price: '45', currencyCode: 'ILS', coverImage: '/media/images/neve-tzedek.jpg' }),
  game('g2', { name: 'Jaffa Port Hunt', price: 20, currencyCode: 'USD', language: 'en', locationCity: 'Jaffa', locationText: 'Clock tower' }),
  game('g3', { name: 'הגן הקסום', price: '0', locationText: '' }),
];
const dana = { data: { user: { _id: 'u1', userId: 'u1', firstName: 'Dana', lastName: 'Levi', createdAt: '2024-01-01T00:00:00.000Z' } } };

/** One page of GET /api/games. */
const listPage = (data: GameListItem[], nextCursor: string | null = null) => ({ body: { data, nextCursor } });

/** `count` games named 'Game p{page}-{n}'. */
const manyGames = (page: number, count = 24) => Array.from({ length: count }, (_, n) => game(`p${page}-${n}`, { name: `Game p${page}-${n}` }));

function cards() {
  return screen.getAllByTestId('game-card');
}

/** navigator.geolocation answering `result` (a position or an error code) and navigator.permissions saying `permission`. */
function mockGeolocation(result: { lat: number; lng: number } | { code: number }, permission: PermissionState = 'prompt') {
  const getCurrentPosition = vi.fn((ok: PositionCallback, fail?: PositionErrorCallback | null) => {
    setTimeout(() => {
      if ('code' in result) fail?.({ code: result.code, message: 'User denied Geolocation' } as GeolocationPositionError);
      else ok({ coords: { latitude: result.lat, longitude: result.lng, accuracy: 12 } } as GeolocationPosition);
    }, 0);
  });
  Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition, watchPosition: vi.fn(), clearWatch: vi.fn() }, configurable: true });
  const query = vi.fn(async () => ({ state: permission }));
  Object.defineProperty(navigator, 'permissions', { value: { query }, configurable: true });
  return { getCurrentPosition, query };
}

describe('games page', () => {
  beforeEach(() => {
    forgetNearPosition();
    sessionStorage.clear();
    window.scrollTo(0, 0);
    mockGeolocation({ code: 2 });
  });
  afterEach(() => {
    document.title = '';
    vi.restoreAllMocks();
  });

  it('shows skeleton cards while loading, then a card per game with its price in the spec format', async () => {
    const fetchMock = mockRoutes({ 'GET /api/games': listPage(games) });
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
    // Not sorted by distance: no distance on the cards.
    expect(screen.queryByTestId('game-distance')).toBeNull();
    // One page and the last: no button, a line that says so.
    expect(screen.queryByTestId('load-more')).toBeNull();
    expect(screen.getByTestId('games-end').textContent).toBe(t('games.end'));
    expect(routesCalled(fetchMock)).toEqual(['GET /api/games']);
    expect(missing).toEqual([]);
  });

  it('makes each card one link to its game, named by the game', async () => {
    mockRoutes({ 'GET /api/games': listPage(games) });
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
    mockRoutes({ 'GET /api/games': listPage(games) });
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
    mockRoutes({ 'GET /api/games': listPage(covered) });
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
    mockRoutes({ 'GET /api/games': listPage([...games, game('g4', { name: 'Draft game' }, 'DRAFT')]) });
    await renderPage(<GamesPage />, { path: '/games', url: '/games' });
    await screen.findByTestId('games-list');
    expect(cards()).toHaveLength(3);
    expect(screen.queryByText('Draft game')).toBeNull();
  });

  it('shows English prices and the English word for free', async () => {
    mockRoutes({ 'GET /api/games': listPage(games) });
    const { missing } = await renderPage(<GamesPage />, { path: '/games', url: '/games', language: 'en' });
    await screen.findByTestId('games-list');
    expect(screen.getAllByTestId('price').map((price) => price.textContent)).toEqual(['₪45', '20$', 'Free']);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Games');
    expect(missing).toEqual([]);
  });

  it("with ?user= shows that creator's games under 'games of {first name}'", async () => {
    const fetchMock = mockRoutes({
      'GET /api/games?user=u1': listPage(games.slice(0, 2)),
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
    mockRoutes({ 'GET /api/games?user=u1': listPage(games), 'GET /api/user/u1': { body: dana } });
    await renderPage(<GamesPage />, { path: '/games', url: '/games?user=u1', language: 'en' });
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Games by Dana'));
  });

  it('keeps the fallback heading when the creator cannot be found', async () => {
    mockRoutes({
      'GET /api/games?user=nobody': listPage([]),
      'GET /api/user/nobody': { status: 404, body: { message: 'Not found', code: 'not_found' } },
    });
    const { t } = await renderPage(<GamesPage />, { path: '/games', url: '/games?user=nobody' });
    await screen.findByTestId('games-empty');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(t('games.creatorFallback'));
  });

  it('says when there are no games yet', async () => {
    mockRoutes({ 'GET /api/games': listPage([]) });
    const { t } = await renderPage(<GamesPage />, { path: '/games', url: '/games' });
    const empty = await screen.findByTestId('games-empty');
    expect(within(empty).getByText(t('games.empty'))).toBeTruthy();
    expect(within(empty).queryByRole('link')).toBeNull();
    expect(within(empty).queryByRole('button')).toBeNull();
  });

  it('says when a creator has no games yet, with a link back to all games', async () => {
    mockRoutes({ 'GET /api/games?user=u1': listPage([]), 'GET /api/user/u1': { body: dana } });
    const { t, router } = await renderPage(<GamesPage />, { path: '/games', url: '/games?user=u1', language: 'en' });
    const empty = await screen.findByTestId('games-empty');
    expect(within(empty).getByText(t('games.emptyCreator'))).toBeTruthy();
    fireEvent.click(within(empty).getByRole('link', { name: t('games.allGames') }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/games');
  });

  it('says the list failed to load and loads it again on retry', async () => {
    const fetchMock = mockRoutes({
      'GET /api/games': [{ status: 500, body: { message: 'boom', code: 'internal' } }, listPage(games)],
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

  it('says the phone is offline when the server cannot be reached, with the games saved for offline and a retry', async () => {
    mockRoutes({ 'GET /api/games': { networkError: true } });
    const { t, missing } = await renderPage(<GamesPage />, { path: '/games', url: '/games', language: 'en' });
    const offline = await screen.findByTestId('games-offline');
    expect(within(offline).getByText(t('offlinePack:gamesOfflineTitle'))).toBeTruthy();
    expect(within(offline).getByText(t('offlinePack:gamesOfflineText'))).toBeTruthy();
    // happy-dom has no Cache Storage: nothing can have been saved.
    expect(await within(offline).findByText(t('offlinePack:gamesOfflineNone'))).toBeTruthy();
    expect(within(offline).getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.queryByTestId('games-error')).toBeNull();
    expect(missing).toEqual([]);
  });
});

describe('games page: paging', () => {
  beforeEach(() => {
    forgetNearPosition();
    sessionStorage.clear();
    window.scrollTo(0, 0);
  });
  afterEach(() => vi.restoreAllMocks());

  it("loads the next page with the 'load more' button, says it is loading, moves focus to the first new card, and says when that's all", async () => {
    const fetchMock = mockRoutes({
      'GET /api/games': listPage(manyGames(1), 'cursor-2'),
      'GET /api/games?cursor=cursor-2': listPage(manyGames(2, 5)),
    });
    // The second page waits until the test lets it through, to see the page while it loads.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).includes('cursor=')) await held;
      return fetchMock(input, init);
    }) as typeof fetch;
    const { t, missing } = await renderPage(<GamesPage />, { path: '/games', url: '/games', language: 'en' });
    await screen.findByTestId('games-list');
    expect(cards()).toHaveLength(24);
    expect(screen.queryByTestId('games-end')).toBeNull();

    const more = screen.getByRole('button', { name: t('games.loadMore') });
    fireEvent.click(more);
    // Loading: the button says so (and stays focusable), and so does the status line.
    await waitFor(() => expect(more.textContent).toBe(t('games.loadingMore')));
    expect(more.getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByTestId('games-status').textContent).toBe(t('games.loadingMore'));
    // Pressed again meanwhile: nothing more is asked.
    fireEvent.click(more);

    release();
    await waitFor(() => expect(cards()).toHaveLength(29));
    expect(screen.getByRole('link', { name: 'Game p2-4' })).toBeTruthy();
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Game p2-0'));
    expect(screen.queryByTestId('load-more')).toBeNull();
    expect(screen.getByTestId('games-end').textContent).toBe(t('games.end'));
    expect(screen.getByTestId('games-status').textContent).toBe('');
    expect(routesCalled(fetchMock)).toEqual(['GET /api/games', 'GET /api/games?cursor=cursor-2']);
    expect(missing).toEqual([]);
  });

  it('loads the next page by itself when the end of the list comes near the screen', async () => {
    let observed: ((entries: Partial<IntersectionObserverEntry>[]) => void) | null = null;
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: (entries: Partial<IntersectionObserverEntry>[]) => void) {
          observed = callback;
        }
        observe() {}
        disconnect() {}
      },
    );
    const fetchMock = mockRoutes({
      'GET /api/games': listPage(manyGames(1), 'cursor-2'),
      'GET /api/games?cursor=cursor-2': listPage(manyGames(2), 'cursor-3'),
      'GET /api/games?cursor=cursor-3': listPage(manyGames(3, 3)),
    });
    await renderPage(<GamesPage />, { path: '/games', url: '/games' });
    await screen.findByTestId('games-list');
    expect(routesCalled(fetchMock)).toEqual(['GET /api/games']);

    // The end comes near, and stays near as each page comes in (a tall screen): pages load until the last.
    act(() => observed?.([{ isIntersecting: true }]));
    await screen.findByTestId('games-end');
    expect(routesCalled(fetchMock)).toEqual(['GET /api/games', 'GET /api/games?cursor=cursor-2', 'GET /api/games?cursor=cursor-3']);
    vi.unstubAllGlobals();
  });

  it('says when the next page fails, and the button tries again', async () => {
    mockRoutes({
      'GET /api/games': listPage(manyGames(1), 'cursor-2'),
      'GET /api/games?cursor=cursor-2': [{ status: 500, body: { message: 'boom', code: 'internal' } }, listPage(manyGames(2, 2))],
    });
    const { t } = await renderPage(<GamesPage />, { path: '/games', url: '/games' });
    await screen.findByTestId('games-list');
    fireEvent.click(screen.getByRole('button', { name: t('games.loadMore') }));
    expect((await screen.findByRole('alert')).textContent).toBe(t('games.moreFailed'));
    // The cards loaded so far stay.
    expect(cards()).toHaveLength(24);
    fireEvent.click(screen.getByRole('button', { name: t('games.retryMore') }));
    await waitFor(() => expect(cards()).toHaveLength(26));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('keeps only the cards near the screen in the page, however many pages are loaded', { timeout: 30_000 }, async () => {
    // A phone (one column), and, as Happy DOM lays nothing out, rows 400 px tall once drawn.
    vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} }) as unknown as MediaQueryList);
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (this: HTMLElement) {
      return this.matches('li[data-index]') ? 400 : 0;
    });
    const PAGES = 20;
    const routes: Record<string, ReturnType<typeof listPage>> = { 'GET /api/games': listPage(manyGames(1), 'c2') };
    for (let page = 2; page <= PAGES; page++) routes[`GET /api/games?cursor=c${page}`] = listPage(manyGames(page), page < PAGES ? `c${page + 1}` : null);
    const fetchMock = mockRoutes(routes);
    await renderPage(<GamesPage />, { path: '/games', url: '/games', language: 'en' });
    await screen.findByTestId('games-list');

    for (let page = 2; page <= PAGES; page++) {
      fireEvent.click(screen.getByTestId('load-more'));
      await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(page));
      await waitFor(() => expect(screen.getByTestId('games-status').textContent).toBe(''));
    }
    await screen.findByTestId('games-end');

    // 480 games loaded: the first screen and a few rows below it are drawn, no more.
    const list = screen.getByTestId('games-list');
    const drawn = () => within(list).getAllByRole('listitem').map((item) => Number(item.dataset.cardIndex));
    expect(drawn()[0]).toBe(0);
    expect(drawn().length).toBeLessThanOrEqual(8);
    // The list keeps its full height: the rows not drawn stand in as padding (at their estimated height until drawn).
    const padding = parseFloat(list.style.paddingBlockStart || '0') + parseFloat(list.style.paddingBlockEnd || '0');
    expect(padding).toBeGreaterThan((480 - drawn().length) * 190);

    // Further down: the cards there, and still only a few.
    act(() => {
      window.scrollTo(0, 300 * (190 + 16));
      window.dispatchEvent(new Event('scroll'));
    });
    await waitFor(() => expect(drawn()[0]).toBeGreaterThan(280));
    expect(drawn().length).toBeLessThanOrEqual(12);
    expect(drawn().every((index) => index > 280 && index < 320)).toBe(true);
    expect(parseFloat(list.style.paddingBlockStart)).toBeGreaterThan(280 * 190);
    expect(screen.queryByRole('link', { name: 'Game p1-0' })).toBeNull();
  });

  it('comes back from a game to the same loaded pages, without asking again, at the same scroll position', async () => {
    const fetchMock = mockRoutes({
      'GET /api/games': listPage(manyGames(1), 'cursor-2'),
      'GET /api/games?cursor=cursor-2': listPage(manyGames(2, 6)),
    });
    const { router } = await renderPage(<GamesPage />, { path: '/games', url: '/games?aff=PARTNER7' });
    await screen.findByTestId('games-list');
    fireEvent.click(screen.getByTestId('load-more'));
    await waitFor(() => expect(cards()).toHaveLength(30));
    act(() => {
      window.scrollTo(0, 1234);
      window.dispatchEvent(new Event('scroll'));
    });

    fireEvent.click(screen.getByRole('link', { name: 'Game p2-3' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/game/p2-3'));
    act(() => window.scrollTo(0, 0));
    const scrollTo = vi.spyOn(window, 'scrollTo');

    await act(() => router.navigate(-1));
    await screen.findByTestId('games-list');
    expect(router.state.location.search).toBe('?aff=PARTNER7');
    // Both pages from the cache, drawn at once: no skeleton, no request.
    expect(screen.queryByTestId('games-loading')).toBeNull();
    expect(cards()).toHaveLength(30);
    expect(screen.getByTestId('games-end')).toBeTruthy();
    expect(routesCalled(fetchMock)).toEqual(['GET /api/games', 'GET /api/games?cursor=cursor-2']);
    expect(scrollTo).toHaveBeenCalledWith(0, 1234);
    expect(window.scrollY).toBe(1234);
  });
});

describe('games page: search and filters', () => {
  beforeEach(() => {
    forgetNearPosition();
    sessionStorage.clear();
  });
  afterEach(() => vi.restoreAllMocks());

  it('asks for the search once typing pauses, in the URL without a history entry per key, and clears it', async () => {
    const fetchMock = mockRoutes({
      'GET /api/games?aff=X': listPage(games),
      'GET /api/games': listPage(games),
      'GET /api/games?q=jaffa+port': listPage([games[1]]),
    });
    const { t, router } = await renderPage(<GamesPage />, { path: '/games', url: '/games?aff=PARTNER7' });
    await screen.findByTestId('games-list');
    const box = screen.getByRole('searchbox', { name: t('games.search.label') });
    expect(screen.getByRole('search', { name: t('games.search.label') })).toBeTruthy();

    for (const text of ['j', 'ja', 'jaf', 'jaffa', 'jaffa ', 'jaffa port']) fireEvent.change(box, { target: { value: text } });
    // Nothing asked while typing.
    expect(routesCalled(fetchMock)).toEqual(['GET /api/games']);
    await waitFor(() => expect(routesCalled(fetchMock)).toEqual(['GET /api/games', 'GET /api/games?q=jaffa+port']));
    await waitFor(() => expect(cards()).toHaveLength(1));
    // In the URL, beside the affiliate code, replacing the entry.
    expect(router.state.location.search).toBe('?aff=PARTNER7&q=jaffa+port');
    expect(router.state.historyAction).toBe('REPLACE');

    fireEvent.click(screen.getByRole('button', { name: t('games.search.clear') }));
    expect((box as HTMLInputElement).value).toBe('');
    await waitFor(() => expect(router.state.location.search).toBe('?aff=PARTNER7'));
    await waitFor(() => expect(cards()).toHaveLength(3));
    // The first page of the whole list came from the cache.
    expect(routesCalled(fetchMock)).toEqual(['GET /api/games', 'GET /api/games?q=jaffa+port']);
  });

  it('sends price, language and map to the list and keeps them in the URL, with the creator', async () => {
    const fetchMock = mockRoutes({
      'GET /api/games?user=u1': listPage(games),
      'GET /api/user/u1': { body: dana },
      'GET /api/games?user=u1&price=free': listPage([games[2]]),
      'GET /api/games?user=u1&price=free&language=en': listPage([]),
      'GET /api/games?user=u1&price=free&language=en&map=true': listPage([]),
      'GET /api/games?user=u1&map=true': listPage([games[0]]),
    });
    const { t, router } = await renderPage(<GamesPage />, { path: '/games', url: '/games?user=u1', language: 'en' });
    await screen.findByTestId('games-list');

    fireEvent.change(screen.getByRole('combobox', { name: t('games.filters.price') }), { target: { value: 'free' } });
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(router.state.location.search).toBe('?user=u1&price=free');
    // A filter is a step back/forward goes through.
    expect(router.state.historyAction).toBe('PUSH');

    fireEvent.change(screen.getByRole('combobox', { name: t('games.filters.language') }), { target: { value: 'en' } });
    const empty = await screen.findByTestId('games-empty');
    expect(within(empty).getByText(t('games.emptyFiltered'))).toBeTruthy();

    const mapOnly = screen.getByRole('button', { name: t('games.filters.map') });
    expect(mapOnly.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(mapOnly);
    await waitFor(() => expect(router.state.location.search).toBe('?user=u1&price=free&language=en&map=1'));
    expect(screen.getByRole('button', { name: t('games.filters.map') }).getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(routesCalled(fetchMock)).toContain('GET /api/games?user=u1&price=free&language=en&map=true'));

    // 'Clear' keeps the creator.
    fireEvent.click(within(await screen.findByTestId('games-empty')).getByRole('button', { name: t('games.filters.clear') }));
    await waitFor(() => expect(router.state.location.search).toBe('?user=u1'));
    await waitFor(() => expect(cards()).toHaveLength(3));

    // Back and forward step through the filters.
    await act(() => router.navigate(-1));
    await waitFor(() => expect(router.state.location.search).toBe('?user=u1&price=free&language=en&map=1'));
    expect((screen.getByRole('combobox', { name: t('games.filters.price') }) as HTMLSelectElement).value).toBe('free');

    // A link with the filters opens them.
    fireEvent.click(screen.getByRole('button', { name: t('games.filters.map') }));
    await waitFor(() => expect(router.state.location.search).toBe('?user=u1&price=free&language=en'));
  });

  it('opens a shared link with its search and filters in place', async () => {
    const fetchMock = mockRoutes({ 'GET /api/games?q=%D7%99%D7%A4%D7%95&price=paid&language=he&map=true': listPage([games[0]]) });
    const { t } = await renderPage(<GamesPage />, { path: '/games', url: '/games?q=%D7%99%D7%A4%D7%95&price=paid&language=he&map=1&price2=x' });
    await screen.findByTestId('games-list');
    expect((screen.getByRole('searchbox', { name: t('games.search.label') }) as HTMLInputElement).value).toBe('יפו');
    expect((screen.getByRole('combobox', { name: t('games.filters.price') }) as HTMLSelectElement).value).toBe('paid');
    expect((screen.getByRole('combobox', { name: t('games.filters.language') }) as HTMLSelectElement).value).toBe('he');
    expect(routesCalled(fetchMock)).toEqual(['GET /api/games?q=%D7%99%D7%A4%D7%95&price=paid&language=he&map=true']);
  });
});

describe('games page: near me', () => {
  const JAFFA = { lat: 32.055012, lng: 34.756318 };
  const near = (data: GameListItem[]) => listPage(data);
  const nearGames = [
    game('n1', { name: 'Old Jaffa to Neve Tzedek', language: 'en' }, 'APPROVED', { distanceMeters: 347 }),
    game('n2', { name: 'טעימה מהשוק' }, 'APPROVED', { distanceMeters: 1234 }),
    game('n3', { name: 'לב העיר הלבנה' }, 'APPROVED', { distanceMeters: 23_456 }),
  ];
  const NEAR_URL = 'GET /api/games?lat=32.055&lng=34.7563';

  beforeEach(() => {
    forgetNearPosition();
    sessionStorage.clear();
  });
  afterEach(() => vi.restoreAllMocks());

  it('sorts by distance from the visitor once allowed, shows each distance, keeps only near=1 in the URL, and stops', async () => {
    const { getCurrentPosition } = mockGeolocation(JAFFA);
    const fetchMock = mockRoutes({ 'GET /api/games': listPage(games), [NEAR_URL]: near(nearGames) });
    const { t, router, missing } = await renderPage(<GamesPage />, { path: '/games', url: '/games', language: 'en' });
    await screen.findByTestId('games-list');
    expect(getCurrentPosition).not.toHaveBeenCalled();

    const button = screen.getByRole('button', { name: t('games.near.button') });
    expect(button.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(button);
    expect(getCurrentPosition).toHaveBeenCalledTimes(1);
    // Locating: the button is busy and the status line says so.
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(screen.getByTestId('games-status').textContent).toBe(t('games.near.locating'));

    await waitFor(() => expect(cards().map((card) => within(card).getByRole('link').textContent)).toEqual(nearGames.map((g) => g.metadata.name)));
    // Rounded to 4 decimals; the URL says near=1 and never where the visitor is.
    expect(routesCalled(fetchMock)).toEqual(['GET /api/games', NEAR_URL]);
    expect(router.state.location.search).toBe('?near=1');
    expect(screen.getAllByTestId('game-distance').map((d) => d.textContent)).toEqual(['Distance: 350 m', 'Distance: 1.2 km', 'Distance: 23 km']);
    expect(screen.getByRole('button', { name: t('games.near.button') }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('near-note').textContent).toBe(t('games.near.sorted', { km: 50 }));

    // Stop: newest first again, from the cache.
    fireEvent.click(screen.getByRole('button', { name: t('games.near.button') }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(cards()[0].textContent).toContain('סודות נווה צדק'));
    expect(screen.queryByTestId('game-distance')).toBeNull();
    expect(routesCalled(fetchMock)).toEqual(['GET /api/games', NEAR_URL]);
    expect(missing).toEqual([]);
  });

  it('shows distances in Hebrew in a Hebrew interface', async () => {
    mockGeolocation(JAFFA);
    mockRoutes({ 'GET /api/games': listPage(games), [NEAR_URL]: near(nearGames) });
    const { t } = await renderPage(<GamesPage />, { path: '/games', url: '/games' });
    await screen.findByTestId('games-list');
    fireEvent.click(screen.getByRole('button', { name: t('games.near.button') }));
    await waitFor(() => expect(screen.getAllByTestId('game-distance').map((d) => d.textContent)).toEqual(['מרחק: 350 מ׳', 'מרחק: 1.2 ק״מ', 'מרחק: 23 ק״מ']));
  });

  it('says how to allow the location when it is denied, keeps the list, and tries again', async () => {
    const { getCurrentPosition } = mockGeolocation({ code: 1 });
    const fetchMock = mockRoutes({ 'GET /api/games': listPage(games), [NEAR_URL]: near(nearGames) });
    const { t, router, missing } = await renderPage(<GamesPage />, { path: '/games', url: '/games', language: 'en' });
    await screen.findByTestId('games-list');
    fireEvent.click(screen.getByRole('button', { name: t('games.near.button') }));

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(t('games.near.failed.title'))).toBeTruthy();
    expect(within(alert).getByText(t('games.near.failed.denied'))).toBeTruthy();
    expect(t('games.near.failed.denied')).toContain('site settings');
    expect(cards()).toHaveLength(3);
    expect(router.state.location.search).toBe('');
    expect(screen.getByRole('button', { name: t('games.near.button') }).getAttribute('aria-pressed')).toBe('false');

    // Allowed meanwhile: the retry finds the position.
    mockGeolocation(JAFFA);
    fireEvent.click(within(alert).getByRole('button', { name: t('games.near.failed.retry') }));
    await waitFor(() => expect(screen.getAllByTestId('game-distance')).toHaveLength(3));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(router.state.location.search).toBe('?near=1');
    expect(getCurrentPosition).toHaveBeenCalledTimes(1);
    expect(routesCalled(fetchMock)).toEqual(['GET /api/games', NEAR_URL]);
    expect(missing).toEqual([]);
  });

  it.each([
    [2, 'unavailable'],
    [3, 'timeout'],
  ])('says why when the position cannot be had (code %i: %s)', async (code, reason) => {
    mockGeolocation({ code });
    mockRoutes({ 'GET /api/games': listPage(games) });
    const { t } = await renderPage(<GamesPage />, { path: '/games', url: '/games', language: 'en' });
    await screen.findByTestId('games-list');
    fireEvent.click(screen.getByRole('button', { name: t('games.near.button') }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(t(`games.near.failed.${reason}`))).toBeTruthy();
    fireEvent.click(within(alert).getByRole('button', { name: t('games.near.failed.close') }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('opened with near=1 and the location already allowed, asks for the nearest at once (no newest-first list first)', async () => {
    const { getCurrentPosition } = mockGeolocation(JAFFA, 'granted');
    const fetchMock = mockRoutes({ [NEAR_URL]: near(nearGames) });
    await renderPage(<GamesPage />, { path: '/games', url: '/games?near=1' });
    await waitFor(() => expect(screen.getAllByTestId('game-distance')).toHaveLength(3));
    expect(getCurrentPosition).toHaveBeenCalledTimes(1);
    expect(routesCalled(fetchMock)).toEqual([NEAR_URL]);
  });

  it('opened with near=1 but never allowed, does not ask: the newest first, and the button', async () => {
    const { getCurrentPosition } = mockGeolocation(JAFFA, 'prompt');
    const fetchMock = mockRoutes({ 'GET /api/games': listPage(games) });
    const { t } = await renderPage(<GamesPage />, { path: '/games', url: '/games?near=1' });
    await screen.findByTestId('games-list');
    expect(getCurrentPosition).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: t('games.near.button') }).getAttribute('aria-pressed')).toBe('false');
    expect(routesCalled(fetchMock)).toEqual(['GET /api/games']);
  });

  it('says when no game is near, with a way back to every game', async () => {
    mockGeolocation(JAFFA);
    mockRoutes({ 'GET /api/games': listPage(games), [NEAR_URL]: near([]) });
    const { t, router } = await renderPage(<GamesPage />, { path: '/games', url: '/games', language: 'en' });
    await screen.findByTestId('games-list');
    fireEvent.click(screen.getByRole('button', { name: t('games.near.button') }));
    const empty = await screen.findByTestId('games-empty');
    expect(within(empty).getByText('No games within 50 km of you.')).toBeTruthy();
    fireEvent.click(within(empty).getByRole('button', { name: t('games.near.everywhere') }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(cards()).toHaveLength(3));
  });
});
