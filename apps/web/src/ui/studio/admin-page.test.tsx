import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/client.ts';
import { AdminPage } from './admin-page.tsx';
import { adminAutoLogin, autoLoginReply, mockRoutes, renderPage, resetBrowserState, routesCalled, storeAdminSession, storeSession } from '../../test/render-page.tsx';

/** An admin page's body that reads an admin call, as the real pages do. */
function PendingCount() {
  const games = useQuery({ queryKey: ['test', 'pending'], queryFn: async ({ signal }) => (await apiRequest<{ data: unknown[] }>('/api/games/pending-games', { signal })).data });
  return <p data-testid="pending-count">{games.data?.length ?? '…'}</p>;
}
const page = (
  <AdminPage title="Admin" testId="admin-test-page">
    <PendingCount />
  </AdminPage>
);
const setup = { path: '/admin-test' };

describe('admin pages', () => {
  beforeEach(() => resetBrowserState());
  afterEach(() => {
    resetBrowserState();
    vi.restoreAllMocks();
  });

  it('show their body to an admin', async () => {
    storeAdminSession();
    const fetchMock = mockRoutes({ 'POST /api/auto-login': adminAutoLogin, 'GET /api/games/pending-games': { body: { data: [] } } });
    await renderPage(page, setup);
    expect((await screen.findByTestId('pending-count')).textContent).toBe('…');
    await screen.findByText('0');
    expect(screen.queryByTestId('not-allowed')).toBeNull();
    expect(routesCalled(fetchMock)).toContain('GET /api/games/pending-games');
  });

  for (const language of ['he', 'en'] as const) {
    it(`tell a logged-in user without the admin role that the page is not for them, and ask the server nothing (${language})`, async () => {
      storeSession();
      const fetchMock = mockRoutes({ 'POST /api/auto-login': autoLoginReply });
      const { t, missing } = await renderPage(page, { ...setup, language });
      const refusal = await screen.findByTestId('not-allowed');
      expect(refusal.textContent).toContain(t('admin.notAllowed.title'));
      expect(refusal.textContent).toContain(t('admin.notAllowed.text'));
      expect(screen.getByRole('link', { name: t('admin.notAllowed.back') }).getAttribute('href')).toBe('/games');
      expect(screen.queryByTestId('pending-count')).toBeNull();
      expect(routesCalled(fetchMock)).toEqual(['POST /api/auto-login']);
      expect(missing).toEqual([]);
    });
  }

  it('send a visitor who is not logged in to the login page, to come back afterwards', async () => {
    const fetchMock = mockRoutes({});
    await renderPage(page, setup);
    expect((await screen.findByTestId('landed')).textContent).toBe('/login?url=/admin-test');
    expect(routesCalled(fetchMock)).toEqual([]);
  });
});
