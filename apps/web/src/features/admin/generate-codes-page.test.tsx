import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CodeBatch } from '@streethunt/shared';
import { adminAutoLogin, autoLoginReply, bodiesSent, freshBrowserEachTest, mockRoutes, renderPage, resetBrowserState, routesCalled, storeSession } from '../../test/render-page.tsx';
import { Component as GenerateCodesPage } from './generate-codes-page.tsx';
import { adminGame } from './test-data.ts';
import { catchDownloads } from '../../test/downloads.ts';

const setup = { path: '/admin-generate-codes' };
const games = [
  adminGame('g1', { name: 'סודות נווה צדק', status: 'APPROVED' }),
  adminGame('g2', { name: 'Jaffa Port Hunt', locationCity: 'Jaffa', status: 'PENDING' }),
];
const batch = (id: string, overrides: Partial<CodeBatch> = {}): CodeBatch => ({
  _id: id,
  gameId: 'g1',
  count: 2,
  prefix: 'OLD',
  createdAt: '2026-03-01T10:00:00.000Z',
  createdBy: { _id: 'a1', firstName: 'Noa', lastName: 'Admin', email: 'noa@example.com' },
  codes: ['OLD23456789A', 'OLDBCDEFGHJK'],
  ...overrides,
});
const NEW_CODES = ['TLV23456789A', 'TLVBCDEFGHJK', 'TLVMNPQRSTUV'];
const routes = (overrides: Record<string, unknown> = {}) => ({
  'POST /api/auto-login': adminAutoLogin,
  'GET /api/games/all-games': { body: { data: games } },
  'GET /api/games/code-batches/g1': { body: { data: [] } },
  'GET /api/games/code-batches/g2': { body: { data: [] } },
  'POST /api/games/generate-codes/g1': { body: { data: { data: NEW_CODES, batchId: 'b9' } } },
  ...overrides,
});

type T = (key: string, options?: Record<string, unknown>) => string;

async function pickGame(t: T, label: string) {
  const select = await screen.findByRole('textbox', { name: t('adminCodes.game.label') });
  await waitFor(() => expect((select as HTMLInputElement).disabled).toBe(false));
  fireEvent.click(select);
  fireEvent.click(await screen.findByRole('option', { name: label }));
}
function field(t: T, key: 'prefix' | 'count') {
  return screen.getByRole('textbox', { name: t(`adminCodes.${key}.label`) }) as HTMLInputElement;
}
function type(input: HTMLInputElement, value: string) {
  fireEvent.change(input, { target: { value } });
}
/** The result table's rows as [label, data]. */
function resultRows() {
  return within(screen.getByTestId('generated-codes'))
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
}

