import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { readSession } from './token-store.ts';
import { SessionProvider, useSession } from './session.tsx';
import { mockRoutes, routesCalled, type RouteReply } from '../test/fetch-routes.ts';

const SESSION = { accessToken: 'token-1', role: 'user', userId: 'u1', isSelfPayment: false };

function Status() {
  const { status } = useSession();
  return <p data-testid="status">{status}</p>;
}

async function startWith(reply: RouteReply) {
  localStorage.setItem('session', JSON.stringify(SESSION));
  const fetchMock = mockRoutes({ 'POST /api/auto-login': reply });
  render(
    <SessionProvider>
      <Status />
    </SessionProvider>,
  );
  await waitFor(() => expect(fetchMock).toHaveBeenCalled());
  await waitFor(() => expect(screen.getByTestId('status').textContent).not.toBe('checking'));
  return screen.getByTestId('status').textContent;
}

describe('the session at start (auto-login)', () => {
  afterEach(() => localStorage.clear());

  it('ends when the server refuses the token', async () => {
    expect(await startWith({ status: 401, body: { message: 'Please log in', code: 'unauthorized' } })).toBe('out');
    expect(readSession()).toBeNull();
  });

  it.each([
    ['too many auto-logins (429)', { status: 429, body: { message: 'Too many requests', code: 'rate_limited' } }],
    ['a failing server (503)', { status: 503, body: { message: 'unavailable', code: 'unavailable' } }],
    ['no network', { networkError: true }],
  ] as const)('stays on %s: nothing says the token is bad', async (_name, reply) => {
    expect(await startWith(reply)).toBe('in');
    expect(readSession()).toEqual(SESSION);
  });

  it('after a 429 asks again when Retry-After says, and the renewed session is kept', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const renewed = { accessToken: 'token-2', data: { role: 'user', userId: 'u1', isSelfPayment: false } };
      localStorage.setItem('session', JSON.stringify(SESSION));
      const fetchMock = mockRoutes({
        'POST /api/auto-login': [{ status: 429, body: { message: 'Too many requests', code: 'rate_limited' }, headers: { 'retry-after': '5' } }, { body: renewed }],
      });
      render(
        <SessionProvider>
          <Status />
        </SessionProvider>,
      );
      await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('in'));
      expect(routesCalled(fetchMock)).toEqual(['POST /api/auto-login']);
      await vi.advanceTimersByTimeAsync(4_000);
      expect(routesCalled(fetchMock)).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1_500);
      await waitFor(() => expect(readSession()?.accessToken).toBe('token-2'));
      expect(routesCalled(fetchMock)).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
