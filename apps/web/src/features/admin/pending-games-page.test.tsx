import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminGame } from '@streethunt/shared';
import { adminAutoLogin, autoLoginReply, bodiesSent, freshBrowserEachTest, mockRoutes, renderPage, resetBrowserState, routesCalled, storeSession } from '../../test/render-page.tsx';
import { Component as PendingGamesPage } from './pending-games-page.tsx';
import { adminGame } from './test-data.ts';

const setup = { path: '/admin-pending-games' };
const PENDING = 'GET /api/games/pending-games';
const ALL = 'GET /api/games/all-games';

const queue = [
  adminGame('g1', { name: 'סודות נווה צדק', price: 45, reviewNote: 'Fix question 2', version: 4 }),
  adminGame('g2', { name: 'Jaffa Port Hunt', locationCity: 'Jaffa', price: '', currencyCode: 'USD' }),
];
const everyGame = [
  adminGame('a1', { name: 'Approved Hunt', status: 'APPROVED' }),
  adminGame('a2', { name: 'Waiting Hunt', status: 'PENDING' }),
  adminGame('a3', { name: 'Draft Hunt', status: 'DRAFT' }),
];
const listed = (data: AdminGame[] = queue) => ({ 'POST /api/auto-login': adminAutoLogin, [PENDING]: { body: { data } } });

function table() {
  return screen.getByRole('table');
}
/** The table's rows below its header. */
function rows() {
  return within(table()).getAllByRole('row').slice(1);
}
function rowOf(name: string) {
  const row = rows().find((candidate) => within(candidate).queryByText(name, { exact: true }));
  if (!row) throw new Error(`no row for ${name}`);
  return row;
}
/** The calls past the start-up auto-login. */
function adminCalls(fetchMock: ReturnType<typeof mockRoutes>) {
  return routesCalled(fetchMock).filter((route) => route !== 'POST /api/auto-login');
}

/** Holds every answer of `route` until `release()`, so a test can see the page while it waits. */
function holdRoute(route: string) {
  const mocked = globalThis.fetch;
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    if (`${init?.method ?? 'GET'} ${String(input)}` === route) await gate;
    return mocked(input, init);
  }) as typeof fetch;
  return () => release();
}