describe('generate codes page', () => {
  freshBrowserEachTest('admin');
  afterEach(() => vi.unstubAllGlobals());

  it('lists every game as name · city (status) while the select waits for them, in Hebrew', async () => {
    const fetchMock = mockRoutes(routes());
    const { t, missing } = await renderPage(<GenerateCodesPage />, setup);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('יצירת קודים');
    expect(await screen.findByRole('status', { name: t('adminCodes.loadingGames') })).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'משחק' }) as HTMLInputElement).disabled).toBe(true);

    await pickGame(t, 'סודות נווה צדק · תל אביב (מאושר)');
    expect(screen.queryByRole('status', { name: t('adminCodes.loadingGames') })).toBeNull();
    expect(await screen.findByTestId('code-batches-empty')).toBeTruthy();
    expect(screen.getByText('עוד לא נוצרו קודים למשחק הזה.')).toBeTruthy();
    expect(field(t, 'prefix').getAttribute('dir')).toBe('ltr');
    expect(field(t, 'prefix').maxLength).toBe(12);
    expect(field(t, 'count').getAttribute('inputmode')).toBe('numeric');
    expect(routesCalled(fetchMock)).toEqual(['POST /api/auto-login', 'GET /api/games/all-games', 'GET /api/games/code-batches/g1']);
    expect(missing).toEqual([]);
  });

  it("says 'Please select game' without a game, and opens no dialog", async () => {
    const fetchMock = mockRoutes(routes());
    const { t } = await renderPage(<GenerateCodesPage />, setup);
    await waitFor(() => expect(field(t, 'prefix')).toBeTruthy());
    type(field(t, 'count'), '5');
    fireEvent.click(screen.getByRole('button', { name: 'יצירת קודים' }));
    expect(screen.getByRole('alert').textContent).toBe('יש לבחור משחק');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(routesCalled(fetchMock).filter((route) => route.startsWith('POST /api/games/generate-codes'))).toEqual([]);
  });

  it('refuses what is not a positive whole number as it is typed, and says empty and too many inline', async () => {
    mockRoutes(routes());
    const { t } = await renderPage(<GenerateCodesPage />, setup);
    await pickGame(t, 'סודות נווה צדק · תל אביב (מאושר)');
    const count = field(t, 'count');
    for (const refused of ['0', '-1', '01', '1e3', 'abc']) {
      type(count, refused);
      expect(count.value).toBe('');
    }
    fireEvent.click(screen.getByRole('button', { name: 'יצירת קודים' }));
    expect(await screen.findByText(t('adminCodes.count.required'))).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();

    type(count, '12');
    expect(count.value).toBe('12');
    expect(screen.queryByText(t('adminCodes.count.required'))).toBeNull();
    type(count, '120');
    type(count, '0120');
    expect(count.value).toBe('120');
    type(count, '501');
    expect(screen.getByText('אפשר ליצור עד 500 קודים בכל פעם')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'יצירת קודים' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says a prefix with other characters is wrong and does not generate with it', async () => {
    mockRoutes(routes());
    const { t } = await renderPage(<GenerateCodesPage />, setup);
    await pickGame(t, 'סודות נווה צדק · תל אביב (מאושר)');
    type(field(t, 'count'), '3');
    type(field(t, 'prefix'), 'tlv-1');
    expect(field(t, 'prefix').value).toBe('TLV-1');
    expect(screen.getByText(t('adminCodes.prefix.invalid'))).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'יצירת קודים' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    type(field(t, 'prefix'), 'tlv1');
    expect(screen.queryByText(t('adminCodes.prefix.invalid'))).toBeNull();
  });

  it('asks first, stating count, game and no prefix; cancel makes no call', async () => {
    const fetchMock = mockRoutes(routes());
    const { t } = await renderPage(<GenerateCodesPage />, setup);
    await pickGame(t, 'סודות נווה צדק · תל אביב (מאושר)');
    type(field(t, 'count'), '3');
    fireEvent.click(screen.getByRole('button', { name: 'יצירת קודים' }));
    const dialog = await screen.findByRole('dialog', { name: 'ליצור קודים?' });
    expect(within(dialog).getByTestId('confirm-text').textContent).toBe('מספר הקודים שייווצרו למשחק “סודות נווה צדק”: 3.');
    expect(within(dialog).queryByTestId('confirm-prefix')).toBeNull();
    expect(within(dialog).getByText('האם להמשיך?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'ביטול' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(routesCalled(fetchMock).filter((route) => route.startsWith('POST /api/games/generate-codes'))).toEqual([]);
    expect(screen.queryByTestId('generated-codes')).toBeNull();
  });

  it('generates on confirm: sends code and qty, shows the Label/Data table, and lists the new batch (English)', async () => {
    const made = batch('b9', { count: 3, prefix: 'TLV', codes: NEW_CODES, createdAt: '2026-03-02T12:00:00.000Z' });
    const fetchMock = mockRoutes(routes({ 'GET /api/games/code-batches/g1': [{ body: { data: [] } }, { body: { data: [made] } }] }));
    const { t, missing } = await renderPage(<GenerateCodesPage />, { ...setup, language: 'en' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Generate codes');
    await pickGame(t, 'סודות נווה צדק · תל אביב (Approved)');
    await screen.findByTestId('code-batches-empty');
    type(field(t, 'prefix'), 'tlv');
    type(field(t, 'count'), '3');
    fireEvent.click(screen.getByRole('button', { name: 'Generate codes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Generate codes?' });
    expect(within(dialog).getByTestId('confirm-text').textContent).toBe('Codes to generate for “סודות נווה צדק”: 3.');
    expect(within(dialog).getByTestId('confirm-prefix').textContent).toBe('Each code starts with TLV.');
    expect(within(dialog).getByText('TLV').getAttribute('dir')).toBe('ltr');
    expect(within(dialog).getByText('Are you sure?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Generate' }));

    await screen.findByTestId('generated-codes');
    expect(bodiesSent(fetchMock, 'POST /api/games/generate-codes/g1')).toEqual([{ code: 'TLV', qty: 3 }]);
    expect(screen.queryByRole('dialog')).toBeNull();
    const url = `${window.location.origin}/game/g1`;
    expect(resultRows()).toEqual([
      ['Label', 'Data'],
      ['Game Name', 'סודות נווה צדק'],
      ['Game URL', url],
      ['Code-1', 'TLV23456789A'],
      ['Code-2', 'TLVBCDEFGHJK'],
      ['Code-3', 'TLVMNPQRSTUV'],
    ]);
    const link = within(screen.getByTestId('generated-codes')).getByRole('link', { name: url });
    expect(link.getAttribute('href')).toBe(url);
    expect(link.getAttribute('dir')).toBe('ltr');
    expect(within(screen.getByTestId('generated-codes')).getAllByTestId('code')[0].getAttribute('dir')).toBe('ltr');
    // The new batch is fetched again and listed.
    expect(await screen.findByRole('button', { name: /^Show codes from / })).toBeTruthy();
    expect(routesCalled(fetchMock).filter((route) => route === 'GET /api/games/code-batches/g1')).toHaveLength(2);
    // The printable sheet: one card per code, each with the name and the game URL's QR code.
    const cards = within(screen.getByTestId('code-sheet')).getAllByTestId('code-card');
    expect(cards.map((card) => card.querySelector('[dir="ltr"]')?.textContent)).toEqual(NEW_CODES);
    expect(within(cards[0]).getByText('סודות נווה צדק')).toBeTruthy();
    const qr = await within(cards[0]).findByRole('img', { name: t('adminCodes.sheet.qrAlt') });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;charset=utf-8,%3Csvg/);
    expect(missing).toEqual([]);
  });

  it("shows the server's message when it refuses, and keeps the form as it was", async () => {
    mockRoutes(routes({ 'POST /api/games/generate-codes/g1': { status: 400, body: { message: 'qty: must be at most 500', code: 'validation' } } }));
    const { t } = await renderPage(<GenerateCodesPage />, setup);
    await pickGame(t, 'סודות נווה צדק · תל אביב (מאושר)');
    type(field(t, 'count'), '3');
    fireEvent.click(screen.getByRole('button', { name: 'יצירת קודים' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'יצירה' }));
    expect((await screen.findByTestId('action-error')).textContent).toBe('qty: must be at most 500');
    expect(screen.queryByTestId('generated-codes')).toBeNull();
    expect(field(t, 'count').value).toBe('3');
  });

  it('says when the server cannot be reached', async () => {
    mockRoutes(routes({ 'POST /api/games/generate-codes/g1': { networkError: true } }));
    const { t } = await renderPage(<GenerateCodesPage />, setup);
    await pickGame(t, 'סודות נווה צדק · תל אביב (מאושר)');
    type(field(t, 'count'), '3');
    fireEvent.click(screen.getByRole('button', { name: 'יצירת קודים' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'יצירה' }));
    expect((await screen.findByTestId('action-error')).textContent).toBe(t('studio.network'));
  });

  it('lists earlier batches with date, who, how many and prefix, and opens one in the result table', async () => {
    const older = batch('b1', { prefix: '', codes: ['23456789ABCD', 'EFGHJKMNPQRS'], createdAt: '2026-02-01T08:00:00.000Z' });
    mockRoutes(routes({ 'GET /api/games/code-batches/g1': { body: { data: [batch('b2'), older] } } }));
    const { t, i18n } = await renderPage(<GenerateCodesPage />, setup);
    await pickGame(t, 'סודות נווה צדק · תל אביב (מאושר)');
    const rows = await screen.findAllByTestId('code-batch');
    expect(rows).toHaveLength(2);
    expect(within(screen.getByTestId('code-batches')).getByRole('heading').textContent).toBe('קודים שנוצרו בעבר');
    const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' }).format(new Date('2026-02-01T08:00:00.000Z'));
    expect([...rows[0].querySelectorAll('td')].slice(0, 4).map((cell) => cell.textContent)).toEqual([
      new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' }).format(new Date('2026-03-01T10:00:00.000Z')),
      'Noa Admin',
      '2',
      'OLD',
    ]);
    expect(within(rows[1]).getByText('ללא')).toBeTruthy();

    fireEvent.click(within(rows[1]).getByRole('button', { name: `הצגת הקודים מ־${date}` }));
    expect(screen.getByText(`הקודים מ־${date}`)).toBeTruthy();
    expect(resultRows().slice(3)).toEqual([
      ['קוד-1', '23456789ABCD'],
      ['קוד-2', 'EFGHJKMNPQRS'],
    ]);
    // Another game: its own batches, and the shown codes go away.
    await pickGame(t, 'Jaffa Port Hunt · Jaffa (ממתין לאישור)');
    expect(screen.queryByTestId('generated-codes')).toBeNull();
    expect(await screen.findByTestId('code-batches-empty')).toBeTruthy();
  });

  it('copies all, downloads a CSV with a byte-order mark and prints the sheet', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.spyOn(navigator, 'clipboard', 'get').mockReturnValue({ writeText } as unknown as Clipboard);
    const { blobs, clicks } = catchDownloads();
    // happy-dom has no print dialog.
    const print = vi.fn();
    vi.stubGlobal('print', print);
    mockRoutes(routes({ 'GET /api/games/code-batches/g1': { body: { data: [batch('b2')] } } }));
    const { t } = await renderPage(<GenerateCodesPage />, setup);
    await pickGame(t, 'סודות נווה צדק · תל אביב (מאושר)');
    fireEvent.click(await screen.findByRole('button', { name: /^הצגת הקודים מ־/ }));
    const url = `${window.location.origin}/game/g1`;

    fireEvent.click(screen.getByRole('button', { name: 'העתקת הכול' }));
    expect(await screen.findByRole('button', { name: 'הועתק' })).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(['סודות נווה צדק', url, 'OLD23456789A', 'OLDBCDEFGHJK'].join('\n'));

    fireEvent.click(screen.getByRole('button', { name: 'הורדת CSV' }));
    expect(clicks).toHaveLength(1);
    expect(clicks[0].download).toMatch(/^codes-סודות-נווה-צדק-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = new Uint8Array(await blobs[0].arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect((await blobs[0].text()).replace(/^\uFEFF/, '').split('\r\n')).toEqual([
      'תווית,נתון',
      'שם המשחק,סודות נווה צדק',
      `כתובת המשחק,${url}`,
      'קוד-1,OLD23456789A',
      'קוד-2,OLDBCDEFGHJK',
    ]);

    const printButton = screen.getByRole('button', { name: 'הדפסה' });
    await waitFor(() => expect(printButton.hasAttribute('data-loading')).toBe(false));
    fireEvent.click(printButton);
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('says when the clipboard refuses', async () => {
    vi.spyOn(navigator, 'clipboard', 'get').mockReturnValue({ writeText: () => Promise.reject(new Error('denied')) } as unknown as Clipboard);
    mockRoutes(routes({ 'GET /api/games/code-batches/g1': { body: { data: [batch('b2')] } } }));
    const { t } = await renderPage(<GenerateCodesPage />, setup);
    await pickGame(t, 'סודות נווה צדק · תל אביב (מאושר)');
    fireEvent.click(await screen.findByRole('button', { name: /^הצגת הקודים מ־/ }));
    fireEvent.click(screen.getByRole('button', { name: 'העתקת הכול' }));
    expect((await screen.findByRole('alert')).textContent).toBe(t('adminCodes.result.copyFailed'));
  });

  it('says the games could not be loaded, and loads them again on retry', async () => {
    const fetchMock = mockRoutes(routes({ 'GET /api/games/all-games': [{ status: 500, body: { message: 'boom', code: 'internal' } }, { body: { data: games } }] }));
    const { t } = await renderPage(<GenerateCodesPage />, setup);
    const error = await screen.findByTestId('load-error');
    expect(within(error).getByText(t('adminCodes.loadFailed'))).toBeTruthy();
    fireEvent.click(within(error).getByRole('button', { name: t('studio.retry') }));
    await pickGame(t, 'סודות נווה צדק · תל אביב (מאושר)');
    expect(routesCalled(fetchMock).filter((route) => route === 'GET /api/games/all-games')).toHaveLength(2);
  });

  it("shows 'not allowed' when the server answers 403", async () => {
    mockRoutes(routes({ 'GET /api/games/all-games': { status: 403, body: { message: 'Forbidden', code: 'forbidden' } } }));
    await renderPage(<GenerateCodesPage />, setup);
    expect(await screen.findByTestId('not-allowed')).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it("shows 'not allowed' to a user who is not an admin, and makes no admin call", async () => {
    resetBrowserState();
    storeSession();
    const fetchMock = mockRoutes({ 'POST /api/auto-login': autoLoginReply });
    const { missing } = await renderPage(<GenerateCodesPage />, { ...setup, language: 'en' });
    expect(await screen.findByTestId('not-allowed')).toBeTruthy();
    expect(screen.getByText('Not allowed')).toBeTruthy();
    expect(routesCalled(fetchMock)).toEqual(['POST /api/auto-login']);
    expect(missing).toEqual([]);
  });
});
