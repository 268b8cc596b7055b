import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import type { GameReply } from '@streethunt/shared';
import { STORE_KEYS } from '../player-store.ts';
import { buildGame, buildProgress, CODE, GAME_ID } from '../test-fixtures.ts';
import { fakeServer, renderPlayer, resetBrowserState } from '../test-player.tsx';
import { keptPut } from '../offline/kept-play.ts';

vi.mock('../live-socket.ts', () => ({ connectLive: vi.fn(() => () => undefined) }));
vi.mock('../../../ui/sounds.ts', () => ({ playSound: vi.fn(), primeSounds: vi.fn() }));
vi.mock('../../../ui/map/game-map.tsx', () => ({ default: () => <div data-testid="game-map" /> }));

const LAZY = { timeout: 5000 };

/** The game as a trial code reads it: question `index` locked (no content, answer or hints). */
function withLocked(game: GameReply, index: number): GameReply {
  const questions = (game.questions ?? []).map((question, i) =>
    i === index ? { ...question, locked: true as const, content: '', hints: [], answer: { salt: '', hashes: [], content: '', contentAfterAnswer: '' } } : question,
  );
  return { ...game, questions };
}

/** A trial of 2 free questions whose first is done; the server's game reply locks the second, then (read again) not. */
function trialServer(lockedReplies: number) {
  const open = buildGame({ metadata: { price: '45', freeQuestions: 2 } });
  const server = fakeServer({ game: open, progress: buildProgress({ questions: [{ status: 'DONE', hints: [{ isOpen: false }, { isOpen: false }] }, { status: null, hints: [] }, { status: null, hints: [{ isOpen: false }] }] }) });
  let reads = 0;
  server.state.override = (call) => {
    if (call.method === 'POST' && call.path === `/api/payment/get-url/${GAME_ID}`) return { status: 200, body: { data: { URL: '#sandbox-pay' } } };
    if (call.method !== 'GET' || !call.path.startsWith(`/api/games/${GAME_ID}`) || !call.headers['x-game-secret']) return null;
    reads += 1;
    return reads <= lockedReplies ? { status: 200, body: withLocked(open, 1) } : null;
  };
  return server;
}

describe('player: a trial at a question it does not open', () => {
  beforeEach(resetBrowserState);
  afterEach(resetBrowserState);

  it('reads the game again, and plays on when the question opened meanwhile (the next free one)', async () => {
    trialServer(1);
    keptPut(STORE_KEYS.active, { game_id: GAME_ID, game_secret: CODE });
    const { router } = await renderPlayer({ url: '/games', language: 'en' });
    await act(() => router.navigate(`/game/${GAME_ID}`, { state: { page: 'questions' } }));
    const question = await screen.findByTestId('question', {}, LAZY);
    expect(question.getAttribute('data-index')).toBe('1');
    expect(screen.queryByTestId('trial-locked')).toBeNull();
  });

  it('still locked: what the team did, the price, and the purchase in place with the trial’s code', async () => {
    const server = trialServer(Infinity);
    keptPut(STORE_KEYS.active, { game_id: GAME_ID, game_secret: CODE });
    const { t, router, missing } = await renderPlayer({ url: '/games', language: 'en' });
    await act(() => router.navigate(`/game/${GAME_ID}`, { state: { page: 'questions' } }));
    const locked = await screen.findByTestId('trial-locked', {}, LAZY);
    expect(within(locked).getByText(t('purchases:locked.title'))).toBeTruthy();
    expect(within(locked).getByTestId('summary-answered').textContent).toBe('1');
    expect(within(locked).getByTestId('trial-price').textContent).toBe('₪45');
    fireEvent.click(within(locked).getByRole('button', { name: t('purchases:locked.buy') }));
    const form = await screen.findByTestId('purchase-form');
    fireEvent.change(within(form).getByLabelText(new RegExp(t('player.purchase.fullName'))), { target: { value: 'Noa Tester' } });
    fireEvent.change(within(form).getByLabelText(new RegExp(t('player.purchase.email'))), { target: { value: 'noa@example.com' } });
    fireEvent.change(within(form).getByLabelText(new RegExp(t('player.purchase.phone'))), { target: { value: '0501234567' } });
    fireEvent.click(within(form).getByRole('button', { name: t('player.purchase.toPayment') }));
    await vi.waitFor(() => expect(server.state.calls.some((c) => c.path === `/api/payment/get-url/${GAME_ID}`)).toBe(true));
    expect(server.state.calls.find((c) => c.path === `/api/payment/get-url/${GAME_ID}`)?.body).toMatchObject({ trialCode: CODE, fullName: 'Noa Tester' });
    expect(missing).toEqual([]);
  });
});
