import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { READ_ALOUD_STORAGE_KEY } from '../../ui/read-aloud/read-aloud-setting.ts';
import { installFakeSpeech } from '../../test/fake-speech.ts';
import { stopSpeaking } from '../../ui/read-aloud/speech.ts';
import { buildGame } from './test-fixtures.ts';
import { fakeServer, renderPlayer, resetBrowserState, storePlay } from './test-player.tsx';

vi.mock('./live-socket.ts', () => ({ connectLive: vi.fn(() => () => undefined) }));
vi.mock('../../ui/sounds.ts', () => ({ playSound: vi.fn(), primeSounds: vi.fn() }));
vi.mock('../../ui/map/game-map.tsx', () => ({ default: () => <div data-testid="game-map" /> }));

const HEBREW_AND_ENGLISH = [
  { lang: 'en-US', name: 'Samantha' },
  { lang: 'he-IL', name: 'Carmit' },
];

function answer(text: string) {
  const input = screen.getByTestId('answer-input');
  fireEvent.change(input, { target: { value: text } });
  fireEvent.submit(input.closest('form')!);
}

describe('player: read aloud', () => {
  let installed: ReturnType<typeof installFakeSpeech> | undefined;
  const install = (voices: Parameters<typeof installFakeSpeech>[0]) => (installed = installFakeSpeech(voices));
  beforeEach(() => resetBrowserState());
  afterEach(() => {
    stopSpeaking();
    installed?.uninstall();
    installed = undefined;
    resetBrowserState();
  });

  it('is off at first; turned on it reads the intro, each question as it opens, a hint opened and the text after a right answer, in the game’s language', async () => {
    const speech = install(HEBREW_AND_ENGLISH);
    const server = fakeServer();
    storePlay(server.state.progress);
    const { t } = await renderPlayer();
    const toggle = await screen.findByRole('switch', { name: t('player.readAloud.label') });
    expect((toggle as HTMLInputElement).checked).toBe(false);
    expect(speech.spoken).toEqual([]);

    fireEvent.click(toggle);
    await waitFor(() => expect(speech.spoken.length).toBeGreaterThan(0));
    expect(speech.spoken.every((s) => s.lang === 'he-IL' && s.voice === 'Carmit')).toBe(true);
    expect(speech.take()).toEqual(['Bialik street hunt', 'Bialik Square, Tel Aviv', 'Welcome to the hunt']);
    expect(localStorage.getItem(READ_ALOUD_STORAGE_KEY)).toBe('on');

    fireEvent.click(screen.getByRole('button', { name: t('player.intro.continue') }));
    await screen.findByTestId('question');
    await waitFor(() => expect(speech.spoken.length).toBeGreaterThan(0));
    expect(speech.take()).toEqual([t('player.question.title', { n: 1 }), 'Who lived in the house?', 'Before: Who lived in the house?']);

    // A hint opened: just the hint, instead of whatever was being read.
    const cancels = speech.cancels();
    fireEvent.click(screen.getByTestId('hint-2'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: t('player.hints.confirmYes') }));
    await waitFor(() => expect(speech.spoken.length).toBeGreaterThan(0));
    expect(speech.take()).toEqual(['Big hint', 'National poet']);
    expect(speech.cancels()).toBeGreaterThan(cancels);

    answer('Bialik');
    await waitFor(() => expect(speech.spoken.length).toBeGreaterThan(0));
    expect(speech.take()).toEqual(['Well done: Who lived in the house?']);

    // Read again, and stop while it reads.
    speech.finish();
    const replay = await screen.findByRole('button', { name: t('player.readAloud.again') });
    fireEvent.click(replay);
    expect(speech.take()).toEqual([t('player.question.title', { n: 1 }), 'Who lived in the house?']);
    fireEvent.click(await screen.findByRole('button', { name: t('player.readAloud.stop') }));
    await screen.findByRole('button', { name: t('player.readAloud.again') });
  });

  it('remembers the choice on the phone: the next game page reads at once; turned off it stops and forgets', async () => {
    const speech = install(HEBREW_AND_ENGLISH);
    localStorage.setItem(READ_ALOUD_STORAGE_KEY, 'on');
    fakeServer({ game: { ...buildGame(), metadata: { ...buildGame().metadata, language: 'en' } } });
    const { t } = await renderPlayer({ language: 'en' });
    const toggle = await screen.findByRole('switch', { name: 'Read aloud' });
    expect((toggle as HTMLInputElement).checked).toBe(true);
    await waitFor(() => expect(speech.spoken[0]).toEqual({ text: 'Bialik street hunt', lang: 'en-US', voice: 'Samantha' }));
    const cancels = speech.cancels();
    fireEvent.click(toggle);
    expect(speech.cancels()).toBeGreaterThan(cancels);
    expect(localStorage.getItem(READ_ALOUD_STORAGE_KEY)).toBeNull();
    expect(screen.queryByRole('button', { name: t('player.readAloud.again') })).toBeNull();
  });

  it('says so where the phone has no voice for the game’s language, or the browser cannot read aloud; the page works on', async () => {
    const speech = install([{ lang: 'en-US', name: 'Samantha' }]);
    fakeServer();
    const { t } = await renderPlayer();
    fireEvent.click(await screen.findByRole('switch', { name: t('player.readAloud.label') }));
    const message = await screen.findByTestId('read-aloud-unavailable');
    expect(message.textContent).toBe(t('player.readAloud.noVoice', { language: t('player.readAloud.languages.he') }));
    expect(message.getAttribute('role')).toBe('status');
    expect(speech.spoken).toEqual([]);
  });

  it('says so where the browser cannot read aloud at all', async () => {
    fakeServer();
    localStorage.setItem(READ_ALOUD_STORAGE_KEY, 'on');
    const { t } = await renderPlayer();
    expect((await screen.findByTestId('read-aloud-unavailable')).textContent).toBe(t('player.readAloud.unsupported'));
    expect(t('player.readAloud.unsupported')).toBe('הדפדפן הזה לא יכול להקריא בקול. קורא המסך של הטלפון עדיין מקריא את המשחק.');
  });
});
