import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { adminAutoLogin, autoLoginReply, freshBrowserEachTest, mockRoutes, renderPage, resetBrowserState, routesCalled, storeSession } from '../test/render-page.tsx';
import { adminPayoutsPage, adminUsersPage } from './admin-tab-pages.tsx';

// The admin pages made of two features' tabs: each tab's own behaviour is tested beside its panel.

const AUTO_LOGIN = 'POST /api/auto-login';
const USERS = 'GET /api/users/?page=1&pageSize=20';
const LEADS = 'GET /api/leads?page=1&pageSize=20';
const emptyPage = { body: { data: { data: [], total: 0, page: 1, pageSize: 20 } } };
const calls = (fetchMock: ReturnType<typeof mockRoutes>) => routesCalled(fetchMock).filter((route) => route !== AUTO_LOGIN);

describe('/admin-users: the users and the leads', () => {
  freshBrowserEachTest('admin');

  it('the users tab stays the default, and the leads tab is one click away (en)', async () => {
    const fetchMock = mockRoutes({ [AUTO_LOGIN]: adminAutoLogin, [USERS]: emptyPage, [LEADS]: { body: { data: { data: [], total: 2, page: 1, pageSize: 20 } } } });
    const { Component } = await adminUsersPage();
    const { t, router, missing } = await renderPage(<Component />, { path: '/admin-users', language: 'en' });
    await screen.findByRole('table', { name: 'Registered users' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Users');
    expect(screen.getByRole('tab', { name: t('adminLeads.tabs.users') }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tablist', { name: t('adminLeads.tabs.label') })).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Leads' }));
    await screen.findByRole('table', { name: t('adminLeads.table.label') });
    expect(router.state.location.search).toBe('?tab=leads');
    expect(screen.getByTestId('leads-total').textContent).toBe('2 leads');
    // Back to the users: the default tab leaves the address bare.
    fireEvent.click(screen.getByRole('tab', { name: t('adminLeads.tabs.users') }));
    await screen.findByRole('table', { name: 'Registered users' });
    expect(router.state.location.search).toBe('');
    // A tab is mounted only while shown: back on the users, they are read again.
    expect(calls(fetchMock)).toEqual([USERS, LEADS, USERS]);
    expect(missing).toEqual([]);
  });

  it('opens the leads from ?tab=leads, without asking for the users', async () => {
    const fetchMock = mockRoutes({ [AUTO_LOGIN]: adminAutoLogin, [LEADS]: emptyPage });
    const { Component } = await adminUsersPage();
    const { t } = await renderPage(<Component />, { path: '/admin-users', url: '/admin-users?tab=leads' });
    await screen.findByRole('table', { name: t('adminLeads.table.label') });
    expect(screen.getByRole('tab', { name: t('adminLeads.tabs.leads') }).getAttribute('aria-selected')).toBe('true');
    expect(calls(fetchMock)).toEqual([LEADS]);
  });

  it('tells a user who is not an admin that it is not allowed, asking nothing', async () => {
    resetBrowserState();
    storeSession();
    const fetchMock = mockRoutes({ [AUTO_LOGIN]: autoLoginReply });
    const { Component } = await adminUsersPage();
    await renderPage(<Component />, { path: '/admin-users', url: '/admin-users?tab=leads' });
    expect(await screen.findByTestId('not-allowed')).toBeTruthy();
    expect(screen.queryByRole('tab')).toBeNull();
    expect(calls(fetchMock)).toEqual([]);
  });
});

describe('/admin-payouts: the payouts and the refunds', () => {
  freshBrowserEachTest('admin');

  it('opens on the payouts, and the refunds tab is one click away (en)', async () => {
    vi.useFakeTimers({ now: new Date('2026-04-10T12:00:00Z'), toFake: ['Date'] });
    const fetchMock = mockRoutes({
      [AUTO_LOGIN]: adminAutoLogin,
      'GET /api/payouts?month=2026-03': { body: { data: { month: '2026-03', dueDate: '2026-04-30', payoutMinimum: 10000, rows: [] } } },
      'GET /api/payouts/entries?month=2026-03': { body: { data: [] } },
      'GET /api/purchases': { body: { data: [] } },
    });
    const { Component } = await adminPayoutsPage();
    const { t, router, missing } = await renderPage(<Component />, { path: '/admin-payouts', language: 'en' });
    await screen.findByRole('table', { name: t('adminPayouts.table.label') });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(t('adminPayouts.title'));
    expect(screen.getByRole('tab', { name: t('adminPayouts.tabs.payouts') }).getAttribute('aria-selected')).toBe('true');
    fireEvent.click(screen.getByRole('tab', { name: 'Refunds' }));
    expect(router.state.location.search).toBe('?tab=refunds');
    await screen.findByRole('table', { name: 'Latest purchases' });
    fireEvent.click(screen.getByRole('tab', { name: t('adminPayouts.tabs.payouts') }));
    expect(router.state.location.search).toBe('?tab=payouts');
    expect(calls(fetchMock)).toContain('GET /api/purchases');
    expect(missing).toEqual([]);
  });
});
