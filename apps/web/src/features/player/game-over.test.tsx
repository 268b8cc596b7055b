import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { computeScore, playSummary } from '@streethunt/shared';
import { buildGame, buildProgress, CODE, GAME_ID } from './test-fixtures.ts';
import { fakeServer, renderPlayer, resetBrowserState, storePlay } from './test-player.tsx';

vi.mock('./live-socket.ts', () => ({ connectLive: vi.fn(() => () => undefined) }));
vi.mock('../../ui/sounds.ts', () => ({ playSound: vi.fn(), primeSounds: vi.fn() }));
vi.mock('../../ui/map/game-map.tsx', () => ({ default: () => <div data-testid="game-map" /> }));

const finished = (endTime: string | null) =>
  buildProgress({
    startTime: '2026-05-01T10:00:00.000Z',
    endTime,
    lastUpdate: '2026-05-01T10:00:00.000Z',
    questions: [
      { status: 'DONE', hints: [{ isOpen: true }, { isOpen: true }] },
      { status: 'SKIPPED', hints: [], solution: '1909' },
      { status: 'DONE', hints: [{ isOpen: false }] },
    ],
  });

async function openGameOver(options: Parameters<typeof fakeServer>[0]) {
  const server = fakeServer(options);
  storePlay(server.state.progress);
  const view = await renderPlayer();
  fireEvent.click(await screen.findByRole('button', { name: view.t('player.intro.continue') }));
  await screen.findByTestId('game-over');
  return { ...view, server };
}

describe('player: game over', () => {
  beforeEach(resetBrowserState);
  afterEach(resetBrowserState);

  it('sets the end time once, then shows the summary with the shared score, feedback and the custom content', async () => {
    const { t, server, missing } = await openGameOver({ progress: finished(null) });
    expect(screen.getByRole('heading', { name: t('player.gameOver.title') })).toBeTruthy();
    await waitFor(() => expect(server.changesSent()).toEqual([{ action: 'set-end-time', gameId: GAME_ID, secretCode: CODE }]));
    const ended = server.state.progress;
    expect(ended.endTime).not.toBeNull();
    await waitFor(() => expect(screen.getByTestId('summary-score').textContent).toBe(String(computeScore(ended, new Date(ended.endTime!)))));
    const summary = playSummary(ended);
    expect(screen.getByTestId('summary-answered').textContent).toBe(String(summary.answered));
    expect(screen.getByTestId('summary-skipped').textContent).toBe(String(summary.skipped));
    expect(screen.getByTestId('summary-hints').textContent).toBe('2');
    expect(screen.getByText('See you next time')).toBeTruthy();
    // The feedback widget of the play.
    expect(screen.getByText(t('feedback.general'))).toBeTruthy();
    // Nothing more is sent, however often the page renders.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(server.changesSent()).toHaveLength(1);
    expect(missing).toEqual([]);
  });

  it('shows elapsed time h:mm:ss and the score of a finished play', async () => {
    const progress = finished('2026-05-01T11:23:45.000Z');
    await openGameOver({ progress });
    expect(screen.getByTestId('summary-time').textContent).toBe('1:23:45');
    // 2 DONE, 2 hints, 83 minutes: 200 - 20 - 83.
    expect(screen.getByTestId('summary-score').textContent).toBe(String(computeScore(progress)));
    expect(computeScore(progress)).toBe(97);
  });

  it("follows the spec's order: summary, the rating, the creator's closing content, then links to all games and this creator's games", async () => {
    const { t } = await openGameOver({ progress: finished('2026-05-01T11:00:00.000Z') });
    const over = screen.getByTestId('game-over');
    const content = within(over).getByTestId('rich-content');
    const widget = within(over).getByTestId('feedback-widget');
    const next = within(over).getByTestId('game-over-next');
    const summary = within(over).getByTestId('summary-score');
    expect(summary.compareDocumentPosition(widget) & Node.DOCUMENT_POSITION_FOLLOWING, 'the summary, then the rating').toBeTruthy();
    expect(widget.compareDocumentPosition(content) & Node.DOCUMENT_POSITION_FOLLOWING, 'the rating, then the content').toBeTruthy();
    expect(content.compareDocumentPosition(next) & Node.DOCUMENT_POSITION_FOLLOWING, 'the content, then the way on').toBeTruthy();
    expect(over.lastElementChild).toBe(next);
    expect(within(next).getByRole('link', { name: t('player.gameOver.allGames') }).getAttribute('href')).toBe('/games');
    expect(within(next).getByRole('link', { name: t('player.gameOver.creatorGames') }).getAttribute('href')).toBe('/games?user=owner-1');
  });

  it('hides the summary when the game says so', async () => {
    await openGameOver({ game: buildGame({ gameoverPage: { content: '<p>Bye</p>', hideGameSummary: true } }), progress: finished('2026-05-01T11:00:00.000Z') });
    expect(screen.queryByTestId('summary')).toBeNull();
    expect(screen.getByText('Bye')).toBeTruthy();
  });
});
