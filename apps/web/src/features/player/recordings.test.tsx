import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PLAY_RECORDINGS_STORAGE_KEY, READ_ALOUD_STORAGE_KEY } from '../../ui/read-aloud/read-aloud-setting.ts';
import { installFakeSpeech } from '../../test/fake-speech.ts';
import { stopSpeaking } from '../../ui/read-aloud/speech.ts';
import { buildGame } from './test-fixtures.ts';
import { fakeServer, renderPlayer, resetBrowserState, storePlay } from './test-player.tsx';

vi.mock('./live-socket.ts', () => ({ connectLive: vi.fn(() => () => undefined) }));
vi.mock('../../ui/sounds.ts', () => ({ playSound: vi.fn(), primeSounds: vi.fn() }));
vi.mock('../../ui/map/game-map.tsx', () => ({ default: () => <div data-testid="game-map" /> }));

const INTRO = '/media/uploads/u1/1111222233334444.mp3';
const Q1 = '/media/uploads/u1/5555666677778888.m4a';
const HINT = '/media/uploads/u1/9999aaaabbbbcccc.ogg';

/** The built game with the creator's recordings on its intro, its first question and that question's second hint. */
function recordedGame(language: 'he' | 'en' = 'he') {
  const game = buildGame();
  return {
    ...game,
    metadata: { ...game.metadata, language, audio: INTRO },
    questions: game.questions!.map((q, i) => (i === 0 ? { ...q, audio: Q1, hints: q.hints.map((h, j) => (j === 1 ? { ...h, audio: HINT } : h)) } : q)),
  };
}

const LOADED = { timeout: 10_000 };

describe('player: the creator’s recordings', () => {
  let play: ReturnType<typeof vi.spyOn>;
  let installed: ReturnType<typeof installFakeSpeech> | undefined;
  beforeEach(() => {
    resetBrowserState();
    localStorage.clear();
    play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  });
  afterEach(() => {
    stopSpeaking();
    installed?.uninstall();
    installed = undefined;
    play.mockRestore();
    localStorage.clear();
    resetBrowserState();
  });

  it('shows a labelled player above the intro’s and the question’s text (their transcript); nothing plays by itself, the choice is off (Hebrew)', async () => {
    const server = fakeServer({ game: recordedGame('he') });
    storePlay(server.state.progress);
    const { t, missing } = await renderPlayer();
    const intro = await screen.findByLabelText<HTMLAudioElement>(t('player.recording.intro'), undefined, LOADED);
    expect(intro.tagName).toBe('AUDIO');
    expect(intro.controls).toBe(true);
    expect(intro.getAttribute('src')).toBe(INTRO);
    expect(screen.getByText(t('player.recording.intro'))).toBeTruthy();
    expect(screen.getByTestId('intro-page').textContent).toContain('Welcome to the hunt');
    expect(screen.getAllByText(t('player.recording.transcript')).length).toBeGreaterThan(0);
    const choice = await screen.findByRole('switch', { name: t('player.recording.playOnArrival') }, LOADED);
    expect((choice as HTMLInputElement).checked).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: t('player.intro.continue') }));
    const question = await screen.findByLabelText<HTMLAudioElement>(t('player.recording.question', { n: 1 }), undefined, LOADED);
    expect(question.getAttribute('src')).toBe(Q1);
    expect(screen.getByText('Who lived in the house?')).toBeTruthy();
    expect(play).not.toHaveBeenCalled();

    // The hint's recording shows once the hint is opened, with its text.
    expect(screen.queryByLabelText(t('player.recording.hint', { label: 'Big hint' }))).toBeNull();
    fireEvent.click(screen.getByTestId('hint-2'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: t('player.hints.confirmYes') }));
    const hint = await screen.findByLabelText<HTMLAudioElement>(t('player.recording.hint', { label: 'Big hint' }), undefined, LOADED);
    expect(hint.getAttribute('src')).toBe(HINT);
    expect(screen.getByText('National poet')).toBeTruthy();
    expect(play).not.toHaveBeenCalled();
    expect(missing).toEqual([]);
  });

  it('with "play recordings on arrival" chosen (kept on the phone), a question’s recording starts as it opens, the intro’s does not (English)', async () => {
    const server = fakeServer({ game: recordedGame('en') });
    storePlay(server.state.progress);
    const { t } = await renderPlayer({ language: 'en' });
    const choice = await screen.findByRole('switch', { name: 'Play recordings on arrival' }, LOADED);
    fireEvent.click(choice);
    expect(localStorage.getItem(PLAY_RECORDINGS_STORAGE_KEY)).toBe('on');
    expect(play).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: t('player.intro.continue') }));
    const question = await screen.findByLabelText<HTMLAudioElement>('Recording of question 1', undefined, LOADED);
    await waitFor(() => expect(play).toHaveBeenCalledTimes(1));
    expect(play.mock.instances[0]).toBe(question);

    fireEvent.click(screen.getByRole('switch', { name: 'Play recordings on arrival' }));
    expect(localStorage.getItem(PLAY_RECORDINGS_STORAGE_KEY)).toBeNull();
  });

  it('the phone’s voice reads no text that has a recording, and still reads those that have none', async () => {
    installed = installFakeSpeech([{ lang: 'he-IL', name: 'Carmit' }]);
    localStorage.setItem(READ_ALOUD_STORAGE_KEY, 'on');
    const game = recordedGame('he');
    // The first question answered: the second, without a recording, is the one shown.
    const server = fakeServer({ game });
    storePlay({ ...server.state.progress, questions: server.state.progress.questions.map((q, i) => (i === 0 ? { ...q, status: 'DONE' as const } : q)) });
    const { t } = await renderPlayer();
    await screen.findByLabelText(t('player.recording.intro'), undefined, LOADED);
    await screen.findByTestId('read-aloud-replay', undefined, LOADED);
    expect(installed.take()).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: t('player.intro.continue') }));
    await waitFor(() => expect(installed!.spoken.length).toBeGreaterThan(0));
    expect(installed.take()).toContain('When was the city founded?');
    expect(screen.queryByTestId('recording')).toBeNull();
  });
});
