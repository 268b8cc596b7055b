import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { buildGame, CODE, GAME_ID } from './test-fixtures.ts';
import { fakeServer, renderPlayer, resetBrowserState, storePlay } from './test-player.tsx';

vi.mock('./live-socket.ts', () => ({ connectLive: vi.fn(() => () => undefined) }));
vi.mock('../../ui/sounds.ts', () => ({ playSound: vi.fn(), primeSounds: vi.fn() }));
vi.mock('../../ui/map/game-map.tsx', () => ({ default: () => <div data-testid="game-map" /> }));

async function openFreeGame(language: 'he' | 'en') {
  const game = buildGame({ metadata: { order: 'free' } });
  const server = fakeServer({ game });
  storePlay(server.state.progress, game);
  const view = await renderPlayer({ language });
  fireEvent.click(await screen.findByRole('button', { name: view.t('player.intro.continue') }));
  await screen.findByTestId('question-chooser');
  return { ...view, server };
}

const rows = () => screen.getAllByTestId('choose-question');
const answer = (text: string) => {
  const input = screen.getByTestId('answer-input');
  fireEvent.change(input, { target: { value: text } });
  fireEvent.submit(input.closest('form')!);
};

describe('player: a game in any order', () => {
  beforeEach(resetBrowserState);
  afterEach(resetBrowserState);

  it.each(['en', 'he'] as const)('lists the questions to choose from (%s), suggests one, and goes back to the list after each', async (language) => {
    const { t, server, missing } = await openFreeGame(language);
    expect(rows().map((row) => row.getAttribute('data-state'))).toEqual(['open', 'open', 'open']);
    // No position (a game without a map): the first open question is suggested, not called nearest.
    expect(within(rows()[0]!).getByTestId('suggested').textContent).toBe(t('player.freeOrder.suggested'));
    expect(screen.getByTestId('question-progress').textContent).toBe(t('player.freeOrder.done', { n: 0, total: 3 }));

    // The third question first; back to the list before answering changes nothing.
    fireEvent.click(rows()[2]!);
    expect(screen.getByTestId('question').getAttribute('data-index')).toBe('2');
    fireEvent.click(screen.getByTestId('to-question-list'));
    fireEvent.click((await screen.findAllByTestId('choose-question'))[2]!);
    answer('Rothschild');
    await waitFor(() => expect(screen.getByTestId('after-answer')).toBeTruthy());
    // Answered and not yet continued: it stays the question shown, with no way back to the list.
    expect(screen.queryByTestId('to-question-list')).toBeNull();
    fireEvent.click(screen.getByTestId('question-continue'));
    await screen.findByTestId('question-chooser');
    expect(rows().map((row) => row.getAttribute('data-state'))).toEqual(['open', 'open', 'answered']);
    expect((rows()[2] as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('question-progress').textContent).toBe(t('player.freeOrder.done', { n: 1, total: 3 }));
    await waitFor(() =>
      expect(server.changesSent()).toEqual([
        { action: 'set-question-status', gameId: GAME_ID, secretCode: CODE, questionIndex: 2, questionId: 'q3', questionStatus: 'ANSWERED', answer: 'Rothschild' },
        { action: 'set-question-status', gameId: GAME_ID, secretCode: CODE, questionIndex: 2, questionId: 'q3', questionStatus: 'DONE' },
      ]),
    );
    expect(missing).toEqual([]);
  });
});
