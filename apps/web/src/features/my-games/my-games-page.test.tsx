import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { emptyGame } from '@streethunt/shared';
import { SEARCH_DEBOUNCE_MS } from '../../ui/studio/table-constants.ts';
import { Component as MyGamesPage } from './my-games-page.tsx';
import { autoLoginReply, bodiesSent, freshBrowserEachTest, mockRoutes, renderPage, routesCalled } from '../../test/render-page.tsx';
import { myGame } from './test-data.ts';
import { catchDownloads } from '../../test/downloads.ts';

const setup = { path: '/my-games' };
const games = [
  myGame('g1', { name: 'סודות נווה צדק', status: 'APPROVED', price: 45 }),
  myGame('g2', { name: 'Jaffa Port Hunt', locationCity: 'Jaffa', status: 'DRAFT', price: '' }),
  myGame('g3', { name: 'הגן הקסום', locationCity: 'חיפה', status: 'PENDING', price: '60' }),
];
const listed = (data = games) => ({ 'POST /api/auto-login': autoLoginReply, 'GET /api/games/my-games': { body: { data } } });

function table() {
  return screen.getByRole('table');
}
/** The names in the table's rows, in order. */
function rowNames() {
  return within(table())
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent);
}
async function openRowMenu(name: string, t: (key: string, options?: Record<string, unknown>) => string) {
  fireEvent.click(screen.getByRole('button', { name: t('myGames.actions.more', { name }) }));
  return screen.findByRole('menu');
}

