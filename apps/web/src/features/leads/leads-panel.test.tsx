import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { LeadListItem } from '@streethunt/shared';
import type { RouteReply } from '../../test/fetch-routes.ts';
import { adminAutoLogin, autoLoginReply, freshBrowserEachTest, mockRoutes, renderPage, resetBrowserState, routesCalled, storeSession } from '../../test/render-page.tsx';
import { leadsCsv } from './leads-csv.ts';
import { AdminTabsPage } from '../../ui/studio/admin-tabs-page.tsx';
import { leadsTab } from './leads-panel.tsx';
import { catchDownloads } from '../../test/downloads.ts';

/** The leads tab in the frame of /admin-users (the app adds the users tab: app/admin-tab-pages.tsx). */
const page = <AdminTabsPage frame={{ title: 'adminUsers.title', tabsLabel: 'adminLeads.tabs.label', testId: 'admin-users-page' }} tabs={[leadsTab]} />;

const AUTO_LOGIN = 'POST /api/auto-login';

function leadsRoute({ page = 1, pageSize = 20, formType, q }: { page?: number; pageSize?: number; formType?: string; q?: string } = {}) {
  const query = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
  if (formType) query.set('formType', formType);
  if (q) query.set('q', q);
  return `GET /api/leads?${query}`;
}
function reply(data: LeadListItem[], { total = data.length, page = 1, pageSize = 20 } = {}): RouteReply {
  return { body: { data: { data, total, page, pageSize } } };
}
function lead(id: string, overrides: Partial<LeadListItem> = {}): LeadListItem {
  return {
    _id: id,
    firstName: `First${id}`,
    lastName: `Last${id}`,
    email: `lead${id}@example.com`,
    phone: '054-7654321',
    formType: 'makeMoney',
    aff: null,
    affName: null,
    language: 'he',
    createdAt: '2026-02-01T09:30:00.000Z',
    updatedAt: '2026-02-03T09:30:00.000Z',
    ...overrides,
  };
}

const yael = lead('1', { firstName: 'יעל', lastName: 'מזרחי', formType: 'guides', aff: 'AFF12345', affName: 'Avi Peretz', language: 'en' });
const two = [yael, lead('2')];
const leadsCalls = (fetchMock: ReturnType<typeof mockRoutes>) => routesCalled(fetchMock).filter((route) => route !== AUTO_LOGIN);
const rows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

