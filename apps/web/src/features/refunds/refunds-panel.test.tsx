import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { formatMoney, type AdminPurchase } from '@streethunt/shared';
import { adminAutoLogin, bodiesSent, freshBrowserEachTest, mockRoutes, renderPage, routesCalled } from '../../test/render-page.tsx';
import { AdminTabsPage } from '../../ui/studio/admin-tabs-page.tsx';
import { refundsTab } from './refunds-panel.tsx';

/** The refunds tab in the frame of /admin-payouts (the app adds the payouts tab: app/admin-tab-pages.tsx). */
const page = <AdminTabsPage frame={{ title: 'adminPayouts.title', tabsLabel: 'adminPayouts.tabs.label', testId: 'admin-payouts-page' }} tabs={[refundsTab]} />;

const AUTO_LOGIN = 'POST /api/auto-login';
const LIST = 'GET /api/purchases';
const REFUND = 'POST /api/purchases/b1/refund';
const setup = { path: '/admin-payouts', url: '/admin-payouts?tab=refunds' };
// Testing Library compares against the text with its spaces collapsed (Intl puts a no-break space in '45 ₪').
const he = (agorot: number) => formatMoney(agorot, 'he').replace(/\s+/g, ' ');

function purchase(id: string, overrides: Partial<AdminPurchase> = {}): AdminPurchase {
  return {
    _id: id,
    gameId: 'g1',
    gameName: 'סודות יפו',
    fullName: 'Noa Bar',
    email: `${id}@example.com`,
    amount: 4500,
    status: 'paid',
    paidAt: '2026-11-20T10:00:00.000Z',
    code: `CODE${id.toUpperCase()}`,
    codeActivated: false,
    refundedAt: null,
    refundAmount: null,
    refund: { ok: true, refund: 3500, kept: 1000 },
    ...overrides,
  };
}
const refundable = purchase('b1');
const used = purchase('b2', { fullName: 'Eli Gal', codeActivated: true, refund: { ok: false, reason: 'code_used' } });
const refunded = purchase('b3', { fullName: 'Tal Ron', status: 'refunded', refundAmount: 3500, refundedAt: '2026-11-21T10:00:00.000Z', refund: { ok: false, reason: 'not_paid' } });
const calls = (fetchMock: ReturnType<typeof mockRoutes>) => routesCalled(fetchMock).filter((route) => route !== AUTO_LOGIN);
const dialog = () => screen.getByTestId('refund-confirm');

