import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { formatMoney, type PayoutDueRow, type PayoutEntry } from '@streethunt/shared';
import { adminAutoLogin, autoLoginReply, bodiesSent, freshBrowserEachTest, mockRoutes, renderPage, resetBrowserState, routesCalled, storeSession } from '../../test/render-page.tsx';
import { defaultPayoutMonth } from './payouts-format.ts';
import { AdminTabsPage } from '../../ui/studio/admin-tabs-page.tsx';
import { payoutsTab } from './payouts-panel.tsx';
import { catchDownloads } from '../../test/downloads.ts';

/** The payouts tab in the frame of /admin-payouts (the app adds the refunds tab: app/admin-tab-pages.tsx). */
const page = <AdminTabsPage frame={{ title: 'adminPayouts.title', tabsLabel: 'adminPayouts.tabs.label', testId: 'admin-payouts-page' }} tabs={[payoutsTab]} />;

const AUTO_LOGIN = 'POST /api/auto-login';
const MONTH = '2026-03';
const DUE = `GET /api/payouts?month=${MONTH}`;
const ENTRIES = `GET /api/payouts/entries?month=${MONTH}`;
const setup = { path: '/admin-payouts', url: `/admin-payouts?month=${MONTH}` };

function row(userId: string, overrides: Partial<PayoutDueRow> = {}): PayoutDueRow {
  return {
    userId,
    firstName: 'דנה',
    lastName: 'לוי',
    email: `${userId}@example.com`,
    phone: '0501234567',
    builderEarned: 12000,
    affiliateEarned: 3050,
    carriedIn: 0,
    due: 15050,
    payable: 15050,
    rolledOver: 0,
    paid: 0,
    balance: 15050,
    bank: { accountHolder: 'Dana Levi', idNumber: '123456782', bankName: 'Leumi', bankNumber: '10', branchNumber: '800', accountNumber: '123456' },
    ...overrides,
  };
}
const dana = row('u1');
const avi = row('u2', { firstName: 'Avi', lastName: 'Cohen', builderEarned: 4000, affiliateEarned: 0, due: 4000, payable: 0, rolledOver: 4000, balance: 0, bank: null });
const entry: PayoutEntry = {
  _id: 'p1',
  userId: 'u1',
  period: MONTH,
  amount: 5000,
  kind: 'payout',
  correctsId: null,
  reference: 'TR-77',
  note: '',
  recordedBy: { _id: 'a1', firstName: 'Admin', lastName: 'One' },
  createdAt: '2026-04-20T10:00:00.000Z',
};
const dueReply = (rows: PayoutDueRow[]) => ({ body: { data: { month: MONTH, dueDate: '2026-04-30', payoutMinimum: 10000, rows } } });
const calls = (fetchMock: ReturnType<typeof mockRoutes>) => routesCalled(fetchMock).filter((route) => route !== AUTO_LOGIN);
// Testing Library compares against the text with its spaces collapsed (Intl puts a no-break space in '120 ₪').
const he = (agorot: number) => formatMoney(agorot, 'he').replace(/\s+/g, ' ');
const modal = () => screen.getByTestId('payout-modal');

