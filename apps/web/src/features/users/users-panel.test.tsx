import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { UserListItem } from '@streethunt/shared';
import { SEARCH_DEBOUNCE_MS } from '../../ui/studio/table-constants.ts';
import type { RouteReply } from '../../test/fetch-routes.ts';
import { adminAutoLogin, autoLoginReply, freshBrowserEachTest, mockRoutes, renderPage, resetBrowserState, routesCalled, storeSession } from '../../test/render-page.tsx';
import { listedUser } from './test-data.ts';
import { AdminTabsPage } from '../../ui/studio/admin-tabs-page.tsx';
import { usersTab } from './users-panel.tsx';

/** The users tab in the frame of /admin-users (the app adds the leads tab: app/admin-tab-pages.tsx). */
const page = <AdminTabsPage frame={{ title: 'adminUsers.title', tabsLabel: 'adminLeads.tabs.label', testId: 'admin-users-page' }} tabs={[usersTab]} />;

const setup = { path: '/admin-users' };
const AUTO_LOGIN = 'POST /api/auto-login';

/** The route of one users request, as the page builds it. */
function usersRoute({ page = 1, pageSize = 20, q }: { page?: number; pageSize?: number; q?: string } = {}) {
  const query = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
  if (q) query.set('q', q);
  return `GET /api/users/?${query}`;
}
function reply(data: UserListItem[], { total = data.length, page = 1, pageSize = 20 } = {}): RouteReply {
  return { body: { data: { data, total, page, pageSize } } };
}
/** `count` users numbered from `from`, as one server page holds them. */
function usersFrom(from: number, count: number) {
  return Array.from({ length: count }, (_, index) => listedUser(`u${from + index}`));
}

const dana = listedUser('1', { firstName: 'דנה', lastName: 'לוי', email: 'dana@example.com', phone: '+972-50-1234567', role: 'admin' });
const john = listedUser('2', { firstName: 'John', lastName: 'Smith', email: 'john@example.com', createdAt: '2026-03-15T12:00:00.000Z' });
const three = [dana, john, listedUser('3')];

/** Holds the replies to /api/users/ until `release` is called, so a loading state stays on screen. */
function holdUsers() {
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  const inner = globalThis.fetch;
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    if (String(input).startsWith('/api/users/')) await gate;
    return inner(input, init);
  }) as typeof fetch;
  return () => act(() => release());
}

function table() {
  return screen.getByRole('table');
}
function bodyRows() {
  return within(table()).getAllByRole('row').slice(1);
}
/** The text of one column in every row. */
function column(index: number) {
  return bodyRows().map((row) => within(row).getAllByRole('cell')[index]?.textContent);
}
/** The table's 'no records' text, present only while the table is empty (mantine-datatable keeps it in the DOM). */
function emptyState() {
  return document.querySelector('.mantine-datatable-empty-state[data-active]');
}
function usersCalls(fetchMock: ReturnType<typeof mockRoutes>) {
  return routesCalled(fetchMock).filter((route) => route !== AUTO_LOGIN);
}