describe('the leads tab of /admin-users', () => {
  freshBrowserEachTest('admin');

  it('opens from ?tab=leads and lists the leads with their form, affiliate, language and dates (he)', async () => {
    const fetchMock = mockRoutes({ [AUTO_LOGIN]: adminAutoLogin, [leadsRoute()]: reply(two) });
    const { t, missing } = await renderPage(page, { path: '/admin-users', url: '/admin-users?tab=leads' });
    await screen.findByRole('table', { name: t('adminLeads.table.label') });
    expect(screen.getByRole('tab', { name: t('adminLeads.tabs.leads') }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByTestId('leads-total').textContent).toBe('2 פניות');
    const [first] = rows();
    expect(within(first).getByText('יעל').getAttribute('dir')).toBe('auto');
    expect(within(first).getByText('lead1@example.com').getAttribute('dir')).toBe('ltr');
    expect(within(first).getByText(t('adminLeads.formType.guides'))).toBeTruthy();
    expect(within(first).getByText('Avi Peretz')).toBeTruthy();
    expect(within(first).getByText('AFF12345').getAttribute('dir')).toBe('ltr');
    expect(within(first).getByText(t('adminLeads.language.en'))).toBeTruthy();
    expect(within(first).getAllByText((_text, element) => element?.tagName === 'TIME').map((time) => time.getAttribute('datetime'))).toEqual([
      '2026-02-03T09:30:00.000Z',
      '2026-02-01T09:30:00.000Z',
    ]);
    expect(leadsCalls(fetchMock)).toEqual([leadsRoute()]);
    expect(missing).toEqual([]);
  });

  it('filters by form and searches on the server, keeping the place in the address', async () => {
    const fetchMock = mockRoutes({
      [AUTO_LOGIN]: adminAutoLogin,
      [leadsRoute()]: reply(two),
      [leadsRoute({ formType: 'guides' })]: reply([yael]),
      [leadsRoute({ formType: 'guides', q: 'יעל' })]: reply([yael]),
    });
    const { t, router } = await renderPage(page, { path: '/admin-users', url: '/admin-users?tab=leads' });
    await screen.findByRole('table', { name: t('adminLeads.table.label') });
    fireEvent.change(screen.getByLabelText(t('adminLeads.formType.label')), { target: { value: 'guides' } });
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(router.state.location.search).toBe('?tab=leads&formType=guides');
    fireEvent.change(screen.getByRole('searchbox', { name: t('adminLeads.search.label') }), { target: { value: 'יעל' } });
    await waitFor(() => expect(leadsCalls(fetchMock)).toContain(leadsRoute({ formType: 'guides', q: 'יעל' })));
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('יעל');
  });

  it('downloads every matching lead as a CSV with a byte-order mark, reading all pages', async () => {
    const { blobs, clicks } = catchDownloads();
    const many = Array.from({ length: 500 }, (_, index) => lead(`m${index}`));
    const fetchMock = mockRoutes({
      [AUTO_LOGIN]: adminAutoLogin,
      [leadsRoute()]: reply(two, { total: 501 }),
      [leadsRoute({ pageSize: 500 })]: reply(many, { total: 501, pageSize: 500 }),
      [leadsRoute({ pageSize: 500, page: 2 })]: reply([yael], { total: 501, page: 2, pageSize: 500 }),
    });
    const { t } = await renderPage(page, { path: '/admin-users', url: '/admin-users?tab=leads' });
    await screen.findByRole('table', { name: t('adminLeads.table.label') });
    fireEvent.click(screen.getByRole('button', { name: t('adminLeads.csv.button') }));
    await waitFor(() => expect(clicks).toHaveLength(1));
    expect(clicks[0].download).toMatch(/^leads-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(leadsCalls(fetchMock)).toEqual([leadsRoute(), leadsRoute({ pageSize: 500 }), leadsRoute({ pageSize: 500, page: 2 })]);
    const bytes = new Uint8Array(await blobs[0].arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = (await blobs[0].text()).replace(/^\uFEFF/, '').split('\r\n');
    expect(lines).toHaveLength(502);
    expect(lines[0]).toBe('שם פרטי,שם משפחה,דוא״ל,טלפון,טופס,קוד שותף,שותף,שפה,נשלחה לראשונה,נשלחה לאחרונה');
    expect(lines[501]).toBe('יעל,מזרחי,lead1@example.com,054-7654321,מדריכי טיולים,AFF12345,Avi Peretz,אנגלית,2026-02-01T09:30:00.000Z,2026-02-03T09:30:00.000Z');
  });

  it('a user who is not an admin is told it is not allowed, and no lead is asked for', async () => {
    resetBrowserState();
    storeSession();
    const fetchMock = mockRoutes({ [AUTO_LOGIN]: autoLoginReply });
    await renderPage(page, { path: '/admin-users', url: '/admin-users?tab=leads' });
    expect(await screen.findByTestId('not-allowed')).toBeTruthy();
    expect(leadsCalls(fetchMock)).toEqual([]);
  });
});

describe('leadsCsv', () => {
  it('keeps a spreadsheet from running a formula typed into the public form', () => {
    const words = {
      header: { firstName: 'a', lastName: 'b', email: 'c', phone: 'd', formType: 'e', aff: 'f', affName: 'g', language: 'h', createdAt: 'i', updatedAt: 'j' },
      formType: () => 'form',
      language: () => 'lang',
    };
    const text = leadsCsv([lead('1', { firstName: '=HYPERLINK("http://x")', phone: '+972 54 765 4321' })], words);
    const row = text.split('\r\n')[1];
    expect(row.startsWith(`"'=HYPERLINK(""http://x"")"`)).toBe(true);
    expect(row).toContain("'+972 54 765 4321");
  });
});