describe('my games page', () => {
  freshBrowserEachTest('user');

  it('lists my games with their city, price, currency and translated status, and leads to a new game', async () => {
    const fetchMock = mockRoutes(listed());
    const { t, missing } = await renderPage(<MyGamesPage />, setup);
    expect(screen.getByRole('status', { name: t('myGames.loading') })).toBeTruthy();
    await screen.findByRole('table');

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('המשחקים שלי');
    expect(rowNames()).toEqual(['סודות נווה צדק', 'Jaffa Port Hunt', 'הגן הקסום']);
    const [first, second, third] = within(table()).getAllByRole('row').slice(1);
    expect(within(first).getByTestId('price').textContent).toBe('₪45');
    expect(within(second).getByTestId('price').textContent).toBe('חינם');
    expect(within(third).getByTestId('price').textContent).toBe('₪60');
    expect(within(first).getByText('ILS')).toBeTruthy();
    expect(within(first).getByText('מאושר')).toBeTruthy();
    expect(within(second).getByText('טיוטה')).toBeTruthy();
    expect(within(third).getByText('ממתין לאישור')).toBeTruthy();
    expect(within(second).getByText('Jaffa').getAttribute('dir')).toBe('auto');
    // The game-code column stays hidden (SHOW_GAME_CODE_COLUMN).
    expect(within(table()).queryByText(t('myGames.table.gameCode'))).toBeNull();
    // Edit leads to the editor.
    expect(within(first).getByRole('link', { name: t('myGames.actions.edit', { name: 'סודות נווה צדק' }) }).getAttribute('href')).toBe('/game-editor/g1');
    expect(screen.getByRole('link', { name: 'יצירת משחק חדש' }).getAttribute('href')).toBe('/game-editor-new-game');
    expect(routesCalled(fetchMock)).toEqual(['POST /api/auto-login', 'GET /api/games/my-games']);
    expect(missing).toEqual([]);
  });

  it('marks the draft of an approved game’s next version beside its status', async () => {
    const nextVersion = { ...myGame('g4', { name: 'סודות נווה צדק', status: 'DRAFT', price: 45 }), nextVersionOf: 'g1' };
    mockRoutes(listed([...games, nextVersion]));
    const { t } = await renderPage(<MyGamesPage />, setup);
    await screen.findByRole('table');
    const rows = within(table()).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).queryByTestId('next-version-badge')?.textContent ?? null)).toEqual([null, null, null, t('myGames.table.nextVersion')]);
    expect(t('myGames.table.nextVersion')).toBe('גרסה הבאה');
  });

  it('filters by status, says where pending games are, and searches name and city after 200 ms', async () => {
    mockRoutes(listed());
    const { t } = await renderPage(<MyGamesPage />, setup);
    await screen.findByRole('table');
    expect(screen.getByTestId('pending-note').textContent).toBe(t('myGames.filter.pendingNote', { n: 1 }));

    fireEvent.click(screen.getByLabelText('מאושרים (1)'));
    await waitFor(() => expect(rowNames()).toEqual(['סודות נווה צדק']));
    fireEvent.click(screen.getByLabelText('טיוטות (1)'));
    await waitFor(() => expect(rowNames()).toEqual(['Jaffa Port Hunt']));
    fireEvent.click(screen.getByLabelText('הכול (3)'));
    await waitFor(() => expect(rowNames()).toHaveLength(3));

    const search = screen.getByRole('searchbox', { name: t('myGames.search.label') });
    // The search waits 200 ms after the last key; each key starts the wait again.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.change(search, { target: { value: 'חי' } });
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 50));
    fireEvent.change(search, { target: { value: '  חיפה ' } });
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1));
    expect(rowNames()).toHaveLength(3);
    act(() => vi.advanceTimersByTime(1));
    expect(rowNames()).toEqual(['הגן הקסום']);
    vi.useRealTimers();
    fireEvent.change(search, { target: { value: 'JAFFA' } });
    await waitFor(() => expect(rowNames()).toEqual(['Jaffa Port Hunt']));
    fireEvent.change(search, { target: { value: 'nothing like it' } });
    expect(await screen.findByText(t('myGames.table.noMatch'))).toBeTruthy();
  });

  it('shows 10 games a page and lets the creator choose up to 50', async () => {
    const many = Array.from({ length: 25 }, (_, index) => myGame(`m${index + 1}`, { name: `Game ${index + 1}` }));
    mockRoutes(listed(many));
    const { t } = await renderPage(<MyGamesPage />, { ...setup, language: 'en' });
    await screen.findByRole('table');
    expect(rowNames()).toHaveLength(10);
    expect(screen.getByText('1–10 of 25')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: t('studio.paging.nextPage') }));
    await waitFor(() => expect(rowNames()[0]).toBe('Game 11'));

    // The page-size menu: its button shows the size.
    fireEvent.click(screen.getByRole('button', { name: '10' }));
    const sizes = await screen.findAllByRole('menuitem');
    expect(sizes.map((item) => item.textContent)).toEqual(['10', '20', '30', '40', '50']);
    fireEvent.click(screen.getByRole('menuitem', { name: '20' }));
    await waitFor(() => expect(rowNames()).toHaveLength(20));
    expect(rowNames()[0]).toBe('Game 1');
    expect(screen.getByText('1–20 of 25')).toBeTruthy();
  });

  it('creates a code and shows it with a copy button', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.spyOn(navigator, 'clipboard', 'get').mockReturnValue({ writeText } as unknown as Clipboard);
    const fetchMock = mockRoutes({ ...listed(), 'POST /api/game/secret-code': { body: { data: { game_secret: 'K7WQ-3PXM' } } } });
    const { t } = await renderPage(<MyGamesPage />, setup);
    await screen.findByRole('table');

    const menu = await openRowMenu('סודות נווה צדק', t);
    expect(within(menu).getByRole('menuitem', { name: t('myGames.actions.open') }).getAttribute('href')).toBe('/game/g1');
    expect(within(menu).getByRole('menuitem', { name: t('myGames.actions.open') }).getAttribute('target')).toBe('_blank');
    expect(within(menu).getByRole('menuitem', { name: t('myGames.actions.open') }).getAttribute('rel')).toContain('noopener');
    fireEvent.click(within(menu).getByRole('menuitem', { name: t('myGames.actions.createCode') }));

    const dialog = await screen.findByRole('dialog', { name: t('myGames.code.title') });
    expect(within(dialog).getByTestId('game-code').textContent).toBe('K7WQ-3PXM');
    expect(within(dialog).getByTestId('game-code').getAttribute('dir')).toBe('ltr');
    // The corner X is named too, beside the footer's Close.
    expect(within(dialog).getAllByRole('button', { name: t('studio.close') })).toHaveLength(2);
    expect(bodiesSent(fetchMock, 'POST /api/game/secret-code')).toEqual([{ gameId: 'g1' }]);
    fireEvent.click(within(dialog).getByRole('button', { name: t('studio.copy') }));
    expect(await within(dialog).findByRole('button', { name: t('studio.copied') })).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith('K7WQ-3PXM');
  });

  it('offers to make a live event of an approved game only', async () => {
    mockRoutes(listed());
    const { t } = await renderPage(<MyGamesPage />, setup);
    await screen.findByRole('table');
    const approved = await openRowMenu('סודות נווה צדק', t);
    expect(within(approved).getByRole('menuitem', { name: 'יצירת אירוע חי' }).getAttribute('href')).toBe('/events/new?gameId=g1');
    fireEvent.keyDown(approved, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    const draft = await openRowMenu('Jaffa Port Hunt', t);
    expect(within(draft).queryByRole('menuitem', { name: t('myGames.actions.makeEvent') })).toBeNull();
  });

  it('selects the code for copying by hand where the clipboard refuses', async () => {
    vi.spyOn(navigator, 'clipboard', 'get').mockReturnValue({ writeText: () => Promise.reject(new Error('denied')) } as unknown as Clipboard);
    mockRoutes({ ...listed(), 'POST /api/game/secret-code': { body: { data: { game_secret: 'K7WQ-3PXM' } } } });
    const { t } = await renderPage(<MyGamesPage />, { ...setup, language: 'en' });
    await screen.findByRole('table');
    fireEvent.click(within(await openRowMenu('Jaffa Port Hunt', t)).getByRole('menuitem', { name: 'Create a game code' }));
    const dialog = await screen.findByRole('dialog', { name: 'New game code' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(t('myGames.code.copyByHand'));
    expect(window.getSelection()?.toString()).toBe('K7WQ-3PXM');
  });

  it('duplicates a game after asking, then refreshes the list and says so', async () => {
    const copy = myGame('g4', { name: 'סודות נווה צדק', status: 'DRAFT' });
    const fetchMock = mockRoutes({
      'POST /api/auto-login': autoLoginReply,
      'GET /api/games/my-games': [{ body: { data: games } }, { body: { data: [copy, ...games] } }],
      'POST /api/games/duplicate/g1': { body: { data: { _id: 'g4' } } },
    });
    const { t } = await renderPage(<MyGamesPage />, setup);
    await screen.findByRole('table');
    fireEvent.click(within(await openRowMenu('סודות נווה צדק', t)).getByRole('menuitem', { name: t('myGames.actions.duplicate') }));

    const dialog = await screen.findByRole('dialog', { name: t('myGames.duplicate.title') });
    expect(within(dialog).getByRole('button', { name: t('studio.close') })).toBeTruthy();
    expect(routesCalled(fetchMock)).not.toContain('POST /api/games/duplicate/g1');
    fireEvent.click(within(dialog).getByRole('button', { name: t('myGames.duplicate.confirm') }));

    expect(await screen.findByText(t('myGames.duplicate.done', { name: 'סודות נווה צדק' }))).toBeTruthy();
    await waitFor(() => expect(rowNames()).toHaveLength(4));
    expect(routesCalled(fetchMock).filter((route) => route !== 'POST /api/auto-login')).toEqual([
      'GET /api/games/my-games',
      'POST /api/games/duplicate/g1',
      'GET /api/games/my-games',
    ]);
  });

  it('says which action failed and why', async () => {
    mockRoutes({ ...listed(), 'POST /api/games/duplicate/g2': { status: 403, body: { message: 'Not your game', code: 'forbidden' } } });
    const { t } = await renderPage(<MyGamesPage />, { ...setup, language: 'en' });
    await screen.findByRole('table');
    fireEvent.click(within(await openRowMenu('Jaffa Port Hunt', t)).getByRole('menuitem', { name: t('myGames.actions.duplicate') }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Duplicate' }));
    expect((await screen.findByTestId('action-error')).textContent).toBe('Jaffa Port Hunt was not duplicated: Not your game');
  });

  it('exports a game to a JSON file named after it', async () => {
    const file = { format: 'streethunt-game', version: 1, exportedAt: '2025-03-01T10:00:00.000Z', game: { metadata: { name: 'סודות נווה צדק' } } };
    const { blobs, clicks } = catchDownloads('blob:export');
    const fetchMock = mockRoutes({ ...listed(), 'GET /api/games/export/g1': { body: file } });
    const { t } = await renderPage(<MyGamesPage />, setup);
    await screen.findByRole('table');
    fireEvent.click(within(await openRowMenu('סודות נווה צדק', t)).getByRole('menuitem', { name: t('myGames.actions.export') }));

    await waitFor(() => expect(clicks).toHaveLength(1));
    expect(clicks[0].download).toBe('סודות-נווה-צדק.streethunt.json');
    expect(clicks[0].getAttribute('href')).toBe('blob:export');
    expect(JSON.parse(await blobs[0].text())).toEqual(file);
    expect(routesCalled(fetchMock)).toContain('GET /api/games/export/g1');
  });

  it('imports a game file and opens the new draft in the editor', async () => {
    const exported = { format: 'streethunt-game', version: 1, exportedAt: '2025-03-01T10:00:00.000Z', game: { metadata: { name: 'x' } } };
    const fetchMock = mockRoutes({ ...listed(), 'POST /api/games/import': { body: { data: { _id: 'new1' } } } });
    const { router } = await renderPage(<MyGamesPage />, setup);
    await screen.findByRole('table');
    const input = document.querySelector<HTMLInputElement>('input[type=file]')!;
    expect(input.accept.split(',')).toEqual(expect.arrayContaining(['.json', '.gpx', '.kml', '.kmz']));
    fireEvent.change(input, { target: { files: [new File([JSON.stringify(exported)], 'game.json', { type: 'application/json' })] } });

    await waitFor(() => expect(router.state.location.pathname).toBe('/game-editor/new1'));
    expect(bodiesSent(fetchMock, 'POST /api/games/import')).toEqual([exported]);
  });

  it('reads a GPX through the server, shows what it holds and what was not carried, and creates the draft only once confirmed', async () => {
    const empty = emptyGame('en');
    const file = { format: 'streethunt-game', version: 3, exportedAt: '2026-11-26T10:00:00.000Z', game: { ...empty, metadata: { ...empty.metadata, name: 'Trail' } } };
    const fetchMock = mockRoutes({
      ...listed(),
      'POST /api/games/import/read': {
        body: {
          data: {
            file,
            summary: { format: 'gpx', name: 'Mystic River Basin Trails', stops: 49, start: true, areas: { point: 49, polygon: 0 }, answers: { text: 0, number: 0, choice: 0, none: 49 }, hints: 0 },
            notCarried: [{ kind: 'tracks', count: 3, where: ['LONG TRACK'] }],
          },
        },
      },
      'POST /api/games/import': { body: { data: { _id: 'new2' } } },
    });
    const { router, t } = await renderPage(<MyGamesPage />, setup);
    await screen.findByRole('table');
    const input = document.querySelector<HTMLInputElement>('input[type=file]')!;
    const gpx = new File(['<gpx version="1.1"></gpx>'], 'trail.gpx', { type: 'application/gpx+xml' });
    fireEvent.change(input, { target: { files: [gpx] } });

    const preview = await screen.findByTestId('import-preview');
    expect(within(preview).getByText('Mystic River Basin Trails')).toBeTruthy();
    expect(within(preview).getByTestId('import-summary').textContent).toContain(t('myGames.import.preview.stops', { count: 49 }));
    expect(within(preview).getByTestId('import-not-carried').textContent).toContain(t('myGames.import.notCarried.tracks', { count: 3 }));
    // The file went as its bytes; nothing was stored yet.
    const read = fetchMock.mock.calls.find(([url]) => String(url) === '/api/games/import/read');
    expect((read?.[1] as RequestInit).headers).toMatchObject({ 'content-type': 'application/octet-stream' });
    expect((read?.[1] as RequestInit).body).toBe(gpx);
    expect(routesCalled(fetchMock)).not.toContain('POST /api/games/import');

    fireEvent.click(within(preview).getByTestId('import-confirm'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/game-editor/new2'));
    expect(bodiesSent(fetchMock, 'POST /api/games/import')).toEqual([file]);
  });

  it('says a broken file is not a game file without sending it, and shows the server message for a refused one', async () => {
    const fetchMock = mockRoutes({
      ...listed(),
      'POST /api/games/import': { status: 400, body: { message: 'version: unknown export version 7 (this site reads version 1)', code: 'validation' } },
    });
    const { t } = await renderPage(<MyGamesPage />, setup);
    await screen.findByRole('table');
    const input = document.querySelector<HTMLInputElement>('input[type=file]')!;

    fireEvent.change(input, { target: { files: [new File(['{"format": "streethunt-game", '], 'broken.json', { type: 'application/json' })] } });
    expect((await screen.findByTestId('action-error')).textContent).toBe(t('myGames.import.notJson', { file: 'broken.json' }));
    expect(routesCalled(fetchMock)).not.toContain('POST /api/games/import');

    fireEvent.change(input, { target: { files: [new File(['{"format":"streethunt-game","version":7}'], 'old.json')] } });
    await waitFor(() =>
      expect(screen.getByTestId('action-error').textContent).toBe('המשחק לא יובא: version: unknown export version 7 (this site reads version 1)'),
    );
  });

  it('names the limit of the file that was too large: 1 MB for an export file, 5 MB for a file in an open format', async () => {
    const tooLarge = { status: 413, body: { message: 'Request body is too large', code: 'payload_too_large' } };
    mockRoutes({ ...listed(), 'POST /api/games/import': tooLarge, 'POST /api/games/import/read': tooLarge });
    const { t } = await renderPage(<MyGamesPage />, setup);
    await screen.findByRole('table');
    const input = document.querySelector<HTMLInputElement>('input[type=file]')!;

    const exported = { format: 'streethunt-game', version: 3, exportedAt: '2026-11-26T10:00:00.000Z', game: { metadata: { name: 'x' } } };
    fireEvent.change(input, { target: { files: [new File([JSON.stringify(exported)], 'game.json', { type: 'application/json' })] } });
    await waitFor(() => expect(screen.getByTestId('action-error').textContent).toBe(t('myGames.import.tooLarge', { max: 1 })));

    fireEvent.change(input, { target: { files: [new File(['<gpx version="1.1"></gpx>'], 'trail.gpx', { type: 'application/gpx+xml' })] } });
    await waitFor(() => expect(screen.getByTestId('action-error').textContent).toBe(t('myGames.import.tooLarge', { max: 5 })));
  });

  it('sends the browser to log in, and back, when the server answers 401', async () => {
    mockRoutes({ 'POST /api/auto-login': autoLoginReply, 'GET /api/games/my-games': { status: 401, body: { message: 'Unauthorized', code: 'unauthorized' } } });
    const { router } = await renderPage(<MyGamesPage />, setup);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?url=/my-games');
    expect(localStorage.getItem('session')).toBeNull();
  });

  it('keeps the query in the way back from the login page', async () => {
    localStorage.clear();
    const fetchMock = mockRoutes({});
    const { router } = await renderPage(<MyGamesPage />, { ...setup, url: '/my-games?tab=1' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe(`?url=${encodeURIComponent('/my-games?tab=1').replace(/%2F/g, '/')}`);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('welcomes a creator without games with a way to make the first one', async () => {
    mockRoutes(listed([]));
    const { t, missing } = await renderPage(<MyGamesPage />, { ...setup, language: 'en' });
    const empty = await screen.findByTestId('my-games-empty');
    expect(within(empty).getByText('No games yet')).toBeTruthy();
    expect(within(empty).getByRole('link', { name: 'Create new game' }).getAttribute('href')).toBe('/game-editor-new-game');
    expect(screen.getAllByRole('link', { name: t('myGames.create') })).toHaveLength(1);
    expect(screen.queryByRole('table')).toBeNull();
    expect(missing).toEqual([]);
  });

  it('says the list failed and loads it again on retry', async () => {
    mockRoutes({
      'POST /api/auto-login': autoLoginReply,
      'GET /api/games/my-games': [{ status: 500, body: { message: 'boom', code: 'internal' } }, { body: { data: games } }],
    });
    const { t } = await renderPage(<MyGamesPage />, { ...setup, language: 'en' });
    const error = await screen.findByTestId('load-error');
    expect(within(error).getByText(t('myGames.loadFailed'))).toBeTruthy();
    expect(within(error).queryByText(/boom/)).toBeNull();
    fireEvent.click(within(error).getByRole('button', { name: 'Try again' }));
    await screen.findByRole('table');
    expect(rowNames()).toHaveLength(3);
  });

  it('shows the English table', async () => {
    mockRoutes(listed());
    const { missing } = await renderPage(<MyGamesPage />, { ...setup, language: 'en' });
    await screen.findByRole('table');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('My games');
    const headers = within(table()).getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers).toEqual(['Name', 'Status', 'Price', 'City', 'Currency', 'Actions']);
    expect(within(table()).getByText('Pending approval')).toBeTruthy();
    expect(screen.getAllByTestId('price').map((price) => price.textContent)).toEqual(['₪45', 'Free', '₪60']);
    expect(screen.getByLabelText('Approved (1)')).toBeTruthy();
    expect(missing).toEqual([]);
  });
});