describe('admin users page', () => {
  freshBrowserEachTest('admin');

  it('says it is loading users, then lists them with their details, role and a link to their games (he)', async () => {
    const fetchMock = mockRoutes({ [AUTO_LOGIN]: adminAutoLogin, [usersRoute()]: reply(three) });
    const release = holdUsers();
    const { t, missing } = await renderPage(page, setup);

    const overlay = await screen.findByRole('status', { name: (_name, element) => element.textContent === 'טוען משתמשים...' });
    expect(overlay).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('משתמשים');
    release();
    await screen.findByRole('table', { name: t('adminUsers.table.label') });
    expect(screen.queryByText(t('adminUsers.loading'))).toBeNull();

    expect(screen.getByTestId('users-total').textContent).toBe('3 משתמשים');
    expect(column(0)).toEqual(['1', '2', '3']);
    expect(column(1)).toEqual(['דנה', 'John', 'First3']);
    expect(column(2)).toEqual(['לוי', 'Smith', 'Last3']);
    const [first, second] = bodyRows();
    expect(within(first).getByText('דנה').getAttribute('dir')).toBe('auto');
    expect(within(first).getByText('לוי').getAttribute('dir')).toBe('auto');
    expect(within(first).getByText('dana@example.com').getAttribute('dir')).toBe('ltr');
    expect(within(first).getByText('+972-50-1234567').getAttribute('dir')).toBe('ltr');
    // The registration date alone, in Hebrew, with the exact moment for machines.
    const registered = within(first).getByText('1 בפבר׳ 2026');
    expect(registered.tagName).toBe('TIME');
    expect(registered.getAttribute('datetime')).toBe('2026-02-01T09:30:00.000Z');
    expect(within(second).getByText('15 במרץ 2026')).toBeTruthy();
    // Only admins carry a role badge.
    expect(within(first).getByTestId('admin-badge').textContent).toBe('מנהל');
    expect(within(second).queryByTestId('admin-badge')).toBeNull();
    // Every row leads to its user's games, named exactly 'show games'.
    const links = within(table()).getAllByRole('link', { name: 'הצגת משחקים' });
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/games?user=1', '/games?user=2', '/games?user=3']);
    // The box that scrolls the table sideways on a phone takes focus (axe).
    expect(table().closest('.mantine-ScrollArea-viewport')?.getAttribute('tabindex')).toBe('0');

    expect(routesCalled(fetchMock)).toEqual([AUTO_LOGIN, usersRoute()]);
    expect(missing).toEqual([]);
  });

  it('speaks English too, and counts users in the plural forms of each language', async () => {
    mockRoutes({ [AUTO_LOGIN]: adminAutoLogin, [usersRoute()]: reply(three, { total: 100_000 }) });
    const release = holdUsers();
    const { t, i18n, missing } = await renderPage(page, { ...setup, language: 'en' });
    expect(await screen.findByRole('status', { name: (_name, element) => element.textContent === 'Loading Users...' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Users');
    expect(screen.getByRole('searchbox', { name: 'Search users' }).getAttribute('placeholder')).toBe('Name, email or phone');
    release();
    await screen.findByRole('table', { name: 'Registered users' });

    expect(screen.getByTestId('users-total').textContent).toBe('100,000 users');
    expect(screen.getByText('1–3 of 100,000')).toBeTruthy();
    const [first] = bodyRows();
    expect(within(first).getByText('Feb 1, 2026')).toBeTruthy();
    expect(within(first).getByTestId('admin-badge').textContent).toBe('Admin');
    expect(within(first).getByRole('link', { name: 'Show games' }).getAttribute('href')).toBe('/games?user=1');

    expect(t('adminUsers.total', { count: 1 })).toBe('One user');
    expect(t('adminUsers.total', { count: 2 })).toBe('2 users');
    const he = i18n.getFixedT('he', 'studio');
    expect(he('adminUsers.total', { count: 1 })).toBe('משתמש אחד');
    expect(he('adminUsers.total', { count: 2 })).toBe('שני משתמשים');
    expect(he('adminUsers.total', { count: 100_000 })).toBe('100,000 משתמשים');
    expect(missing).toEqual([]);
  });

  it('pages on the server, keeps the shown page while the next loads, and keeps the place in the address', async () => {
    const fetchMock = mockRoutes({
      [AUTO_LOGIN]: adminAutoLogin,
      [usersRoute()]: reply(usersFrom(1, 20), { total: 45 }),
      [usersRoute({ page: 2 })]: reply(usersFrom(21, 20), { total: 45, page: 2 }),
      [usersRoute({ pageSize: 50 })]: reply(usersFrom(1, 45), { total: 45, pageSize: 50 }),
    });
    const { t, router } = await renderPage(page, { ...setup, language: 'en' });
    await screen.findByRole('table');
    expect(column(1)[0]).toBe('Firstu1');
    expect(screen.getByText('1–20 of 45')).toBeTruthy();

    const release = holdUsers();
    fireEvent.click(screen.getByRole('button', { name: t('studio.paging.nextPage') }));
    // The first page stays, under the table's own loader, until the second arrives.
    expect(await screen.findByRole('status', { name: t('adminUsers.fetching') })).toBeTruthy();
    expect(column(1)[0]).toBe('Firstu1');
    expect(router.state.location.search).toBe('?page=2');
    release();
    await waitFor(() => expect(column(1)[0]).toBe('Firstu21'));
    // Numbered on from the first page.
    expect(column(0)[0]).toBe('21');
    expect(column(0)[19]).toBe('40');
    expect(screen.queryByRole('status', { name: t('adminUsers.fetching') })).toBeNull();

    // The back button returns to the first page.
    await act(() => router.navigate(-1));
    await waitFor(() => expect(column(1)[0]).toBe('Firstu1'));
    expect(router.state.location.search).toBe('');

    // A new page size starts again at page 1.
    fireEvent.click(screen.getByRole('button', { name: '20' }));
    const sizes = await screen.findAllByRole('menuitem');
    expect(sizes.map((item) => item.textContent)).toEqual(['10', '20', '30', '40', '50']);
    fireEvent.click(screen.getByRole('menuitem', { name: '50' }));
    await waitFor(() => expect(bodyRows()).toHaveLength(45));
    expect(router.state.location.search).toBe('?pageSize=50');

    expect(usersCalls(fetchMock)).toEqual([usersRoute(), usersRoute({ page: 2 }), usersRoute(), usersRoute({ pageSize: 50 })]);
  });

  it('opens at the page its address names, numbered from there', async () => {
    const fetchMock = mockRoutes({ [AUTO_LOGIN]: adminAutoLogin, [usersRoute({ page: 2, pageSize: 10 })]: reply(usersFrom(11, 10), { total: 25, page: 2, pageSize: 10 }) });
    await renderPage(page, { ...setup, url: '/admin-users?page=2&pageSize=10' });
    await screen.findByRole('table');
    expect(column(0)).toEqual(['11', '12', '13', '14', '15', '16', '17', '18', '19', '20']);
    expect(usersCalls(fetchMock)).toEqual([usersRoute({ page: 2, pageSize: 10 })]);
  });

  it('falls back to page 1 and 20 a page when the address holds values the server would refuse', async () => {
    const fetchMock = mockRoutes({ [AUTO_LOGIN]: adminAutoLogin, [usersRoute()]: reply(three) });
    await renderPage(page, { ...setup, url: '/admin-users?page=02&pageSize=7&q=%20%20' });
    await screen.findByRole('table');
    expect(usersCalls(fetchMock)).toEqual([usersRoute()]);
  });

  it('moves to the last page when the address asks for a page past the end', async () => {
    const fetchMock = mockRoutes({
      [AUTO_LOGIN]: adminAutoLogin,
      [usersRoute({ page: 9 })]: reply([], { total: 3, page: 9 }),
      [usersRoute()]: reply(three),
    });
    const { router } = await renderPage(page, { ...setup, url: '/admin-users?page=9' });
    await waitFor(() => expect(column(1)).toEqual(['דנה', 'John', 'First3']));
    expect(router.state.location.search).toBe('');
    expect(usersCalls(fetchMock)).toEqual([usersRoute({ page: 9 }), usersRoute()]);
  });

  it('searches on the server once typing pauses, from page 1, and keeps the search in the address', async () => {
    const fetchMock = mockRoutes({
      [AUTO_LOGIN]: adminAutoLogin,
      [usersRoute({ page: 3 })]: reply(usersFrom(41, 5), { total: 45, page: 3 }),
      [usersRoute({ q: 'dana' })]: reply([dana]),
      [usersRoute({ q: 'nobody' })]: reply([]),
      [usersRoute({ q: 'levi' })]: reply([dana]),
    });
    const { t, router } = await renderPage(page, { ...setup, url: '/admin-users?page=3' });
    await screen.findByRole('table');
    const search = screen.getByRole('searchbox', { name: t('adminUsers.search.label') });
    expect(search.getAttribute('maxlength')).toBe('100');
    expect(search.getAttribute('dir')).toBe('auto');

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.change(search, { target: { value: 'd' } });
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 50));
    fireEvent.change(search, { target: { value: 'da' } });
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 50));
    fireEvent.change(search, { target: { value: ' dana ' } });
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1));
    expect(usersCalls(fetchMock)).toEqual([usersRoute({ page: 3 })]);
    act(() => vi.advanceTimersByTime(1));
    vi.useRealTimers();
    await waitFor(() => expect(column(1)).toEqual(['דנה']));
    // One request for the whole word, from the first page; the address keeps the search alone.
    expect(usersCalls(fetchMock)).toEqual([usersRoute({ page: 3 }), usersRoute({ q: 'dana' })]);
    expect(router.state.location.search).toBe('?q=dana');
    expect(screen.getByTestId('users-total').textContent).toBe('משתמש אחד');
    expect((search as HTMLInputElement).value).toBe(' dana ');

    fireEvent.change(search, { target: { value: 'nobody' } });
    await waitFor(() => expect(screen.getByTestId('users-total').textContent).toBe('0 משתמשים'));
    expect(emptyState()?.textContent).toBe(t('adminUsers.empty', { q: 'nobody' }));

    // An address changed from outside (a link, the back button) shows its search in the box.
    await act(() => router.navigate('/admin-users?q=levi'));
    await waitFor(() => expect(column(1)).toEqual(['דנה']));
    expect((search as HTMLInputElement).value).toBe('levi');
    expect(usersCalls(fetchMock).at(-1)).toBe(usersRoute({ q: 'levi' }));
  });

  it('says when there are no users at all', async () => {
    mockRoutes({ [AUTO_LOGIN]: adminAutoLogin, [usersRoute()]: reply([]) });
    const { t } = await renderPage(page, { ...setup, language: 'en' });
    await waitFor(() => expect(emptyState()?.textContent).toBe(t('adminUsers.none')));
    expect(screen.getByTestId('users-total').textContent).toBe('0 users');
  });

  it('says when the users could not be loaded, and tries again', async () => {
    const fetchMock = mockRoutes({
      [AUTO_LOGIN]: adminAutoLogin,
      [usersRoute()]: [{ status: 500, body: { message: 'boom', code: 'internal' } }, reply(three)],
    });
    const { t } = await renderPage(page, setup);
    const error = await screen.findByTestId('load-error');
    expect(error.textContent).toContain(t('adminUsers.loadFailed'));
    expect(error.textContent).toContain(t('studio.loadFailed'));
    fireEvent.click(within(error).getByRole('button', { name: t('studio.retry') }));
    await screen.findByRole('table');
    expect(screen.queryByTestId('load-error')).toBeNull();
    expect(usersCalls(fetchMock)).toEqual([usersRoute(), usersRoute()]);
  });

  it("shows the server's message for a search it refuses, and says when the network is down", async () => {
    mockRoutes({
      [AUTO_LOGIN]: adminAutoLogin,
      [usersRoute()]: reply(three),
      [usersRoute({ q: 'bad' })]: { status: 400, body: { message: 'q: contains a control character', code: 'validation' } },
      [usersRoute({ q: 'offline' })]: { networkError: true },
    });
    const { t } = await renderPage(page, { ...setup, language: 'en' });
    await screen.findByRole('table');
    const search = screen.getByRole('searchbox', { name: t('adminUsers.search.label') });
    fireEvent.change(search, { target: { value: 'bad' } });
    expect((await screen.findByTestId('load-error')).textContent).toContain('q: contains a control character');
    // The search box stays, to correct the search.
    fireEvent.change(search, { target: { value: 'offline' } });
    await waitFor(() => expect(screen.getByTestId('load-error').textContent).toContain(t('studio.network')));
  });

  it('says the page is not allowed when the server refuses the admin (403)', async () => {
    mockRoutes({ [AUTO_LOGIN]: adminAutoLogin, [usersRoute()]: { status: 403, body: { message: 'Admins only', code: 'forbidden' } } });
    const { t } = await renderPage(page, setup);
    expect((await screen.findByTestId('not-allowed')).textContent).toContain(t('admin.notAllowed.title'));
    expect(screen.queryByTestId('load-error')).toBeNull();
  });

  it('ends the session when the server no longer accepts the token (401)', async () => {
    mockRoutes({ [AUTO_LOGIN]: adminAutoLogin, [usersRoute({ q: 'x' })]: { status: 401, body: { message: 'expired', code: 'unauthorized' } } });
    await renderPage(page, { ...setup, url: '/admin-users?q=x' });
    expect((await screen.findByTestId('landed')).textContent).toBe('/login?url=/admin-users%3Fq%3Dx');
  });

  for (const language of ['he', 'en'] as const) {
    it(`tells a user without the admin role that the page is not for them, and asks for no users (${language})`, async () => {
      resetBrowserState();
      storeSession();
      const fetchMock = mockRoutes({ [AUTO_LOGIN]: autoLoginReply });
      const { t, missing } = await renderPage(page, { ...setup, language });
      expect((await screen.findByTestId('not-allowed')).textContent).toContain(t('admin.notAllowed.title'));
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(t('adminUsers.title'));
      expect(screen.queryByRole('searchbox')).toBeNull();
      expect(routesCalled(fetchMock)).toEqual([AUTO_LOGIN]);
      expect(missing).toEqual([]);
    });
  }
});
