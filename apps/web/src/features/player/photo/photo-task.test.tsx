import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { phoneAnswerOf, replyAnswerOf, type Answer, type Progress } from '@streethunt/shared';
import { buildGame, buildProgress, CODE, GAME_ID } from '../test-fixtures.ts';
import { fakeServer, renderPlayer, resetBrowserState, storePlay } from '../test-player.tsx';

vi.mock('../live-socket.ts', () => ({ connectLive: vi.fn(() => () => undefined) }));
vi.mock('../../../ui/sounds.ts', () => ({ playSound: vi.fn(), primeSounds: vi.fn() }));
vi.mock('../../../ui/map/game-map.tsx', () => ({ default: () => <div data-testid="game-map" /> }));

const answer: Answer = { kind: 'photo', judging: 'later', content: '<p>Take the team at the fountain</p>', contentAfterAnswer: '<p>Thanks!</p>' };

/** A player on a photo question, with a server that takes photos (multipart) as the real one does. */
async function openPhotoQuestion(language: 'he' | 'en', refusal: { status: number; code: string } | null = null) {
  const game = buildGame({ questionCount: 1, questions: [{ id: 'q1', content: '<p>Photo time</p>', hints: [], answer: replyAnswerOf(answer, 's', phoneAnswerOf(answer, 's'), false) }] });
  const server = fakeServer({ game, progress: buildProgress({ questions: [{ status: 'STARTED', hints: [] }] }) });
  const uploads: FormData[] = [];
  const jsonFetch = server.fetchMock;
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    if (!(init?.body instanceof FormData)) return jsonFetch(input, init);
    if (server.state.down) throw new TypeError('Failed to fetch');
    uploads.push(init.body);
    if (refusal) return new Response(JSON.stringify({ message: 'refused', code: refusal.code }), { status: refusal.status, headers: { 'content-type': 'application/json' } });
    const photo = { status: 'pending' } as const;
    server.state.progress = { ...server.state.progress, questions: [{ status: 'ANSWERED', hints: [], photo }] };
    return new Response(JSON.stringify(server.state.progress), { status: 200, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  server.state.override = (call) => (call.path === '/api/play-photos/mine' ? { status: 200, body: { data: [] } } : null);
  storePlay(server.state.progress, game);
  const view = await renderPlayer({ language });
  fireEvent.click(await screen.findByRole('button', { name: view.t('player.intro.continue') }));
  // The photo step is a chunk of its own: its first load takes a moment.
  await screen.findByTestId('photo-take-input', {}, { timeout: 5000 });
  return { ...view, server, uploads };
}

const takePhoto = () =>
  fireEvent.change(screen.getByTestId('photo-take-input'), { target: { files: [new File([new Uint8Array([0xff, 0xd8, 0xff])], 'IMG_1.JPG', { type: 'image/jpeg' })] } });

describe('player: a photo task', () => {
  beforeEach(resetBrowserState);
  afterEach(resetBrowserState);

  it.each(['he', 'en'] as const)('(%s) a photo taken offline is kept, sent when the network returns, then shows the judge’s verdict and comment', async (language) => {
    const { t, server, uploads } = await openPhotoQuestion(language);
    const input = screen.getByTestId('photo-take-input');
    expect(input.getAttribute('accept')).toBe('image/*');
    expect(input.getAttribute('capture')).toBe('environment');
    expect(screen.queryByTestId('answer-input')).toBeNull();

    server.state.down = true;
    act(() => void window.dispatchEvent(new Event('offline')));
    takePhoto();
    expect((await screen.findByTestId('photo-queued')).textContent).toBe(t('player.photo.keptOffline'));
    expect(uploads).toEqual([]);

    server.state.down = false;
    act(() => void window.dispatchEvent(new Event('online')));
    expect((await screen.findByTestId('photo-verdict')).textContent).toBe(t('player.photo.waitingCreator'));
    expect(uploads).toHaveLength(1);
    expect(Object.fromEntries([...uploads[0].entries()].filter(([, v]) => typeof v === 'string'))).toEqual({ gameId: GAME_ID, secretCode: CODE, questionId: 'q1' });
    expect(uploads[0].get('file')).toBeInstanceOf(Blob);
    // The question is answered: the text after it and continue.
    expect(await screen.findByText('Thanks!')).toBeTruthy();

    // The creator judges: the phone reads it with the play's progress.
    const judged: Progress = { ...server.state.progress, questions: [{ status: 'ANSWERED', hints: [], photo: { status: 'accepted', points: 80, comment: 'יופי של תמונה' } }], lastUpdate: new Date().toISOString() };
    server.state.progress = judged;
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(screen.getByTestId('photo-step').getAttribute('data-status')).toBe('accepted'));
    expect(screen.getByTestId('photo-verdict').textContent).toContain(t('player.photo.accepted'));
    expect(screen.getByTestId('photo-verdict').textContent).toContain(t('player.photo.points', { count: 80 }));
    expect(screen.getByTestId('photo-comment').textContent).toContain('יופי של תמונה');
  });

  it.each([
    [409, 'too_many_photos', 'player.photo.tooMany'],
    [413, 'quota', 'player.photo.storageFull'],
    [409, 'not_playable', 'player.photo.notPlayable'],
    [415, 'validation', 'player.photo.refused'],
  ] as const)('says why the server refused a photo (%i %s)', async (status, code, text) => {
    const { t, uploads } = await openPhotoQuestion('en', { status, code });
    takePhoto();
    const refused = await screen.findByTestId('photo-refused');
    expect(refused.textContent).toBe(t(text));
    expect(uploads).toHaveLength(1);
  });
});
