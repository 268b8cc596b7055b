import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { playSound } from '../../ui/sounds.ts';
import { buildGame, buildProgress, CODE, GAME_ID } from './test-fixtures.ts';
import { fakeServer, renderPlayer, resetBrowserState, storePlay } from './test-player.tsx';

vi.mock('./live-socket.ts', () => ({ connectLive: vi.fn(() => () => undefined) }));
vi.mock('../../ui/sounds.ts', () => ({ playSound: vi.fn(), primeSounds: vi.fn() }));
vi.mock('../../ui/map/game-map.tsx', () => ({
  default: ({ currentIndex }: { currentIndex: number }) => <div data-testid="game-map" data-current={currentIndex} />,
}));

const sounds = vi.mocked(playSound);

/** Opens the player on the questions page of a stored play. */
async function openQuestions(options: Parameters<typeof fakeServer>[0] = {}, language: 'he' | 'en' = 'he') {
  const server = fakeServer(options);
  storePlay(server.state.progress);
  const view = await renderPlayer({ language });
  // The game's language is shown once the game is there: the texts are looked up after.
  await screen.findByTestId('intro-page');
  fireEvent.click(await screen.findByRole('button', { name: view.t('player.intro.continue') }));
  await screen.findByTestId('question');
  return { ...view, server };
}

function answer(text: string) {
  const input = screen.getByTestId('answer-input');
  fireEvent.change(input, { target: { value: text } });
  fireEvent.submit(input.closest('form')!);
}