describe('/admin-payouts, the refunds tab', () => {
  freshBrowserEachTest('admin');

  it('lists the purchases with what a refund gives back, or why not (he)', async () => {
    const fetchMock = mockRoutes({ [AUTO_LOGIN]: adminAutoLogin, [LIST]: { body: { data: [refundable, used, refunded] } } });
    const { t, missing } = await renderPage(page, setup);
    const table = await screen.findByRole('table', { name: t('adminPayouts.refunds.table.label') });
    expect(screen.getByRole('tab', { name: t('adminPayouts.tabs.refunds') }).getAttribute('aria-selected')).toBe('true');
    const [first, second, third] = within(table).getAllByRole('row').slice(1);
    expect(within(first).getByText('סודות יפו')).toBeTruthy();
    expect(within(first).getByText('CODEB1').getAttribute('dir')).toBe('ltr');
    expect(within(first).getByText(he(4500))).toBeTruthy();
    expect(within(first).getByText(t('adminPayouts.refunds.quote', { refund: he(3500), kept: he(1000) }))).toBeTruthy();
    expect(within(first).getByRole('button', { name: t('adminPayouts.refunds.refundFor', { buyer: 'Noa Bar' }) })).toBeTruthy();
    expect(within(second).getByText(t('adminPayouts.refunds.reasons.code_used'))).toBeTruthy();
    expect(within(second).queryByRole('button')).toBeNull();
    expect(within(third).getByText(t('adminPayouts.refunds.status.refunded'))).toBeTruthy();
    expect(within(third).getByText(t('adminPayouts.refunds.refunded', { amount: he(3500) }))).toBeTruthy();
    expect(calls(fetchMock)).toEqual([LIST]);
    expect(missing).toEqual([]);
  });

  it.each(['he', 'en'] as const)('says how each refund goes back through the payment provider, and which one is the admin’s to repay (%s)', async (language) => {
    const way = (status: 'pending' | 'sent' | 'done' | 'failed', attempts: number, kind: 'admin' | 'cancellation' = 'admin') => ({ status, kind, amount: 3500, attempts, providerRef: null });
    const rows = [
      purchase('c1', { status: 'refunded', refundAmount: 3500, refundedAt: '2026-11-21T10:00:00.000Z', refund: { ok: false, reason: 'not_paid' }, providerRefund: way('pending', 2) }),
      purchase('c2', { status: 'refunded', refundAmount: 4500, refundedAt: '2026-11-21T10:00:00.000Z', refund: { ok: false, reason: 'not_paid' }, providerRefund: way('done', 1, 'cancellation') }),
      purchase('c3', { status: 'refunded', refundAmount: 3500, refundedAt: '2026-11-21T10:00:00.000Z', refund: { ok: false, reason: 'not_paid' }, providerRefund: way('failed', 8) }),
    ];
    mockRoutes({ [AUTO_LOGIN]: adminAutoLogin, [LIST]: { body: { data: rows } } });
    const { t, missing } = await renderPage(page, { ...setup, language });
    const table = await screen.findByRole('table', { name: t('adminPayouts.refunds.table.label') });
    const states = within(table).getAllByTestId('provider-refund');
    expect(states.map((state) => state.getAttribute('data-status'))).toEqual(['pending', 'done', 'failed']);
    expect(states[0]?.textContent).toBe(t('adminPayouts.refunds.provider.pending', { attempts: 2 }));
    expect(states[1]?.textContent).toBe(`${t('adminPayouts.refunds.provider.done', { attempts: 1 })} · ${t('adminPayouts.refunds.provider.byBuyer')}`);
    expect(states[2]?.textContent).toBe(t('adminPayouts.refunds.provider.failed', { attempts: 8 }));
    expect(missing).toEqual([]);
  });

  it('searches on the server after a pause in typing (en)', async () => {
    const fetchMock = mockRoutes({
      [AUTO_LOGIN]: adminAutoLogin,
      [LIST]: { body: { data: [refundable, used] } },
      [`${LIST}?q=eli`]: { body: { data: [used] } },
      [`${LIST}?q=nobody`]: { body: { data: [] } },
    });
    await renderPage(page, { ...setup, language: 'en' });
    const box = await screen.findByRole('searchbox', { name: 'Search purchases' });
    fireEvent.change(box, { target: { value: ' eli ' } });
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Latest purchases' })).getAllByRole('row')).toHaveLength(2));
    fireEvent.change(box, { target: { value: 'nobody' } });
    expect(await screen.findByText('No purchase matches “nobody”.')).toBeTruthy();
    expect(calls(fetchMock).filter((route) => route.startsWith(LIST))).toEqual([LIST, `${LIST}?q=eli`, `${LIST}?q=nobody`]);
  });

  it('refunds after the confirm dialog says what goes back and what is kept, then reads the list again (en)', async () => {
    const fetchMock = mockRoutes({
      [AUTO_LOGIN]: adminAutoLogin,
      [LIST]: [{ body: { data: [refundable] } }, { body: { data: [{ ...refundable, status: 'refunded', refundAmount: 3500, refund: { ok: false, reason: 'not_paid' } }] } }],
      [REFUND]: { body: { data: { ...refundable, status: 'refunded', refundAmount: 3500 } } },
    });
    await renderPage(page, { ...setup, language: 'en' });
    fireEvent.click(await screen.findByRole('button', { name: 'Refund Noa Bar' }));
    expect(within(dialog()).getByTestId('refund-back').textContent).toBe('₪35 goes back to the buyer.');
    expect(within(dialog()).getByTestId('refund-kept').textContent).toBe('₪10 is kept as transaction fees.');
    expect(within(dialog()).getByText('The code stops working and the buyer is emailed.')).toBeTruthy();
    expect(calls(fetchMock)).not.toContain(REFUND);
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText('Refunded ₪35 to Noa Bar.')).toBeTruthy();
    expect(bodiesSent(fetchMock, REFUND)).toEqual([{}]);
    expect(await screen.findByText('Refunded ₪35')).toBeTruthy();
    expect(calls(fetchMock)).toEqual([LIST, REFUND, LIST]);
  });

  it('shows the server’s 409 in the dialog and keeps it open', async () => {
    const fetchMock = mockRoutes({
      [AUTO_LOGIN]: adminAutoLogin,
      [LIST]: { body: { data: [refundable] } },
      [REFUND]: { status: 409, body: { message: 'The code was already used', code: 'conflict' } },
    });
    const { t } = await renderPage(page, setup);
    fireEvent.click(await screen.findByRole('button', { name: t('adminPayouts.refunds.refundFor', { buyer: 'Noa Bar' }) }));
    fireEvent.click(within(dialog()).getByRole('button', { name: t('adminPayouts.refunds.confirm.yes') }));
    expect(await within(dialog()).findByText('The code was already used')).toBeTruthy();
    expect(calls(fetchMock)).toEqual([LIST, REFUND]);
  });
});
