import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { REPORTS_GRANT_HEADER, formatMoney, type FinanceReport } from '@streethunt/shared';
import type { RouteReply } from '../../test/fetch-routes.ts';
import { autoLoginReply, bodiesSent, mockRoutes, renderPage, resetBrowserState, routesCalled, storeSession } from '../../test/render-page.tsx';
import { Component as ReportsPage } from './reports-page.tsx';
import { EMPTY_REPORT, REPORT } from './test-data.ts';
import { catchDownloads } from '../../test/downloads.ts';

// The chart itself has its own test (sales-bar-chart.test.tsx); here happy-dom would draw it with no size.
vi.mock('./sales-bar-chart.tsx', () => ({ default: () => <div data-testid="bar-chart" /> }));

const AUTO_LOGIN = 'POST /api/auto-login';
const UNLOCK = 'POST /api/reports/unlock';
const REPORT_ROUTE = 'GET /api/reports?from=2026-01&to=2026-03';
const setup = { path: '/reports', url: '/reports?from=2026-01&to=2026-03' };

/** A grant that lasts the server's 15 minutes (by the frozen clock), or `ms`. */
function granted(grant = 'grant-1', ms = 15 * 60_000): RouteReply {
  return { body: { data: { grant, expiresAt: new Date(Date.now() + ms).toISOString() } } };
}
const wrongPassword: RouteReply = { status: 403, body: { message: 'The password is not right', code: 'wrong_credentials' } };
const grantRefused: RouteReply = { status: 403, body: { message: 'Enter your password to open the reports', code: 'invalid_token' } };
const reportReply = (report: FinanceReport): RouteReply => ({ body: { data: report } });

/** The grant header of each report read. */
function grantsSent(fetchMock: ReturnType<typeof mockRoutes>): (string | undefined)[] {
  return fetchMock.mock.calls
    .filter(([input]) => String(input).startsWith('/api/reports?'))
    .map(([, init]) => ((init as RequestInit).headers as Record<string, string>)[REPORTS_GRANT_HEADER]);
}

async function unlock(password: string) {
  const field = await screen.findByLabelText(/^(סיסמה|Password)/);
  fireEvent.change(field, { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: /פתיחת הדוחות|Open the reports/ }));
}

/** The text of each cell of a table's body rows. */
function cells(table: HTMLElement): string[][] {
  return [...(table.querySelector('tbody')?.querySelectorAll('tr') ?? [])]
    .map((row) => within(row).queryAllByRole('cell').map((cell) => cell.textContent ?? ''));
}
function tableIn(testId: string): HTMLElement {
  return within(screen.getByTestId(testId)).getByRole('table');
}
const he = (agorot: number) => formatMoney(agorot, 'he');