describe('player: a question', () => {
  beforeEach(() => {
    resetBrowserState();
    sounds.mockClear();
  });
  afterEach(resetBrowserState);

  it('judges the answer from the hashes: wrong sends nothing; right sends ANSWERED with what was typed', async () => {
    const { t, server, missing } = await openQuestions();
    expect(screen.getByText('Who lived in the house?')).toBeTruthy();
    // The text before answering shows until the question is answered.
    expect(screen.getByText('Before: Who lived in the house?')).toBeTruthy();

    answer('Herzl');
    const wrong = await screen.findByTestId('answer-result');
    expect(wrong.getAttribute('aria-label')).toBe(t('player.answer.wrong'));
    expect(sounds).toHaveBeenLastCalledWith('bad');
    expect(server.changesSent()).toEqual([]);

    answer('  BIALIK ');
    await waitFor(() => expect(screen.getByTestId('answer-result').getAttribute('aria-label')).toBe(t('player.answer.right')));
    expect(sounds).toHaveBeenLastCalledWith('good');
    await waitFor(() =>
      expect(server.changesSent()).toEqual([
        { action: 'set-question-status', gameId: GAME_ID, secretCode: CODE, questionIndex: 0, questionId: 'q1', questionStatus: 'ANSWERED', answer: '  BIALIK ' },
      ]),
    );
    expect(screen.getByTestId('answer-input').hasAttribute('readonly')).toBe(true);
    expect(screen.getByText('Well done: Who lived in the house?')).toBeTruthy();
    expect(screen.queryByText('Before: Who lived in the house?')).toBeNull();
    // Enter on a read-only box changes nothing.
    fireEvent.submit(screen.getByTestId('answer-input').closest('form')!);
    expect(server.changesSent()).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: t('player.question.continue') }));
    await waitFor(() => expect(screen.getByTestId('question').getAttribute('data-index')).toBe('1'));
    expect(server.changesSent().at(-1)).toMatchObject({ questionIndex: 0, questionStatus: 'DONE' });
    expect(screen.getByTestId('question-progress').textContent).toBe(t('player.questions.progress', { n: 2, total: 3 }));
    expect(missing).toEqual([]);
  });

  it('opens a hint only after a confirmation, names untitled hints "Hint n", and keeps it open', async () => {
    const { t, server } = await openQuestions({}, 'en');
    const first = screen.getByTestId('hint-1');
    expect(first.textContent).toBe(t('player.hints.untitled', { n: 1 }));
    expect(screen.getByTestId('hint-2').textContent).toBe('Big hint');

    // Cancel: nothing opens, nothing is sent.
    fireEvent.click(first);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(t('player.hints.confirm'))).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: t('player.common.cancel') }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.changesSent()).toEqual([]);
    expect(screen.queryByText('A poet')).toBeNull();

    fireEvent.click(screen.getByTestId('hint-1'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: t('player.hints.confirmYes') }));
    expect(await screen.findByText('A poet')).toBeTruthy();
    expect(screen.getByTestId('hint-1').getAttribute('data-open')).toBe('true');
    await waitFor(() =>
      expect(server.changesSent()).toEqual([{ action: 'show-question-hint', gameId: GAME_ID, secretCode: CODE, questionIndex: 0, questionId: 'q1', hintIndex: 0 }]),
    );
    // An opened hint has no button any more: it cannot be closed.
    expect(within(screen.getByTestId('hint-1')).queryByRole('button')).toBeNull();
  });

  it('skip asks first, shows the answer the server reveals, then continue sends SKIPPED', async () => {
    const { t, server } = await openQuestions();
    fireEvent.click(screen.getByRole('button', { name: t('player.skip.button') }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: t('player.skip.confirmYes') }));
    const solution = await screen.findByTestId('solution');
    await waitFor(() => expect(within(solution).getByText('Bialik')).toBeTruthy());
    expect(within(solution).getByText(t('player.question.solution'), { exact: false })).toBeTruthy();
    expect(screen.queryByTestId('answer-input')).toBeNull();
    expect(server.changesSent()).toEqual([{ action: 'set-question-status', gameId: GAME_ID, secretCode: CODE, questionIndex: 0, questionId: 'q1', questionStatus: 'SOLUTION' }]);
    fireEvent.click(within(solution).getByRole('button', { name: t('player.question.continue') }));
    await waitFor(() => expect(server.changesSent().at(-1)).toMatchObject({ questionIndex: 0, questionStatus: 'SKIPPED' }));
    await waitFor(() => expect(screen.getByTestId('question').getAttribute('data-index')).toBe('1'));
  });

  it('after a skip online, says the answer is on its way (never "once you are back online") until the reply brings it; offline, that it waits for the connection', async () => {
    const { t, server } = await openQuestions({}, 'en');
    const serve = globalThis.fetch;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(init?.body ?? '').includes('"SOLUTION"')) await held;
      return serve(input, init);
    }) as typeof fetch;
    fireEvent.click(screen.getByRole('button', { name: t('player.skip.button') }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: t('player.skip.confirmYes') }));
    const solution = await screen.findByTestId('solution');
    expect(within(solution).getByTestId('solution-loading').textContent).toBe(t('player.question.solutionLoading'));
    expect(within(solution).queryByText(t('player.question.solutionPending'))).toBeNull();
    release();
    await waitFor(() => expect(within(solution).getByText('Bialik')).toBeTruthy());
    expect(within(solution).queryByTestId('solution-loading')).toBeNull();

    // The next question, skipped with no connection: the answer waits for it.
    fireEvent.click(within(solution).getByRole('button', { name: t('player.question.continue') }));
    await waitFor(() => expect(screen.getByTestId('question').getAttribute('data-index')).toBe('1'));
    server.state.down = true;
    window.dispatchEvent(new Event('offline'));
    fireEvent.click(screen.getByRole('button', { name: t('player.skip.button') }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: t('player.skip.confirmYes') }));
    await waitFor(() => expect(within(screen.getByTestId('solution')).getByText(t('player.question.solutionPending'))).toBeTruthy());
    server.state.down = false;
    window.dispatchEvent(new Event('online'));
  });

  it("report a problem: the prefilled or a short text asks for details; a real one is sent", async () => {
    const { t, server } = await openQuestions();
    fireEvent.click(screen.getByRole('button', { name: t('player.report.button') }));
    const dialog = await screen.findByRole('dialog');
    const box = within(dialog).getByTestId('report-message') as HTMLTextAreaElement;
    expect(box.value).toBe(t('player.report.prefill', { n: 1 }));
    fireEvent.click(within(dialog).getByRole('button', { name: t('player.report.send') }));
    expect(await within(dialog).findByText(t('player.report.fillDetails'))).toBeTruthy();
    fireEvent.change(box, { target: { value: ' abc ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: t('player.report.send') }));
    expect(await within(dialog).findByText(t('player.report.fillDetails'))).toBeTruthy();
    expect(server.state.calls.some((c) => c.path === '/api/game/report')).toBe(false);

    fireEvent.change(box, { target: { value: 'The sign is gone ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: t('player.report.send') }));
    expect(await screen.findByText(t('player.report.sent'))).toBeTruthy();
    expect(server.state.calls.find((c) => c.path === '/api/game/report')?.body).toEqual({
      gameId: GAME_ID,
      gameSecret: CODE,
      questionId: 1,
      message: 'The sign is gone',
      // The language the phone shows the game in: this game's own.
      language: 'he',
    });
  });

  it('a map game first sends the player to the area; continue is always there and sends STARTED', async () => {
    const server = fakeServer({ game: buildGame({ metadata: { map: true } }) });
    storePlay(server.state.progress);
    const { t } = await renderPlayer();
    fireEvent.click(await screen.findByRole('button', { name: t('player.intro.continue') }));
    const step = await screen.findByTestId('area-step');
    expect(within(step).getByRole('heading', { name: t('player.area.title', { n: 1 }) })).toBeTruthy();
    expect(await within(step).findByTestId('game-map')).toBeTruthy();
    expect(within(step).getByTestId('area-guide')).toBeTruthy();
    fireEvent.click(within(step).getByRole('button', { name: t('player.area.continue') }));
    expect(await screen.findByTestId('answer-input')).toBeTruthy();
    await waitFor(() => expect(server.changesSent()).toEqual([{ action: 'set-question-status', gameId: GAME_ID, secretCode: CODE, questionIndex: 0, questionId: 'q1', questionStatus: 'STARTED' }]));
  });

  it('shows the live timer since the start', async () => {
    const startTime = new Date(Date.now() - (3600 + 2 * 60 + 5) * 1000).toISOString();
    await openQuestions({ progress: buildProgress({ startTime }) });
    const timer = screen.getByTestId('timer');
    expect(timer.getAttribute('role')).toBe('timer');
    expect(timer.textContent).toMatch(/^1:02:0[5-7]$/);
  });
});
