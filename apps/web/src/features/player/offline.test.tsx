import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { connectLive, type LiveOptions } from './live-socket.ts';
import { readQueue } from './action-queue.ts';
import outboxHe from '../../i18n/player/outbox.he.json';
import { buildGame, buildProgress, CODE, GAME_ID } from './test-fixtures.ts';
import { fakeServer, renderPlayer, resetBrowserState, storePlay } from './test-player.tsx';

vi.mock('./live-socket.ts', () => ({ connectLive: vi.fn(() => () => undefined) }));
vi.mock('../../ui/sounds.ts', () => ({ playSound: vi.fn(), primeSounds: vi.fn() }));
vi.mock('../../ui/map/game-map.tsx', () => ({ default: () => <div data-testid="game-map" /> }));

function answer(text: string) {
  const input = screen.getByTestId('answer-input');
  fireEvent.change(input, { target: { value: text } });
  fireEvent.submit(input.closest('form')!);
}

describe('player: offline and live', () => {
  beforeEach(resetBrowserState);
  afterEach(resetBrowserState);

  it('keeps answers and hints made offline across a reload and sends them in order when the network returns', async () => {
    const server = fakeServer();
    storePlay(server.state.progress, buildGame());
    const first = await renderPlayer();
    const { t } = first;
    fireEvent.click(await screen.findByRole('button', { name: t('player.intro.continue') }));
    await screen.findByTestId('answer-input');

    server.state.down = true;
    fireEvent.click(screen.getByTestId('hint-1'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: t('player.hints.confirmYes') }));
    answer('ביאליק');
    // The screen moves on at once and says it is offline.
    expect(await screen.findByText('A poet')).toBeTruthy();
    expect(screen.getByTestId('answer-input').hasAttribute('readonly')).toBe(true);
    const banner = await screen.findByTestId('offline-banner');
    expect(banner.closest('[role="status"]')).toBeTruthy();
    expect(banner.textContent).toContain(outboxHe.offline);
    // What waits to be sent, in the same status region: the hint and the answer.
    expect(screen.getByTestId('outbox-status').closest('[role="status"]')).toBe(banner.closest('[role="status"]'));
    expect(screen.getByTestId('outbox-status').textContent).toBe('ממתינים לשליחה: 2 עדכונים.');
    expect(readQueue()).toHaveLength(2);

    // A reload while still offline: the kept game and play show the same screen.
    first.unmount();
    const second = await renderPlayer();
    fireEvent.click(await screen.findByRole('button', { name: t('player.intro.continue') }));
    expect(await screen.findByText('A poet')).toBeTruthy();
    expect(screen.getByTestId('answer-input').hasAttribute('readonly')).toBe(true);
    expect(await screen.findByTestId('offline-banner')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: t('player.question.continue') }));
    await waitFor(() => expect(screen.getByTestId('question').getAttribute('data-index')).toBe('1'));
    expect(server.changesSent()).toHaveLength(0);

    server.state.down = false;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(screen.queryByTestId('offline-banner')).toBeNull());
    expect(screen.queryByTestId('outbox-status')).toBeNull();
    expect(server.changesSent()).toEqual([
      { action: 'show-question-hint', gameId: GAME_ID, secretCode: CODE, questionIndex: 0, questionId: 'q1', hintIndex: 0 },
      { action: 'set-question-status', gameId: GAME_ID, secretCode: CODE, questionIndex: 0, questionId: 'q1', questionStatus: 'ANSWERED', answer: 'ביאליק' },
      { action: 'set-question-status', gameId: GAME_ID, secretCode: CODE, questionIndex: 0, questionId: 'q1', questionStatus: 'DONE' },
    ]);
    expect(readQueue()).toEqual([]);
    expect(server.state.progress.questions[0]).toEqual({ status: 'DONE', hints: [{ isOpen: true }, { isOpen: false }] });
    second.unmount();
  });

  it('says so when the server refuses an answer the phone had judged right, and the game shows the server\'s word', async () => {
    const server = fakeServer();
    storePlay(server.state.progress, buildGame());
    const view = await renderPlayer();
    fireEvent.click(await screen.findByRole('button', { name: view.t('player.intro.continue') }));
    await screen.findByTestId('answer-input');

    server.state.down = true;
    answer('ביאליק');
    // Judged right on the phone, queued.
    await waitFor(() => expect(screen.getByTestId('answer-input').hasAttribute('readonly')).toBe(true));
    expect((await screen.findByTestId('outbox-status')).textContent).toBe('ממתינים לשליחה: 1 עדכון.');

    // The network returns; the server does not take the answer (it judges otherwise).
    server.state.override = (call) =>
      call.path === '/api/game-progress' && (call.body as { questionStatus?: string }).questionStatus === 'ANSWERED'
        ? { status: 422, body: { message: 'Wrong answer', code: 'wrong_answer' } }
        : null;
    server.state.down = false;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    const notice = await screen.findByTestId('outbox-refused');
    expect(notice.textContent).toContain(outboxHe.refused_one.replace('{{count}}', '1'));
    expect(notice.closest('[role="status"]')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('outbox-status')).toBeNull());
    expect(readQueue()).toEqual([]);
    // The question is open again, as the server has it.
    await waitFor(() => expect(screen.getByTestId('answer-input').hasAttribute('readonly')).toBe(false));
    // Read: the notice goes.
    fireEvent.click(within(notice).getByRole('button', { name: outboxHe.refusedRead }));
    expect(screen.queryByTestId('outbox-refused')).toBeNull();
    view.unmount();
  });

  it('shows what another phone of the same play did, live', async () => {
    const server = fakeServer();
    storePlay(server.state.progress);
    const { t } = await renderPlayer();
    fireEvent.click(await screen.findByRole('button', { name: t('player.intro.continue') }));
    await screen.findByTestId('answer-input');
    const live = vi.mocked(connectLive).mock.calls.at(-1)?.[0] as LiveOptions;
    expect(live).toMatchObject({ gameId: GAME_ID, secretCode: CODE });
    act(() =>
      live.onProgress(
        buildProgress({
          lastUpdate: '2026-05-01T10:05:00.000Z',
          questions: [
            { status: 'DONE', hints: [{ isOpen: true }, { isOpen: false }] },
            { status: null, hints: [] },
            { status: null, hints: [{ isOpen: false }] },
          ],
        }),
      ),
    );
    await waitFor(() => expect(screen.getByTestId('question').getAttribute('data-index')).toBe('1'));
    // Another play's event changes nothing.
    act(() => live.onProgress(buildProgress({ game_secret: 'OTHERCODE', questions: buildProgress().questions.map((q) => ({ ...q, status: 'DONE' as const })) })));
    expect(screen.getByTestId('question').getAttribute('data-index')).toBe('1');
  });
});
