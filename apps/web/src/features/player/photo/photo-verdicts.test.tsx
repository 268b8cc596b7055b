import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { computeScore, phoneAnswerOf, replyAnswerOf, type Answer, type Progress } from '@streethunt/shared';
import { connectLive, type LiveOptions } from '../live-socket.ts';
import { buildGame, buildProgress } from '../test-fixtures.ts';
import { fakeServer, renderPlayer, resetBrowserState, storePlay } from '../test-player.tsx';

vi.mock('../live-socket.ts', () => ({ connectLive: vi.fn(() => () => undefined) }));
vi.mock('../../../ui/sounds.ts', () => ({ playSound: vi.fn(), primeSounds: vi.fn() }));
vi.mock('../../../ui/map/game-map.tsx', () => ({ default: () => <div data-testid="game-map" /> }));

const LAZY = { timeout: 5000 };
const photoAnswer: Answer = { kind: 'photo', judging: 'later', content: '', contentAfterAnswer: '' };
const textAnswer: Answer = { kind: 'text', value: 'Bialik', content: '', contentAfterAnswer: '' };

/** A team on question 2: its photo for question 1 went to the judge and it moved on. */
async function openSecondQuestion() {
  const game = buildGame({
    questionCount: 2,
    questions: [
      { id: 'q1', content: '<p>Photo at the hall</p>', hints: [], answer: replyAnswerOf(photoAnswer, 's', phoneAnswerOf(photoAnswer, 's'), false) },
      { id: 'q2', content: '<p>Which street?</p>', hints: [], answer: replyAnswerOf(textAnswer, 's', phoneAnswerOf(textAnswer, 's'), false) },
    ],
  });
  const progress = buildProgress({ questions: [{ status: 'DONE', hints: [], photo: { status: 'pending' } }, { status: 'STARTED', hints: [] }] });
  const server = fakeServer({ game, progress });
  const uploads: FormData[] = [];
  const jsonFetch = server.fetchMock;
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    if (!(init?.body instanceof FormData)) return jsonFetch(input, init);
    uploads.push(init.body);
    server.state.progress = judge(server.state.progress, { status: 'pending' });
    return new Response(JSON.stringify(server.state.progress), { status: 200, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  server.state.override = (call) => (call.path === '/api/play-photos/mine' ? { status: 200, body: { data: [] } } : null);
  storePlay(server.state.progress, game);
  const view = await renderPlayer({ language: 'en' });
  fireEvent.click(await screen.findByRole('button', { name: view.t('player.intro.continue') }));
  await screen.findByTestId('answer-input', {}, LAZY);
  const live = vi.mocked(connectLive).mock.calls.at(-1)?.[0] as LiveOptions;
  return { ...view, server, uploads, live };
}

let tick = 0;
function judge(progress: Progress, photo: NonNullable<Progress['questions'][number]['photo']>): Progress {
  tick += 1;
  return { ...progress, lastUpdate: new Date(Date.parse('2026-05-01T11:00:00.000Z') + tick * 1000).toISOString(), questions: [{ ...progress.questions[0], photo }, progress.questions[1]] };
}

describe('player: the verdict on a photo reaches a team that moved on', () => {
  beforeEach(resetBrowserState);
  afterEach(resetBrowserState);

  it('shows an accepted verdict on another question with its points and comment until read, and a new judgement is news again', async () => {
    const { t, server, live } = await openSecondQuestion();
    expect(screen.queryByTestId('verdict-notice')).toBeNull();
    server.state.progress = judge(server.state.progress, { status: 'accepted', points: 80, comment: 'very nice!', judgedAt: '2026-05-01T11:05:00.000Z' });
    act(() => live.onProgress(server.state.progress));
    const notice = await screen.findByTestId('verdict-notice', {}, LAZY);
    // Said once through the app's live region; the notice is no live region of its own.
    expect(notice.getAttribute('role')).toBe('region');
    expect(screen.getByTestId('announce-polite').textContent).toBe(`${t('player.photo.notice.accepted', { n: 1 })}. very nice!`);
    expect(notice.textContent).toContain(t('player.photo.notice.accepted', { n: 1 }));
    expect(within(notice).getByTestId('verdict-notice-points').textContent).toBe(t('player.photo.points', { count: 80 }));
    expect(within(notice).getByTestId('verdict-notice-comment').textContent).toContain('very nice!');
    // Still on question 2, the answer field under it.
    expect(screen.getByTestId('answer-input')).toBeTruthy();
    expect(within(notice).queryByTestId('verdict-notice-retake')).toBeNull();

    fireEvent.click(within(notice).getByTestId('verdict-notice-read'));
    expect(screen.queryByTestId('verdict-notice')).toBeNull();
    // Judged again later (fewer points): news again.
    server.state.progress = judge(server.state.progress, { status: 'accepted', points: 50, judgedAt: '2026-05-01T11:09:00.000Z' });
    act(() => live.onProgress(server.state.progress));
    expect(within(await screen.findByTestId('verdict-notice')).getByTestId('verdict-notice-points').textContent).toBe(t('player.photo.points', { count: 50 }));
  });

  it('shows an accepted photo judged without points at what the score counts for it (the question’s points), not 0', async () => {
    const { t, server, live } = await openSecondQuestion();
    server.state.progress = judge(server.state.progress, { status: 'accepted', judgedAt: '2026-05-01T11:05:00.000Z' });
    act(() => live.onProgress(server.state.progress));
    const notice = await screen.findByTestId('verdict-notice', {}, LAZY);
    const scored = computeScore({ startTime: null, endTime: null, questions: [server.state.progress.questions[0]] });
    expect(scored).toBe(100);
    expect(within(notice).getByTestId('verdict-notice-points').textContent).toBe(t('player.photo.points', { count: scored }));
  });

  it('a rejected photo may be taken again from the verdict, and then waits for the judge anew', async () => {
    const { t, server, live, uploads } = await openSecondQuestion();
    server.state.progress = judge(server.state.progress, { status: 'rejected', comment: 'not at the hall', judgedAt: '2026-05-01T11:05:00.000Z' });
    act(() => live.onProgress(server.state.progress));
    const notice = await screen.findByTestId('verdict-notice', {}, LAZY);
    expect(notice.textContent).toContain(t('player.photo.notice.rejected', { n: 1 }));
    expect(within(notice).getByTestId('verdict-notice-comment').textContent).toContain('not at the hall');
    fireEvent.click(within(notice).getByTestId('verdict-notice-retake'));
    const dialog = await screen.findByRole('dialog', { name: t('player.photo.notice.retakeTitle', { n: 1 }) });
    const input = await within(dialog).findByTestId('photo-take-input', {}, LAZY);
    fireEvent.change(input, { target: { files: [new File([new Uint8Array([0xff, 0xd8, 0xff])], 'IMG_2.JPG', { type: 'image/jpeg' })] } });
    await waitFor(() => expect(uploads).toHaveLength(1));
    expect(uploads[0].get('questionId')).toBe('q1');
    await waitFor(() => expect(within(dialog).getByTestId('photo-verdict').textContent).toBe(t('player.photo.waitingCreator')));
    await waitFor(() => expect(screen.queryByTestId('verdict-notice')).toBeNull());
  });
});