describe('finance reports page', () => {
  beforeEach(() => {
    // Only the date is frozen (timers stay real): April 15th 2026, so the range in the address is pickable.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-04-15T09:00:00.000Z'));
    resetBrowserState();
    storeSession();
  });
  afterEach(() => {
    vi.useRealTimers();
    resetBrowserState();
    vi.restoreAllMocks();
  });

  it('sends a logged-out visitor to the login page and back', async () => {
    localStorage.clear();
    const fetchMock = mockRoutes({});
    await renderPage(<ReportsPage />, setup);
    expect((await screen.findByTestId('landed')).textContent).toBe('/login?url=/reports%3Ffrom%3D2026-01%26to%3D2026-03');
    expect(routesCalled(fetchMock)).toEqual([]);
  });

  it('asks for the password first, says a wrong one at the field and keeps the session, then shows the report with the grant (he)', async () => {
    const fetchMock = mockRoutes({ [AUTO_LOGIN]: autoLoginReply, [UNLOCK]: [wrongPassword, granted()], [REPORT_ROUTE]: reportReply(REPORT) });
    const { missing } = await renderPage(<ReportsPage />, setup);

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('דוחות כספיים');
    expect(await screen.findByRole('heading', { name: 'הזינו שוב את הסיסמה' })).toBeTruthy();
    // Nothing is read before the password.
    expect(routesCalled(fetchMock)).toEqual([AUTO_LOGIN]);

    // An empty password is not sent.
    fireEvent.click(screen.getByRole('button', { name: 'פתיחת הדוחות' }));
    expect(await screen.findByText('יש להזין סיסמה')).toBeTruthy();
    expect(routesCalled(fetchMock)).toEqual([AUTO_LOGIN]);

    await unlock('not-it');
    expect(await screen.findByText('הסיסמה שגויה. נסו שוב.')).toBeTruthy();
    const field = screen.getByLabelText(/^סיסמה/);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent).toBe('הסיסמה שגויה. נסו שוב.');
    expect(document.activeElement).toBe(field);
    // A 403 is not a 401: still logged in, still here.
    expect(localStorage.getItem('session')).not.toBeNull();
    expect(screen.queryByTestId('landed')).toBeNull();

    await unlock('secret-password');
    await screen.findByTestId('reports-summary');
    expect(bodiesSent(fetchMock, UNLOCK)).toEqual([{ password: 'not-it' }, { password: 'secret-password' }]);
    expect(grantsSent(fetchMock)).toEqual(['grant-1']);
    // The grant lives in memory only.
    expect(JSON.stringify({ ...localStorage })).not.toContain('grant-1');
    expect(JSON.stringify({ ...sessionStorage })).not.toContain('grant-1');
    expect(missing).toEqual([]);
  });

  it('says when to try again after too many tries, and keeps the button off until then', async () => {
    mockRoutes({ [AUTO_LOGIN]: autoLoginReply });
    // mockRoutes sends no headers: this reply carries the server's Retry-After.
    const inner = globalThis.fetch;
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) =>
      String(input) === '/api/reports/unlock'
        ? new Response(JSON.stringify({ message: 'Too many requests, please try again later', code: 'rate_limited' }), {
            status: 429,
            headers: { 'content-type': 'application/json', 'retry-after': '42' },
          })
        : inner(input, init)) as typeof fetch;
    const { missing } = await renderPage(<ReportsPage />, setup);
    await unlock('guess-6');
    expect((await screen.findByTestId('reports-too-many')).textContent).toBe('יותר מדי ניסיונות. נסו שוב בעוד 42 שניות.');
    expect(screen.getByRole('status', { name: '' }).textContent).toBe('יותר מדי ניסיונות. נסו שוב בעוד 42 שניות.');
    expect(screen.getByRole('button', { name: 'פתיחת הדוחות' }).hasAttribute('disabled')).toBe(true);
    expect(localStorage.getItem('session')).not.toBeNull();
    expect(missing).toEqual([]);
  });

  it('goes back to the password, without logging out, when the server refuses the grant', async () => {
    const fetchMock = mockRoutes({ [AUTO_LOGIN]: autoLoginReply, [UNLOCK]: [granted('old'), granted('new')], [REPORT_ROUTE]: [grantRefused, reportReply(REPORT)] });
    const { missing } = await renderPage(<ReportsPage />, setup);
    await unlock('secret-password');

    const note = await screen.findByTestId('reports-expired');
    expect(note.textContent).toContain('הדוחות נסגרו');
    expect(screen.getByLabelText(/^סיסמה/)).toBeTruthy();
    expect(localStorage.getItem('session')).not.toBeNull();
    expect(screen.queryByTestId('landed')).toBeNull();

    await unlock('secret-password');
    await screen.findByTestId('reports-summary');
    expect(screen.queryByTestId('reports-expired')).toBeNull();
    expect(grantsSent(fetchMock)).toEqual(['old', 'new']);
    expect(missing).toEqual([]);
  });

  it('closes the reports when the grant expires', async () => {
    mockRoutes({ [AUTO_LOGIN]: autoLoginReply, [UNLOCK]: granted('short', 50), [REPORT_ROUTE]: reportReply(REPORT) });
    await renderPage(<ReportsPage />, setup);
    await unlock('secret-password');
    await screen.findByTestId('reports-summary');
    expect(await screen.findByTestId('reports-expired')).toBeTruthy();
    expect(screen.queryByTestId('reports-summary')).toBeNull();
  });

  it("shows the summary, the chart's figures and each table's numbers with totals (he)", async () => {
    mockRoutes({ [AUTO_LOGIN]: autoLoginReply, [UNLOCK]: granted(), [REPORT_ROUTE]: reportReply(REPORT) });
    const { missing } = await renderPage(<ReportsPage />, setup);
    await unlock('secret-password');
    await screen.findByTestId('reports-summary');

    expect((screen.getByRole('textbox', { name: 'מחודש' }) as HTMLInputElement).value).toBe('ינואר 2026');
    expect((screen.getByRole('textbox', { name: 'עד חודש' }) as HTMLInputElement).value).toBe('מרץ 2026');

    expect(screen.getByTestId('summary-earned-value').textContent).toBe(he(16425));
    expect(screen.getByTestId('summary-paid-value').textContent).toBe(he(10102));
    expect(screen.getByTestId('summary-balance-value').textContent).toBe(he(6323));
    expect(screen.getByTestId('summary-balance-note').textContent).toBe('בסוף מרץ 2026');
    expect(screen.getByTestId('summary-next-value').textContent).toBe(he(6323));
    expect(screen.getByTestId('summary-next-note').textContent).toBe(`עובר לחודש הבא: תשלום מתבצע מ־${he(10000)}`);

    expect(screen.getByRole('img', { name: /^תרשים עמודות של ההכנסות/ })).toBeTruthy();
    expect(cells(screen.getByTestId('reports-chart-table'))).toEqual([
      [he(10102), he(0)],
      [he(0), he(0)],
      [he(5475), he(848)],
    ]);

    const builder = tableIn('reports-builder');
    expect(builder.getAttribute('aria-label')).toBe('מכירות המשחקים שלכם לפי חודש ומשחק');
    expect(cells(builder)).toEqual([
      // The net first after the game: what a builder looks for, where a phone shows it.
      ['ינואר 2026', 'סודות נווה צדק, "המקורי"', he(10102), '2', he(20000), he(3050), he(6000), he(848)],
      ['מרץ 2026', 'Jaffa Port Hunt', he(5475), '1', he(10000), he(1525), he(3000), he(0)],
    ]);
    const builderFooter = builder.querySelector('tfoot')?.textContent;
    expect(builderFooter).toBe(['סה״כ', '', he(15577), '3', he(30000), he(4575), he(9000), he(848)].join(''));

    expect(cells(tableIn('reports-affiliate'))).toEqual([['1 במרץ 2026', 'Tel Aviv Nights', he(10000), he(8475), he(848)]]);

    expect(cells(tableIn('reports-statement'))).toEqual([
      ['ינואר 2026', he(0), he(10102), he(10102), he(10102), he(10102), he(0), '28 בפבר׳ 2026'],
      ['פברואר 2026', he(0), he(0), he(0), '—', he(0), he(0), '31 במרץ 2026'],
      ['מרץ 2026', he(0), he(6323), he(6323), `עובר לחודש הבא (${he(6323)})`, he(0), he(6323), '30 באפר׳ 2026'],
    ]);
    // Wide tables scroll inside a box that takes focus (axe: scrollable-region-focusable).
    expect(builder.closest('.mantine-ScrollArea-viewport')?.getAttribute('tabindex')).toBe('0');
    expect(screen.queryByTestId('reports-no-sales')).toBeNull();
    expect(missing).toEqual([]);
  });

  it('speaks English too', async () => {
    mockRoutes({ [AUTO_LOGIN]: autoLoginReply, [UNLOCK]: granted(), [REPORT_ROUTE]: reportReply(REPORT) });
    const { missing } = await renderPage(<ReportsPage />, { ...setup, language: 'en' });
    expect(await screen.findByRole('heading', { name: 'Enter your password again' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Show password' })).toBeTruthy();
    await unlock('secret-password');
    await screen.findByTestId('reports-summary');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Finance reports');
    expect(screen.getByTestId('summary-earned-value').textContent).toBe('₪164.25');
    expect(screen.getByTestId('summary-next-note').textContent).toBe('Rolls over: payouts start from ₪100');
    expect(cells(tableIn('reports-builder'))[0]).toEqual(['January 2026', 'סודות נווה צדק, "המקורי"', '₪101.02', '2', '₪200', '₪30.50', '₪60', '₪8.48']);
    expect(cells(tableIn('reports-affiliate'))).toEqual([['Mar 1, 2026', 'Tel Aviv Nights', '₪100', '₪84.75', '₪8.48']]);
    expect(cells(tableIn('reports-statement'))[2]).toEqual(['March 2026', '₪0', '₪63.23', '₪63.23', 'Rolls over (₪63.23)', '₪0', '₪63.23', 'Apr 30, 2026']);
    expect(screen.getByRole('button', { name: 'Download CSV: sales of your games' })).toBeTruthy();
    expect(missing).toEqual([]);
  });

  it.each(['he', 'en'] as const)('counts the free trials of the builder’s games, and those then bought, apart from the sales (%s)', async (language) => {
    mockRoutes({ [AUTO_LOGIN]: autoLoginReply, [UNLOCK]: granted(), [REPORT_ROUTE]: reportReply({ ...REPORT, trialsStarted: 12, trialsBought: 5 }) });
    const { t, missing } = await renderPage(<ReportsPage />, { ...setup, language });
    await unlock('secret-password');
    expect((await screen.findByTestId('reports-trials')).textContent).toBe(t('finance.trials', { started: 12, bought: 5 }));
    expect(missing).toEqual([]);
  });

  it('says nothing of trials when none was started', async () => {
    mockRoutes({ [AUTO_LOGIN]: autoLoginReply, [UNLOCK]: granted(), [REPORT_ROUTE]: reportReply({ ...REPORT, trialsStarted: 0, trialsBought: 0 }) });
    await renderPage(<ReportsPage />, { ...setup, language: 'en' });
    await unlock('secret-password');
    await screen.findByTestId('reports-summary');
    expect(screen.queryByTestId('reports-trials')).toBeNull();
  });

  it('explains how builders and affiliates earn when the months hold no sale, and still shows the statement', async () => {
    mockRoutes({ [AUTO_LOGIN]: autoLoginReply, [UNLOCK]: granted(), [REPORT_ROUTE]: reportReply(EMPTY_REPORT) });
    const { missing } = await renderPage(<ReportsPage />, setup);
    await unlock('secret-password');
    const empty = await screen.findByTestId('reports-no-sales');
    expect(within(empty).getByRole('heading').textContent).toBe('עדיין אין מכירות בחודשים אלה');
    expect(within(empty).getByRole('link', { name: 'לבוני משחקים' }).getAttribute('href')).toBe('/builders');
    expect(within(empty).getByRole('link', { name: 'לשותפים משווקים' }).getAttribute('href')).toBe('/affiliates');
    expect(screen.queryByTestId('reports-chart')).toBeNull();
    expect(screen.queryByTestId('reports-builder')).toBeNull();
    expect(cells(tableIn('reports-statement'))).toHaveLength(3);
    expect(screen.getByTestId('summary-next-note').textContent).toBe('עדיין אין סכום לתשלום');
    expect(missing).toEqual([]);
  });

  it('says which table is empty when only one is', async () => {
    mockRoutes({ [AUTO_LOGIN]: autoLoginReply, [UNLOCK]: granted(), [REPORT_ROUTE]: reportReply({ ...REPORT, affiliateSales: [] }) });
    await renderPage(<ReportsPage />, setup);
    await unlock('secret-password');
    const empty = await screen.findByTestId('reports-affiliate-empty');
    expect(empty.textContent).toContain('בחודשים אלה לא היו רכישות עם קוד השותף שלכם.');
    expect(within(empty).getByRole('link').getAttribute('href')).toBe('/affiliates');
    expect(screen.queryByTestId('reports-affiliate-csv')).toBeNull();
    expect(tableIn('reports-builder')).toBeTruthy();
  });

  it('reads other months when they are picked, into the address', async () => {
    const other = 'GET /api/reports?from=2026-02&to=2026-03';
    const fetchMock = mockRoutes({
      [AUTO_LOGIN]: autoLoginReply,
      [UNLOCK]: granted(),
      [REPORT_ROUTE]: reportReply(REPORT),
      [other]: reportReply({ ...REPORT, from: '2026-02', builderSales: [REPORT.builderSales[1]], statement: REPORT.statement.slice(1) }),
    });
    const { router } = await renderPage(<ReportsPage />, setup);
    await unlock('secret-password');
    await screen.findByTestId('reports-summary');
    fireEvent.click(screen.getByRole('textbox', { name: 'מחודש' }));
    // Months after `to` cannot be a start.
    expect((await screen.findByRole('option', { name: 'אפריל 2026' })).getAttribute('data-combobox-disabled')).toBe('true');
    fireEvent.click(screen.getByRole('option', { name: 'פברואר 2026' }));
    await waitFor(() => expect(cells(tableIn('reports-builder'))).toHaveLength(1));
    expect(router.state.location.search).toBe('?from=2026-02&to=2026-03');
    expect(routesCalled(fetchMock)).toEqual([AUTO_LOGIN, UNLOCK, REPORT_ROUTE, other]);
    expect(grantsSent(fetchMock)).toEqual(['grant-1', 'grant-1']);
  });

  it('downloads each table as a CSV file', async () => {
    const { blobs, clicks } = catchDownloads();
    mockRoutes({ [AUTO_LOGIN]: autoLoginReply, [UNLOCK]: granted(), [REPORT_ROUTE]: reportReply(REPORT) });
    await renderPage(<ReportsPage />, setup);
    await unlock('secret-password');
    await screen.findByTestId('reports-summary');

    fireEvent.click(screen.getByRole('button', { name: 'הורדת CSV: מכירות המשחקים שלכם' }));
    fireEvent.click(screen.getByRole('button', { name: 'הורדת CSV: ההכנסות שלכם כשותפים משווקים' }));
    fireEvent.click(screen.getByRole('button', { name: 'הורדת CSV: מצב חשבון' }));
    expect(clicks.map((link) => link.download)).toEqual(['finance-builder-2026-01-to-2026-03.csv', 'finance-affiliate-2026-01-to-2026-03.csv', 'finance-statement-2026-01-to-2026-03.csv']);
    const [builder] = await Promise.all(blobs.map((blob) => blob.text()));
    expect(builder.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('חודש,משחק,מכירות,ברוטו (כולל מע״מ),מע״מ,עמלת האתר,חלק השותפים,נטו לכם');
  });
});
