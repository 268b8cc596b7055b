import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AccessibilityReport } from '@streethunt/shared';
import type { RouteReply } from '../../test/fetch-routes.ts';
import { adminAutoLogin, autoLoginReply, bodiesSent, freshBrowserEachTest, mockRoutes, renderPage, storeSession } from '../../test/render-page.tsx';
import { Component as AdminReportsPage } from './admin-reports-page.tsx';

const AUTO_LOGIN = 'POST /api/auto-login';
const LIST = 'GET /api/admin/accessibility-reports?page=1';

function report(id: string, overrides: Partial<AccessibilityReport> = {}): AccessibilityReport {
  return {
    _id: id,
    where: `/games/${id}`,
    what: `Report ${id}\nsecond line`,
    email: `reader${id}@example.com`,
    language: 'he',
    createdAt: '2026-11-20T09:30:00.000Z',
    handledAt: null,
    ...overrides,
  };
}
const reply = (data: AccessibilityReport[], open = data.filter((r) => !r.handledAt).length): RouteReply => ({
  body: { data: { data, total: data.length, open, page: 1, pageSize: 50 } },
});

describe('/admin-accessibility-reports', () => {
  freshBrowserEachTest('admin');

  it('lists the reports, the newest first as the server sends them, and marks one handled (en)', async () => {
    const first = report('1', { where: 'The map page', email: null, language: 'en' });
    const second = report('2');
    const handledAt = '2026-11-29T10:00:00.000Z';
    const fetchMock = mockRoutes({
      [AUTO_LOGIN]: adminAutoLogin,
      [LIST]: [reply([first, second]), reply([first, { ...second, handledAt }])],
      'PATCH /api/admin/accessibility-reports/2': { body: { data: { ...second, handledAt } } },
    });
    const { missing } = await renderPage(<AdminReportsPage />, { path: '/admin-accessibility-reports', language: 'en' });
    expect((await screen.findByTestId('accessibility-reports-count')).textContent).toBe('2 reports · 2 open');
    const cards = screen.getAllByTestId('accessibility-report');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual(['The map page', '/games/2']);
    expect(within(cards[0]).getByText('Answer to: no address given')).toBeTruthy();
    expect(within(cards[1]).getByRole('link', { name: 'reader2@example.com' }).getAttribute('href')).toBe('mailto:reader2@example.com');
    expect(within(cards[1]).getByText(/Report 2/).textContent).toBe('Report 2\nsecond line');
    expect(within(cards[1]).getByText(/in Hebrew$/)).toBeTruthy();

    fireEvent.click(within(cards[1]).getByRole('button', { name: 'Mark handled' }));
    await waitFor(() => expect(screen.getByTestId('accessibility-reports-count').textContent).toBe('2 reports · one open'));
    expect(bodiesSent(fetchMock, 'PATCH /api/admin/accessibility-reports/2')).toEqual([{ handled: true }]);
    const handled = screen.getAllByTestId('accessibility-report')[1];
    expect(handled.getAttribute('data-handled')).toBe('true');
    expect(within(handled).getByText('Handled')).toBeTruthy();
    expect(within(handled).getByRole('button', { name: 'Open again' })).toBeTruthy();
    expect(missing).toEqual([]);
  });

  it('says there are none yet (he)', async () => {
    mockRoutes({ [AUTO_LOGIN]: adminAutoLogin, [LIST]: reply([]) });
    const { missing } = await renderPage(<AdminReportsPage />, { path: '/admin-accessibility-reports', language: 'he' });
    expect((await screen.findByTestId('accessibility-reports-count')).textContent).toBe('אין עדיין דיווחים');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('דיווחי נגישות');
    expect(missing).toEqual([]);
  });

  it('is not for a user who is not an admin', async () => {
    storeSession();
    const fetchMock = mockRoutes({ [AUTO_LOGIN]: autoLoginReply, [LIST]: { status: 403, body: { code: 'forbidden', message: 'no' } } });
    await renderPage(<AdminReportsPage />, { path: '/admin-accessibility-reports', language: 'en' });
    expect(await screen.findByTestId('not-allowed')).toBeTruthy();
    expect(bodiesSent(fetchMock, LIST)).toEqual([]);
  });
});