describe('admin pending games page', () => {
  freshBrowserEachTest('admin');

  it('shows the loading overlay, then the queue with running numbers, creators and notes', async () => {
    const fetchMock = mockRoutes(listed());
    const release = holdRoute(PENDING);
    const { t, missing } = await renderPage(<PendingGamesPage />, setup);

    const loading = await screen.findByText('טוען את המשחקים...');
    expect(loading.closest('[role="status"]')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    release();
    await screen.findByRole('table', { name: t('adminGames.table.label') });
    expect(screen.queryByText('טוען את המשחקים...')).toBeNull();

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('משחקים ממתינים');
    const [first, second] = rows();
    expect(rows()).toHaveLength(2);
    expect(within(first).getAllByRole('cell')[0].textContent).toBe('1');
    expect(within(second).getAllByRole('cell')[0].textContent).toBe('2');
    expect(within(first).getByText('סודות נווה צדק').getAttribute('dir')).toBe('auto');
    expect(within(first).getByText('תל אביב')).toBeTruthy();
    expect(within(first).getByTestId('price').textContent).toBe('₪45');
    expect(within(first).getByText('ILS')).toBeTruthy();
    // Twice in the page: under the name (phones) and in its own column (wider screens); CSS shows one.
    expect(within(first).getAllByText('ממתין לאישור')[0]).toBeTruthy();
    expect(within(first).getByText('Dana Levi')).toBeTruthy();
    expect(within(first).getByRole('link', { name: 'dana@example.com' }).getAttribute('href')).toBe('mailto:dana@example.com');
    expect(within(first).getByTestId('admin-review-note').textContent).toBe('הערת המנהל: Fix question 2');
    expect(within(second).queryByTestId('admin-review-note')).toBeNull();
    expect(within(second).getByTestId('price').textContent).toBe('חינם');
    expect(within(second).getByText('USD')).toBeTruthy();

    // A pending game can be approved, sent back or edited; not unpublished.
    expect(within(first).getByRole('button', { name: 'אישור' })).toBeTruthy();
    expect(within(first).getByRole('button', { name: 'החזרה ליוצר' })).toBeTruthy();
    expect(within(first).queryByRole('button', { name: 'הסרה מהרשימה' })).toBeNull();
    expect(within(first).getByRole('link', { name: 'עריכה' }).getAttribute('href')).toBe('/game-editor/g1');
    expect(adminCalls(fetchMock)).toEqual([PENDING]);
    expect(missing).toEqual([]);
  });

  it('numbers the rows across pages', async () => {
    const many = Array.from({ length: 12 }, (_, index) => adminGame(`m${index + 1}`, { name: `Hunt ${index + 1}` }));
    mockRoutes(listed(many));
    const { t } = await renderPage(<PendingGamesPage />, { ...setup, language: 'en' });
    await screen.findByRole('table');
    expect(rows()).toHaveLength(10);
    fireEvent.click(screen.getByRole('button', { name: t('studio.paging.nextPage') }));
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows().map((row) => within(row).getAllByRole('cell')[0].textContent)).toEqual(['11', '12']);
    expect(within(rows()[0]).getByText('Hunt 11')).toBeTruthy();
  });

  it('approves a game once, says so, and reads the queue again', async () => {
    const fetchMock = mockRoutes({
      'POST /api/auto-login': adminAutoLogin,
      [PENDING]: [{ body: { data: queue } }, { body: { data: queue.slice(1) } }],
      'POST /api/games/approve/g1': { body: { message: 'ok' } },
    });
    const { t } = await renderPage(<PendingGamesPage />, setup);
    await screen.findByRole('table');

    const release = holdRoute('POST /api/games/approve/g1');
    const approve = within(rowOf('סודות נווה צדק')).getByRole('button', { name: t('adminGames.actions.approve') });
    fireEvent.click(approve);
    fireEvent.click(approve);
    // Busy while the call runs: a second click does nothing.
    await waitFor(() => expect(approve.getAttribute('data-loading')).toBe('true'));
    expect(approve.hasAttribute('disabled')).toBe(true);
    fireEvent.click(approve);
    release();

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('המשחק "סודות נווה צדק" אושר ומופיע עכשיו ברשימת המשחקים');
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(within(rows()[0]).getByText('Jaffa Port Hunt')).toBeTruthy();
    expect(within(rows()[0]).getAllByRole('cell')[0].textContent).toBe('1');
    expect(adminCalls(fetchMock)).toEqual([PENDING, 'POST /api/games/approve/g1', PENDING]);
    // The approval names the version the row showed.
    expect(bodiesSent(fetchMock, 'POST /api/games/approve/g1')).toEqual([{ version: 4 }]);
  });

  it.each(['en', 'he'] as const)(
    'a game saved after the list was read (409 with the current version): says so in %s, keeps the list until the admin reloads, then approves the new version',
    async (language) => {
      const changed = adminGame('g2', { name: 'Jaffa Port Hunt', version: 3 });
      const fetchMock = mockRoutes({
        'POST /api/auto-login': adminAutoLogin,
        [PENDING]: [{ body: { data: queue } }, { body: { data: [queue[0], changed] } }],
        'POST /api/games/approve/g2': [
          { status: 409, body: { message: 'This game was changed after you opened it', code: 'conflict', version: 3 } },
          { body: { data: {} } },
        ],
      });
      const { t, missing } = await renderPage(<PendingGamesPage />, { ...setup, language });
      await screen.findByRole('table');

      fireEvent.click(within(rowOf('Jaffa Port Hunt')).getByRole('button', { name: t('adminGames.actions.approve') }));
      const alert = await screen.findByTestId('admin-game-changed');
      expect(alert.getAttribute('role')).toBe('alert');
      expect(within(alert).getByText(t('adminGames.changed.title', { name: 'Jaffa Port Hunt' }))).toBeTruthy();
      expect(within(alert).getByText(t('adminGames.changed.text'))).toBeTruthy();
      if (language === 'he') expect(alert.textContent).toContain('השתנה');
      // Not approved, and the list is not read again behind the admin's back.
      expect(screen.queryByText(t('adminGames.approved', { name: 'Jaffa Port Hunt' }))).toBeNull();
      await waitFor(() => expect(within(rowOf('Jaffa Port Hunt')).getByRole('button', { name: t('adminGames.actions.approve') }).hasAttribute('disabled')).toBe(false));
      expect(adminCalls(fetchMock)).toEqual([PENDING, 'POST /api/games/approve/g2']);

      fireEvent.click(within(alert).getByRole('button', { name: t('adminGames.changed.reload') }));
      await waitFor(() => expect(screen.queryByTestId('admin-game-changed')).toBeNull());
      await waitFor(() => expect(adminCalls(fetchMock)).toEqual([PENDING, 'POST /api/games/approve/g2', PENDING]));

      fireEvent.click(within(rowOf('Jaffa Port Hunt')).getByRole('button', { name: t('adminGames.actions.approve') }));
      await waitFor(() => expect(bodiesSent(fetchMock, 'POST /api/games/approve/g2')).toEqual([{ version: 1 }, { version: 3 }]));
      expect(missing).toEqual([]);
    },
  );

  it("shows the server's reason when an approval is refused, and a network failure in words", async () => {
    mockRoutes({
      ...listed(),
      'POST /api/games/approve/g2': [{ status: 409, body: { message: 'The game is not pending any more', code: 'conflict' } }, { networkError: true }],
    });
    const { t } = await renderPage(<PendingGamesPage />, { ...setup, language: 'en' });
    await screen.findByRole('table');

    fireEvent.click(within(rowOf('Jaffa Port Hunt')).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('The game “Jaffa Port Hunt” was not approved: The game is not pending any more')).toBeTruthy();

    await waitFor(() => expect(within(rowOf('Jaffa Port Hunt')).getByRole('button', { name: 'Approve' }).hasAttribute('disabled')).toBe(false));
    fireEvent.click(within(rowOf('Jaffa Port Hunt')).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText(`The game “Jaffa Port Hunt” was not approved: ${t('studio.network')}`)).toBeTruthy();
  });

  it('sends a game back with a reason, refusing a too short one without a call', async () => {
    const fetchMock = mockRoutes({
      'POST /api/auto-login': adminAutoLogin,
      [PENDING]: [{ body: { data: queue } }, { body: { data: queue.slice(1) } }],
      'POST /api/games/send-back/g1': { body: { data: {} } },
    });
    const { t, missing } = await renderPage(<PendingGamesPage />, setup);
    await screen.findByRole('table');

    fireEvent.click(within(rowOf('סודות נווה צדק')).getByRole('button', { name: t('adminGames.actions.sendBack') }));
    const dialog = await screen.findByRole('dialog', { name: 'החזרת המשחק ליוצר' });
    expect(within(dialog).getByText('סודות נווה צדק', { exact: true })).toBeTruthy();
    expect(within(dialog).getByText(t('adminGames.review.sendBackExplain'))).toBeTruthy();
    const reason = within(dialog).getByRole('textbox', { name: /סיבה/ });
    expect(reason.getAttribute('maxlength')).toBe('1000');

    fireEvent.change(reason, { target: { value: '  abc   ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: t('adminGames.review.sendBackConfirm') }));
    expect(await within(dialog).findByText('כתבו לפחות 5 תווים, כדי שהיוצר יידע מה לתקן')).toBeTruthy();
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(adminCalls(fetchMock)).toEqual([PENDING]);

    const written = '  השאלה השנייה צריכה מקום בטוח יותר.  ';
    fireEvent.change(reason, { target: { value: written } });
    expect(within(dialog).queryByText('כתבו לפחות 5 תווים, כדי שהיוצר יידע מה לתקן')).toBeNull();
    expect(within(dialog).getByText(`${written.length} מתוך 1000 תווים`)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: t('adminGames.review.sendBackConfirm') }));

    expect(await screen.findByText('המשחק "סודות נווה צדק" הוחזר ליוצר')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(bodiesSent(fetchMock, 'POST /api/games/send-back/g1')).toEqual([{ reason: 'השאלה השנייה צריכה מקום בטוח יותר.' }]);
    expect(adminCalls(fetchMock)).toEqual([PENDING, 'POST /api/games/send-back/g1', PENDING]);
    expect(missing).toEqual([]);
  });

  it("keeps the dialog and the text open with the server's message on a 409", async () => {
    mockRoutes({
      ...listed(),
      'POST /api/games/send-back/g2': { status: 409, body: { message: 'The game is not pending any more', code: 'conflict' } },
    });
    const { t } = await renderPage(<PendingGamesPage />, { ...setup, language: 'en' });
    await screen.findByRole('table');

    fireEvent.click(within(rowOf('Jaffa Port Hunt')).getByRole('button', { name: 'Send back' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send the game back to its creator' });
    const reason = within(dialog).getByRole('textbox', { name: /Reason/ });
    fireEvent.change(reason, { target: { value: 'The start point is on a highway.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send back' }));

    expect((await within(dialog).findByTestId('action-error')).textContent).toBe('The game is not pending any more');
    expect(screen.getByRole('dialog')).toBe(dialog);
    expect((reason as HTMLTextAreaElement).value).toBe('The start point is on a highway.');

    // Cancel closes without a call; opening again starts with an empty reason and no old error.
    fireEvent.click(within(dialog).getByRole('button', { name: t('studio.cancel') }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(within(rowOf('Jaffa Port Hunt')).getByRole('button', { name: 'Send back' }));
    const again = await screen.findByRole('dialog');
    expect((within(again).getByRole('textbox', { name: /Reason/ }) as HTMLTextAreaElement).value).toBe('');
    expect(within(again).queryByTestId('action-error')).toBeNull();
  });

  it('lists all games; only an approved one can be unpublished, with a reason', async () => {
    const fetchMock = mockRoutes({
      ...listed(),
      [ALL]: [{ body: { data: everyGame } }, { body: { data: [adminGame('a1', { name: 'Approved Hunt', status: 'DRAFT', reviewNote: 'Closed road' }), ...everyGame.slice(1)] } }],
      'POST /api/games/unpublish/a1': { body: { data: {} } },
    });
    const { t, missing } = await renderPage(<PendingGamesPage />, { ...setup, language: 'en' });
    await screen.findByRole('table');

    fireEvent.click(screen.getByLabelText('All games'));
    await waitFor(() => expect(rows()).toHaveLength(3));
    const approved = rowOf('Approved Hunt');
    expect(within(approved).getAllByText('Approved')[0]).toBeTruthy();
    expect(within(approved).queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(within(approved).queryByRole('button', { name: 'Send back' })).toBeNull();
    expect(within(rowOf('Waiting Hunt')).queryByRole('button', { name: 'Unpublish' })).toBeNull();
    expect(within(rowOf('Waiting Hunt')).getByRole('button', { name: 'Approve' })).toBeTruthy();
    expect(within(rowOf('Draft Hunt')).queryAllByRole('button')).toEqual([]);
    expect(within(rowOf('Draft Hunt')).getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe('/game-editor/a3');

    fireEvent.click(within(approved).getByRole('button', { name: 'Unpublish' }));
    const dialog = await screen.findByRole('dialog', { name: t('adminGames.review.unpublishTitle') });
    expect(within(dialog).getByText(/plays and codes keep working/)).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason/ }), { target: { value: 'The road is closed for a year.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Unpublish' }));

    expect(await screen.findByText('The game “Approved Hunt” was taken off the list')).toBeTruthy();
    await waitFor(() => expect(within(rowOf('Approved Hunt')).getByTestId('admin-review-note').textContent).toBe("Admin's note: Closed road"));
    expect(bodiesSent(fetchMock, 'POST /api/games/unpublish/a1')).toEqual([{ reason: 'The road is closed for a year.' }]);
    expect(adminCalls(fetchMock)).toEqual([PENDING, ALL, 'POST /api/games/unpublish/a1', ALL]);
    expect(missing).toEqual([]);
  });

  it('says when no game waits, and when there are no games at all', async () => {
    mockRoutes({ ...listed([]), [ALL]: { body: { data: [] } } });
    const { missing } = await renderPage(<PendingGamesPage />, setup);
    expect((await screen.findByTestId('admin-games-empty')).textContent).toBe('אין משחקים שממתינים לאישור');
    expect(screen.queryByRole('table')).toBeNull();
    fireEvent.click(screen.getByLabelText('כל המשחקים'));
    await waitFor(() => expect(screen.getByTestId('admin-games-empty').textContent).toBe('אין עדיין משחקים'));
    expect(missing).toEqual([]);
  });

  it('shows the English page', async () => {
    mockRoutes(listed());
    const { missing } = await renderPage(<PendingGamesPage />, { ...setup, language: 'en' });
    await screen.findByRole('table', { name: 'Games for the admin to review' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Pending games');
    const headers = within(table())
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    // The key columns first: on a phone the name and the status sit beside the pinned actions.
    expect(headers).toEqual(['No.', 'Name', 'Status', 'City', 'Price', 'Currency', 'Creator', 'Actions']);
    expect(within(rowOf('Jaffa Port Hunt')).getAllByText('Pending approval')[0]).toBeTruthy();
    expect((screen.getByLabelText('Waiting for approval') as HTMLInputElement).checked).toBe(true);
    expect(missing).toEqual([]);
  });

  it('tells a user without the admin role that the page is not allowed, without an admin call', async () => {
    resetBrowserState();
    storeSession();
    const fetchMock = mockRoutes({ 'POST /api/auto-login': autoLoginReply, [PENDING]: { body: { data: queue } } });
    const { t } = await renderPage(<PendingGamesPage />, setup);
    expect(await screen.findByTestId('not-allowed')).toBeTruthy();
    expect(screen.getByText(t('admin.notAllowed.title'))).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(routesCalled(fetchMock)).toEqual(['POST /api/auto-login']);
  });

  it('says not allowed when the server refuses the admin', async () => {
    mockRoutes({ 'POST /api/auto-login': adminAutoLogin, [PENDING]: { status: 403, body: { message: 'Forbidden', code: 'forbidden' } } });
    await renderPage(<PendingGamesPage />, setup);
    expect(await screen.findByTestId('not-allowed')).toBeTruthy();
    expect(screen.queryByTestId('load-error')).toBeNull();
  });

  it('says the list failed and loads it again on retry', async () => {
    mockRoutes({ 'POST /api/auto-login': adminAutoLogin, [PENDING]: [{ networkError: true }, { body: { data: queue } }] });
    const { t } = await renderPage(<PendingGamesPage />, { ...setup, language: 'en' });
    const error = await screen.findByTestId('load-error');
    expect(within(error).getByText('The games could not be loaded')).toBeTruthy();
    expect(within(error).getByText(t('studio.network'))).toBeTruthy();
    fireEvent.click(within(error).getByRole('button', { name: 'Try again' }));
    await screen.findByRole('table');
    expect(rows()).toHaveLength(2);
  });

  it('sends the browser to log in, and back, when the server answers 401', async () => {
    mockRoutes({ 'POST /api/auto-login': adminAutoLogin, [PENDING]: { status: 401, body: { message: 'Unauthorized', code: 'unauthorized' } } });
    const { router } = await renderPage(<PendingGamesPage />, setup);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?url=/admin-pending-games');
  });
});
