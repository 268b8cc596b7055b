import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { judgeAnswer, phoneAnswerOf, replyAnswerOf, type Answer } from '@streethunt/shared';
import { readQueue } from './action-queue.ts';
import { keptGet } from './offline/kept-play.ts';
import { buildGame, buildProgress, CODE, GAME_ID } from './test-fixtures.ts';
import { fakeServer, renderPlayer, resetBrowserState, storePlay } from './test-player.tsx';

vi.mock('./live-socket.ts', () => ({ connectLive: vi.fn(() => () => undefined) }));
vi.mock('../../ui/sounds.ts', () => ({ playSound: vi.fn(), primeSounds: vi.fn() }));
vi.mock('../../ui/map/game-map.tsx', () => ({ default: () => <div data-testid="game-map" /> }));

const texts = { content: '<p>Before answering</p>', contentAfterAnswer: '<p>After the answer</p>' };
const SALT = 'kinds-salt';

/**
 * A game whose only question has this answer, and a server that judges as the real one does (the
 * shared judge: 422 for a wrong answer, 400 for one of another kind).
 */
async function openWith(answer: Answer, language: 'he' | 'en' = 'en', scoring?: { wrongAttemptPenalty: number; timePenalty: boolean }) {
  const game = buildGame({
    ...(scoring && { metadata: { scoring } }),
    questionCount: 1,
    questions: [{ id: 'q1', content: '<p>The question</p>', hints: [], answer: replyAnswerOf(answer, SALT, phoneAnswerOf(answer, SALT), false) }],
  });
  const server = fakeServer({ game, progress: buildProgress({ questions: [{ status: null, hints: [] }] }), solutions: ['shown'] });
  server.state.override = (call) => {
    const body = call.body as { action?: string; questionStatus?: string; answer?: string } | undefined;
    if (body?.action !== 'set-question-status' || body.questionStatus !== 'ANSWERED') return null;
    const verdict = judgeAnswer(answer, body.answer);
    if (verdict === 'right') return null;
    return verdict === 'wrong' ? { status: 422, body: { message: 'That is not the answer', code: 'wrong_answer' } } : { status: 400, body: { message: 'no', code: 'bad_answer' } };
  };
  storePlay(server.state.progress, game);
  const view = await renderPlayer({ language });
  fireEvent.click(await screen.findByRole('button', { name: view.t('player.intro.continue') }));
  await screen.findByTestId('question');
  return { ...view, server };
}

const type = (text: string) => {
  const input = screen.getByTestId('answer-input');
  fireEvent.change(input, { target: { value: text } });
  fireEvent.submit(input.closest('form')!);
};
const resultLabel = () => screen.queryByTestId('answer-result')?.getAttribute('aria-label');
const answered = (sent?: string) => ({
  action: 'set-question-status',
  gameId: GAME_ID,
  secretCode: CODE,
  questionIndex: 0,
  questionId: 'q1',
  questionStatus: 'ANSWERED',
  ...(sent !== undefined && { answer: sent }),
});

