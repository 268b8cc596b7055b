import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { GameReply } from '@streethunt/shared';
import { buildGame } from './test-fixtures.ts';
import { fakeServer, renderPlayer, resetBrowserState, storePlay } from './test-player.tsx';

vi.mock('./live-socket.ts', () => ({ connectLive: vi.fn(() => () => undefined) }));
vi.mock('../../ui/sounds.ts', () => ({ playSound: vi.fn(), primeSounds: vi.fn() }));
vi.mock('../../ui/map/game-map.tsx', () => ({ default: () => <div data-testid="game-map" /> }));

/** The game as an event team's phone gets it: every answer judged by the server, the text after the first one sealed. */
function sealedGame(full: GameReply): GameReply {
  const [first, ...rest] = full.questions!;
  return { ...full, questions: [{ ...first!, answer: { ...first!.answer, hashes: [], askServer: true, contentAfterAnswer: '', contentAfterAnswerSealed: true } }, ...rest] };
}

async function openFirstQuestion(game: GameReply, language: 'he' | 'en' = 'en') {
  const server = fakeServer({ game });
  storePlay(server.state.progress);
  const view = await renderPlayer({ language });
  fireEvent.click(await screen.findByRole('button', { name: view.t('player.intro.continue') }));
  await screen.findByTestId('question');
  return { ...view, server };
}

function answer(text: string) {
  const input = screen.getByTestId('answer-input');
  fireEvent.change(input, { target: { value: text } });
  fireEvent.submit(input.closest('form')!);
}

describe('player: an event team’s answers, judged by the server', () => {
  beforeEach(resetBrowserState);
  afterEach(resetBrowserState);

  it('reads the text after the answer from the server once the answer is accepted', async () => {
    const full = buildGame();
    const { t, server, missing } = await openFirstQuestion(sealedGame(full));
    const after = full.questions![0]!.answer.contentAfterAnswer.replace(/<[^>]+>/g, '');
    expect(screen.queryByText(after)).toBeNull();
    // The server now has the answer: its game reply carries the text.
    server.state.game = full;
    answer('Bialik');
    expect(await screen.findByText(after)).toBeTruthy();
    expect(screen.queryByTestId('after-answer-loading')).toBeNull();
    expect(screen.getByRole('button', { name: t('player.question.continue') })).toBeTruthy();
    expect(missing).toEqual([]);
  });

  it('says a disqualified team’s answer was not counted, not that it was wrong', async () => {
    const { t, server, missing } = await openFirstQuestion(sealedGame(buildGame()), 'he');
    server.state.override = (call) =>
      call.path === '/api/game-progress' && call.body?.action === 'set-question-status' ? { status: 403, body: { message: 'This team was disqualified by the organiser', code: 'team_disqualified' } } : null;
    answer('Bialik');
    const alert = await screen.findByTestId('answer-not-counted');
    expect(alert.textContent).toBe(t('player.answer.notCounted.out'));
    expect(screen.queryByText(t('player.answer.wrong'))).toBeNull();
    expect(screen.queryByTestId('answer-result')).toBeNull();

    server.state.override = (call) =>
      call.path === '/api/game-progress' && call.body?.action === 'set-question-status' ? { status: 409, body: { message: 'The event has ended', code: 'conflict' } } : null;
    answer('Bialik');
    await waitFor(() => expect(screen.getByTestId('answer-not-counted').getAttribute('data-reason')).toBe('over'));
    expect(missing).toEqual([]);
  });
});
