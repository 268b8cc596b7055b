import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { Component as LogoutPage } from './logout-page.tsx';
import { autoLoginReply, freshBrowserEachTest, mockRoutes, renderPage, storeSession } from '../../test/render-page.tsx';
import { testQueryClient } from '../../test/render-ui.tsx';

describe('logout page', () => {
  freshBrowserEachTest(null);

  it('ends the session, says so and goes to the login page', async () => {
    storeSession();
    mockRoutes({ 'POST /api/auto-login': autoLoginReply });
    const queryClient = testQueryClient();
    queryClient.setQueryData(['account', 'profile', 'u1'], { secret: true });
    const { t, router, missing } = await renderPage(<LogoutPage />, { path: '/logout', url: '/logout', queryClient });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('session')).toBeNull();
    expect(await screen.findByText(t('account.logout.done'))).toBeTruthy();
    expect(queryClient.getQueryData(['account', 'profile', 'u1'])).toBeUndefined();
    expect(missing).toEqual([]);
  });
});
