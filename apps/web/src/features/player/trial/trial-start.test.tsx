import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { buildGame, buildProgress, CODE, GAME_ID } from '../test-fixtures.ts';
import { fakeServer, renderPlayer, resetBrowserState } from '../test-player.tsx';

vi.mock('../live-socket.ts', () => ({ connectLive: vi.fn(() => () => undefined) }));
vi.mock('../../../ui/sounds.ts', () => ({ playSound: vi.fn(), primeSounds: vi.fn() }));
vi.mock('../../../ui/map/game-map.tsx', () => ({ default: () => <div data-testid="game-map" /> }));

/** A paid game whose first `free` questions may be tried; POST /api/trials answers `trial`. */
function trialServer(free: number, trial: { status: number; body: unknown }) {
  const server = fakeServer({ game: buildGame({ metadata: { price: '45', freeQuestions: free } }), progress: buildProgress({ startTime: '2026-05-01T10:00:00.000Z' }) });
  server.state.override = (call) => (call.method === 'POST' && call.path === '/api/trials' ? trial : null);
  return server;
}

const trialCalls = (server: ReturnType<typeof fakeServer>) => server.state.calls.filter((c) => c.path === '/api/trials');

describe('player: trying a paid game before buying it', () => {
  beforeEach(resetBrowserState);
  afterEach(resetBrowserState);

  it.each(['he', 'en'] as const)('the intro offers the free stops; the tap asks for a trial for this phone and plays its code (%s)', async (language) => {
    const server = trialServer(2, { status: 200, body: { data: { code: CODE } } });
    const { t, missing } = await renderPlayer({ language });
    const intro = await screen.findByTestId('intro-page');
    const tryIt = within(intro).getByRole('button', { name: t('player.intro.tryFree', { count: 2 }) });
    fireEvent.click(tryIt);
    await waitFor(() => expect(server.state.calls.some((c) => c.body?.action === 'set-start-time' && c.body.secretCode === CODE)).toBe(true));
    const [call] = trialCalls(server);
    expect(call?.body).toMatchObject({ gameId: GAME_ID });
    // The phone's own id, kept for its next visit.
    expect(String(call?.body?.deviceId)).toBe(localStorage.getItem('deviceId'));
    expect(String(call?.body?.deviceId).length).toBeGreaterThanOrEqual(8);
    expect(missing).toEqual([]);
  });

  it('no trial on a game that offers none, or a free one', async () => {
    trialServer(0, { status: 409, body: { message: 'no trial', code: 'no_trial' } });
    const { t } = await renderPlayer({ language: 'en' });
    const intro = await screen.findByTestId('intro-page');
    expect(within(intro).queryByTestId('trial-start')).toBeNull();
    expect(within(intro).getByRole('button', { name: t('player.intro.letsPlay') })).toBeTruthy();
  });

  it.each([
    ['trial_used', 409, 'purchases:trial.used'],
    ['no_trial', 409, 'purchases:trial.unavailable'],
  ] as const)('a refusal (%s) says why, starts nothing, and leaves buying one tap away', async (code, status, key) => {
    const server = trialServer(1, { status, body: { message: 'refused', code } });
    const { t } = await renderPlayer({ language: 'en' });
    const intro = await screen.findByTestId('intro-page');
    fireEvent.click(within(intro).getByRole('button', { name: t('player.intro.tryFree', { count: 1 }) }));
    expect((await screen.findByTestId('trial-refused')).textContent).toBe(t(key));
    expect(server.state.calls.filter((c) => c.body?.action === 'set-start-time')).toHaveLength(0);
    expect(within(intro).getByRole('button', { name: t('player.intro.letsPlay') })).toBeTruthy();
  });

  it('offline: says so and keeps nothing', async () => {
    const server = trialServer(1, { status: 200, body: { data: { code: CODE } } });
    const { t } = await renderPlayer({ language: 'en' });
    const intro = await screen.findByTestId('intro-page');
    server.state.down = true;
    fireEvent.click(within(intro).getByRole('button', { name: t('player.intro.tryFree', { count: 1 }) }));
    expect((await screen.findByTestId('free-start-error')).getAttribute('data-reason')).toBe('network');
  });
});