describe('/admin-payouts, the payouts tab', () => {
  freshBrowserEachTest('admin');

  it('lists the month: earnings, payable or rolling over, bank details or their absence, and the ledger (he)', async () => {
    const fetchMock = mockRoutes({ [AUTO_LOGIN]: adminAutoLogin, [DUE]: dueReply([dana, avi]), [ENTRIES]: { body: { data: [entry] } } });
    const { t, missing } = await renderPage(page, setup);
    const table = await screen.findByRole('table', { name: t('adminPayouts.table.label') });
    expect(screen.getByRole('tab', { name: t('adminPayouts.tabs.payouts') }).getAttribute('aria-selected')).toBe('true');
    expect((screen.getByLabelText(t('adminPayouts.month')) as HTMLSelectElement).value).toBe(MONTH);
    expect(screen.getByTestId('payouts-due-date').textContent).toContain('2026');
    const [first, second] = within(table).getAllByRole('row').slice(1);
    expect(within(first).getByText('דנה לוי')).toBeTruthy();
    expect(within(first).getByText(he(12000))).toBeTruthy();
    expect(within(first).getByText(he(3050))).toBeTruthy();
    expect(within(first).getByText('Dana Levi, ת״ז 123456782')).toBeTruthy();
    expect(within(first).getByRole('button', { name: t('adminPayouts.table.markPaidFor', { name: 'דנה לוי' }) }).hasAttribute('disabled')).toBe(false);
    expect(within(second).getByText(t('adminPayouts.table.noBank'))).toBeTruthy();
    expect(within(second).getByText(t('adminPayouts.table.rollsOver', { amount: he(4000) }))).toBeTruthy();
    expect(within(second).getByRole('button', { name: t('adminPayouts.table.markPaidFor', { name: 'Avi Cohen' }) }).hasAttribute('disabled')).toBe(true);
    const ledger = screen.getByRole('table', { name: t('adminPayouts.ledger.label') });
    const [ledgerRow] = within(ledger).getAllByRole('row').slice(1);
    expect(within(ledgerRow).getByText('דנה לוי')).toBeTruthy();
    expect(within(ledgerRow).getByText('TR-77')).toBeTruthy();
    expect(within(ledgerRow).getByText(t('adminPayouts.ledger.kinds.payout'))).toBeTruthy();
    expect(calls(fetchMock).sort()).toEqual([DUE, ENTRIES].sort());
    expect(missing).toEqual([]);
  });

  it('opens on last month when the address names none, and changes month from the select (en)', async () => {
    const last = defaultPayoutMonth();
    const fetchMock = mockRoutes({
      [AUTO_LOGIN]: adminAutoLogin,
      [`GET /api/payouts?month=${last}`]: { body: { data: { month: last, dueDate: '2026-12-31', payoutMinimum: 10000, rows: [] } } },
      [`GET /api/payouts/entries?month=${last}`]: { body: { data: [] } },
      [DUE]: dueReply([dana]),
      [ENTRIES]: { body: { data: [] } },
    });
    const { t, router, missing } = await renderPage(page, { path: '/admin-payouts', language: 'en' });
    expect(await screen.findByText(t('adminPayouts.table.none'))).toBeTruthy();
    expect((screen.getByLabelText('Earnings of') as HTMLSelectElement).value).toBe(last);
    fireEvent.change(screen.getByLabelText('Earnings of'), { target: { value: MONTH } });
    expect(await screen.findByText('₪120')).toBeTruthy();
    expect(router.state.location.search).toBe(`?tab=payouts&month=${MONTH}`);
    expect(screen.getByTestId('payouts-due-date').textContent).toBe('March 2026 is paid by Apr 30, 2026. Less than ₪100 rolls over to the next month.');
    expect(calls(fetchMock)).toContain(DUE);
    expect(missing).toEqual([]);
  });

  it('marks a row as paid: the amount typed in shekels is sent in agorot, then the month is read again', async () => {
    const fetchMock = mockRoutes({
      [AUTO_LOGIN]: adminAutoLogin,
      [DUE]: [dueReply([dana]), dueReply([{ ...dana, paid: 15050, balance: 0 }])],
      [ENTRIES]: [{ body: { data: [] } }, { body: { data: [{ ...entry, amount: 15025 }] } }],
      'POST /api/payouts': { body: { data: { ...entry, amount: 15025 } } },
    });
    const { t } = await renderPage(page, setup);
    fireEvent.click(await screen.findByRole('button', { name: t('adminPayouts.table.markPaidFor', { name: 'דנה לוי' }) }));
    const amount = within(modal()).getByLabelText(new RegExp(t('adminPayouts.record.amount'))) as HTMLInputElement;
    expect(amount.value).toBe('150.50');
    fireEvent.change(amount, { target: { value: '150.25' } });
    fireEvent.change(within(modal()).getByLabelText(t('adminPayouts.record.reference')), { target: { value: ' TR-88 ' } });
    fireEvent.change(within(modal()).getByLabelText(t('adminPayouts.record.note')), { target: { value: 'March' } });
    fireEvent.click(within(modal()).getByRole('button', { name: t('adminPayouts.record.payYes') }));
    await waitFor(() => expect(bodiesSent(fetchMock, 'POST /api/payouts')).toHaveLength(1));
    expect(bodiesSent(fetchMock, 'POST /api/payouts')[0]).toEqual({ userId: 'u1', period: MONTH, amount: 15025, reference: 'TR-88', note: 'March' });
    expect(await screen.findByText(t('adminPayouts.record.done', { amount: he(15025), name: 'דנה לוי' }))).toBeTruthy();
    await waitFor(() => expect(calls(fetchMock).filter((route) => route === DUE)).toHaveLength(2));
    await waitFor(() => expect(calls(fetchMock).filter((route) => route === ENTRIES)).toHaveLength(2));
  });

  it('refuses a bad or negative payment in the dialog, and shows the server’s 4xx message', async () => {
    const fetchMock = mockRoutes({
      [AUTO_LOGIN]: adminAutoLogin,
      [DUE]: dueReply([dana]),
      [ENTRIES]: { body: { data: [] } },
      'POST /api/payouts': { status: 400, body: { message: 'No such user', code: 'bad_request' } },
    });
    const { t } = await renderPage(page, setup);
    fireEvent.click(await screen.findByRole('button', { name: t('adminPayouts.table.markPaidFor', { name: 'דנה לוי' }) }));
    const amount = within(modal()).getByLabelText(new RegExp(t('adminPayouts.record.amount')));
    const submit = within(modal()).getByRole('button', { name: t('adminPayouts.record.payYes') });
    fireEvent.change(amount, { target: { value: '12.345' } });
    fireEvent.click(submit);
    expect(await within(modal()).findByText(t('adminPayouts.record.amountInvalid'))).toBeTruthy();
    fireEvent.change(amount, { target: { value: '-5' } });
    expect(within(modal()).getByText(t('adminPayouts.record.amountNegative'))).toBeTruthy();
    expect(bodiesSent(fetchMock, 'POST /api/payouts')).toEqual([]);
    fireEvent.change(amount, { target: { value: '10' } });
    fireEvent.click(submit);
    expect(await within(modal()).findByText('No such user')).toBeTruthy();
    expect(bodiesSent(fetchMock, 'POST /api/payouts')).toEqual([{ userId: 'u1', period: MONTH, amount: 1000, reference: '', note: '' }]);
  });

  it('corrects a ledger entry: the dialog names it (correctsId) and takes a negative amount (en)', async () => {
    const fetchMock = mockRoutes({
      [AUTO_LOGIN]: adminAutoLogin,
      [DUE]: dueReply([dana]),
      [ENTRIES]: { body: { data: [entry] } },
      'POST /api/payouts': { body: { data: { ...entry, _id: 'p2', amount: -2000, kind: 'correction', correctsId: 'p1' } } },
    });
    const { t } = await renderPage(page, { ...setup, language: 'en' });
    fireEvent.click(await screen.findByRole('button', { name: 'Correct: דנה לוי, ₪50' }));
    expect(within(modal()).getByText('Correct a payment')).toBeTruthy();
    const amount = within(modal()).getByLabelText(/Amount in ₪/) as HTMLInputElement;
    expect(amount.value).toBe('-50.00');
    fireEvent.change(amount, { target: { value: '-20' } });
    fireEvent.click(within(modal()).getByRole('button', { name: t('adminPayouts.record.correctYes') }));
    await waitFor(() => expect(bodiesSent(fetchMock, 'POST /api/payouts')).toHaveLength(1));
    expect(bodiesSent(fetchMock, 'POST /api/payouts')[0]).toEqual({ userId: 'u1', period: MONTH, amount: -2000, reference: '', note: '', correctsId: 'p1' });
    expect(await screen.findByText('Recorded -₪20 for דנה לוי.')).toBeTruthy();
  });

  it('downloads the month with bank details as a CSV', async () => {
    const { blobs, clicks } = catchDownloads();
    mockRoutes({ [AUTO_LOGIN]: adminAutoLogin, [DUE]: dueReply([dana, avi]), [ENTRIES]: { body: { data: [] } } });
    const { t } = await renderPage(page, { ...setup, language: 'en' });
    await screen.findByRole('table', { name: t('adminPayouts.table.label') });
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(clicks).toHaveLength(1));
    expect(clicks[0].download).toMatch(/^payouts-2026-03-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = (await blobs[0].text()).replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      'First name,Last name,Email,Phone,Earned as builder,Earned as affiliate,Carried in,Due,Payable,Rolls over,Paid,Balance,Account holder,ID number,Bank,Bank number,Branch,Account number',
    );
    expect(lines[1]).toBe('דנה,לוי,u1@example.com,0501234567,120.00,30.50,0.00,150.50,150.50,0.00,0.00,150.50,Dana Levi,123456782,Leumi,10,800,123456');
    expect(lines[2]).toBe('Avi,Cohen,u2@example.com,0501234567,40.00,0.00,0.00,40.00,0.00,40.00,0.00,0.00,,,,,,');
  });

  it('a user who is not an admin is told it is not allowed, and nothing is asked for', async () => {
    resetBrowserState();
    storeSession();
    const fetchMock = mockRoutes({ [AUTO_LOGIN]: autoLoginReply });
    await renderPage(page, { path: '/admin-payouts', url: '/admin-payouts?tab=refunds' });
    expect(await screen.findByTestId('not-allowed')).toBeTruthy();
    expect(calls(fetchMock)).toEqual([]);
  });
});