describe('player: every answer kind', () => {
  beforeEach(resetBrowserState);
  afterEach(resetBrowserState);

  it.each(['en', 'he'] as const)('number (%s): typed in any common form, judged on the phone within the tolerance', async (language) => {
    const { t, server } = await openWith({ kind: 'number', value: 120, tolerance: 5, ...texts }, language);
    // Skip is offered on every kind the player answers.
    expect(screen.getByRole('button', { name: t('player.skip.button') })).toBeTruthy();
    expect(screen.getByLabelText(t('player.answer.numberLabel')).getAttribute('inputmode')).toBe('decimal');
    type('126');
    await waitFor(() => expect(resultLabel()).toBe(t('player.answer.wrong')));
    expect(server.changesSent()).toEqual([]);
    type('١١٨ m');
    await waitFor(() => expect(resultLabel()).toBe(t('player.answer.right')));
    await waitFor(() => expect(server.changesSent()).toEqual([answered('١١٨ m')]));
    expect(await screen.findByText('After the answer')).toBeTruthy();
  });

  it.each(['en', 'he'] as const)('choice (%s): the player picks one option; its id is sent, never a text', async (language) => {
    const choice: Answer = {
      kind: 'choice',
      options: [
        { id: 'oa', text: '1878', correct: false },
        { id: 'ob', text: '1909', correct: true },
        { id: 'oc', text: '1948', correct: false },
      ],
      ...texts,
    };
    const { t, server } = await openWith(choice, language);
    const group = screen.getByTestId('answer-options');
    expect(screen.getAllByTestId('answer-option')).toHaveLength(3);
    fireEvent.submit(screen.getByTestId('answer-form'));
    expect(await screen.findByText(t('player.answer.pickFirst'))).toBeTruthy();
    fireEvent.click(within(group).getByRole('radio', { name: '1878' }));
    fireEvent.submit(screen.getByTestId('answer-form'));
    await waitFor(() => expect(resultLabel()).toBe(t('player.answer.wrong')));
    fireEvent.click(within(group).getByRole('radio', { name: '1909' }));
    fireEvent.submit(screen.getByTestId('answer-form'));
    await waitFor(() => expect(server.changesSent()).toEqual([answered('ob')]));
    expect(resultLabel()).toBe(t('player.answer.right'));
  });

  it('information stop: no answer box and no skip; continue completes it', async () => {
    const { t, server } = await openWith({ kind: 'none', content: '', contentAfterAnswer: '' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(t('player.question.infoStop', { n: 1 }));
    expect(screen.queryByTestId('answer-input')).toBeNull();
    expect(screen.queryByRole('button', { name: t('player.skip.button') })).toBeNull();
    fireEvent.click(screen.getByTestId('question-arrived'));
    await waitFor(() =>
      expect(server.changesSent()).toEqual([answered(), { action: 'set-question-status', gameId: GAME_ID, secretCode: CODE, questionIndex: 0, questionId: 'q1', questionStatus: 'DONE' }]),
    );
  });

  it('lenient text: an exact answer is judged on the phone; a typo is asked of the server, which says', async () => {
    const { t, server } = await openWith({ kind: 'text', value: 'Rothschild', lenient: true, ...texts });
    type('Rodshild');
    await waitFor(() => expect(resultLabel()).toBe(t('player.answer.wrong')));
    expect(server.changesSent()).toEqual([answered('Rodshild')]);
    type('Rothshild');
    await waitFor(() => expect(resultLabel()).toBe(t('player.answer.right')));
    expect(server.changesSent()).toEqual([answered('Rodshild'), answered('Rothshild')]);
    expect(await screen.findByText('After the answer')).toBeTruthy();
  });

  it('lenient text offline: the typo is kept, the player is told it will be checked, and it is sent once back online', async () => {
    const { t, server } = await openWith({ kind: 'text', value: 'Rothschild', lenient: true, ...texts });
    server.state.down = true;
    act(() => void window.dispatchEvent(new Event('offline')));
    type('Rothshild');
    expect((await screen.findByTestId('answer-queued')).textContent).toBe(t('player.answer.queued'));
    expect(readQueue()).toHaveLength(1);
    // Shown as answered meanwhile, without claiming it was right.
    expect(await screen.findByText('After the answer')).toBeTruthy();
    expect(resultLabel()).toBeUndefined();

    server.state.down = false;
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(server.changesSent()).toEqual([answered('Rothshild')]));
    expect(server.state.progress.questions[0]?.status).toBe('ANSWERED');
  });

  it('too many wrong tries (the server’s 429): the phone says to wait, keeps nothing to send later, and takes an answer again after', async () => {
    const { t, server } = await openWith({ kind: 'text', value: 'Rothschild', lenient: true, ...texts });
    const judge = server.state.override;
    let limited = true;
    server.state.override = (call) =>
      limited && call.body?.action === 'set-question-status' ? { status: 429, body: { message: 'Too many wrong tries at this question: wait 40 seconds', code: 'too_many_guesses' } } : (judge?.(call) ?? null);
    type('Rothshild');
    expect((await screen.findByTestId('answer-wait')).textContent).toBe(t('player.answer.wait'));
    expect(screen.queryByTestId('answer-queued')).toBeNull();
    expect(resultLabel()).toBeUndefined();
    expect(readQueue()).toEqual([]);
    expect(screen.queryByText('After the answer')).toBeNull();

    limited = false;
    type('Rothshild');
    await waitFor(() => expect(resultLabel()).toBe(t('player.answer.right')));
    expect(screen.queryByTestId('answer-wait')).toBeNull();
  });

  it('any other 429 (the route’s limit on calls): the answer is queued, not dropped, and sent once the server takes it', async () => {
    const { t, server } = await openWith({ kind: 'text', value: 'Rothschild', lenient: true, ...texts });
    const judge = server.state.override;
    let limited = true;
    server.state.override = (call) =>
      limited && call.body?.action === 'set-question-status' ? { status: 429, body: { message: 'Too many requests, please try again later', code: 'rate_limited' } } : (judge?.(call) ?? null);
    type('Rothshild');
    expect((await screen.findByTestId('answer-queued')).textContent).toBe(t('player.answer.queued'));
    expect(screen.queryByTestId('answer-wait')).toBeNull();
    expect(readQueue()).toHaveLength(1);

    limited = false;
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(server.state.progress.questions[0]?.status).toBe('ANSWERED'));
    expect(readQueue()).toEqual([]);
  });

  it('in a game that takes points off for wrong attempts, the answer carries the wrong attempts, kept across a reload', async () => {
    const number: Answer = { kind: 'number', value: 1948, tolerance: 0, ...texts };
    const first = await openWith(number, 'en', { wrongAttemptPenalty: 5, timePenalty: false });
    type('1947');
    await waitFor(() => expect(resultLabel()).toBe(first.t('player.answer.wrong')));
    first.unmount();
    const { t, server } = await (async () => {
      const view = await renderPlayer({ language: 'en' });
      fireEvent.click(await screen.findByRole('button', { name: view.t('player.intro.continue') }));
      await screen.findByTestId('question');
      return { ...view, server: first.server };
    })();
    type('1949');
    await waitFor(() => expect(resultLabel()).toBe(t('player.answer.wrong')));
    type('1948');
    await waitFor(() => expect(server.changesSent()).toEqual([{ ...answered('1948'), wrongAttempts: 2 }]));
    expect(keptGet('player.wrong-tries')).toBeNull();
  });
});
