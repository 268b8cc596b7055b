import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { derivePresenceCode, presenceQrText, printedPresenceCode, type GameReply, type PlayerQuestion, type PresenceProof } from '@streethunt/shared';
import { playSound } from '../../../ui/sounds.ts';
import { buildGame, CODE, GAME_ID } from '../test-fixtures.ts';
import { fakeServer, renderPlayer, resetBrowserState, storePlay } from '../test-player.tsx';
import { CameraScanner } from './camera-scanner.tsx';
import { makeCodeReader } from './code-reader.ts';
import { TestProviders } from '../../../test/providers.tsx';
import { createTestI18n } from '../../../test/i18n.ts';

vi.mock('../live-socket.ts', () => ({ connectLive: vi.fn(() => () => undefined) }));
vi.mock('../../../ui/sounds.ts', () => ({ playSound: vi.fn(), primeSounds: vi.fn() }));
vi.mock('../../../ui/map/game-map.tsx', () => ({ default: () => <div data-testid="game-map" /> }));

const sounds = vi.mocked(playSound);
const SPOT = derivePresenceCode('test secret', GAME_ID, 'q1');
const OTHER_SPOT = derivePresenceCode('test secret', GAME_ID, 'q2');

/** The built game with its first question asking for the spot's code (the phone gets nothing to judge it by, in any play). */
function gameWithSpot(presence: PresenceProof, { map = false } = {}): GameReply {
  const game = buildGame({ metadata: { map } });
  const [first, ...rest] = game.questions!;
  const asking: PlayerQuestion = { ...first!, presence };
  return { ...game, questions: [asking, ...rest] };
}

async function openAt(game: GameReply, language: 'he' | 'en' = 'he', shown = 'presence-proof') {
  const server = fakeServer({ game });
  // The server judges the code, as ours does: any but the spot's is a 422.
  server.state.override = (call) =>
    typeof call.body?.presenceCode === 'string' && call.body.presenceCode !== SPOT
      ? { status: 422, body: { message: 'That is not the code at this question’s spot', code: 'wrong_presence_code' } }
      : null;
  storePlay(server.state.progress);
  const view = await renderPlayer({ language });
  await screen.findByTestId('intro-page');
  fireEvent.click(await screen.findByRole('button', { name: view.t('player.intro.continue') }));
  await screen.findByTestId(shown);
  return { ...view, server };
}

function typeCode(text: string) {
  const input = screen.getByTestId('presence-code');
  fireEvent.change(input, { target: { value: text } });
  fireEvent.submit(input.closest('form')!);
}

const started = (presenceCode: string) => ({
  action: 'set-question-status',
  gameId: GAME_ID,
  secretCode: CODE,
  questionIndex: 0,
  questionId: 'q1',
  questionStatus: 'STARTED',
  presenceCode,
});

describe('player: the spot’s QR code as proof of being there', () => {
  beforeEach(() => {
    resetBrowserState();
    sounds.mockClear();
  });
  afterEach(resetBrowserState);

  it('asks for the code before the question, even without a map; the server judges it: a wrong code is refused, the right one (as printed) begins it', async () => {
    const { t, server, missing } = await openAt(gameWithSpot('qr'));
    expect(screen.queryByTestId('question')).toBeNull();
    expect(screen.queryByTestId('area-continue')).toBeNull();
    expect(screen.getByText(t('presence.title', { n: 1 }))).toBeTruthy();
    expect(screen.getByTestId('presence-code').getAttribute('dir')).toBe('ltr');

    typeCode(OTHER_SPOT);
    const wrong = await screen.findByTestId('presence-result');
    expect(wrong.getAttribute('data-result')).toBe('wrong');
    expect(screen.getAllByText(t('presence.wrong')).length).toBeGreaterThan(0);
    expect(sounds).toHaveBeenLastCalledWith('bad');
    expect(screen.queryByTestId('question')).toBeNull();

    typeCode(printedPresenceCode(SPOT).toLowerCase());
    await screen.findByTestId('question');
    expect(sounds).toHaveBeenLastCalledWith('good');
    expect(server.changesSent()).toEqual([started(OTHER_SPOT), started(SPOT)]);
    expect(missing).toEqual([]);
  });

  it('offline keeps the code and says it will be checked; the question opens only once the server takes it', async () => {
    const { t, server } = await openAt(gameWithSpot('qr'), 'en');
    server.state.down = true;
    typeCode(SPOT);
    const queued = await screen.findByTestId('presence-queued');
    expect(queued.textContent).toBe(t('presence.queued'));
    // Not on the phone's word: the step stays until the server answers.
    expect(screen.queryByTestId('question')).toBeNull();
    expect(screen.getByTestId('presence-proof')).toBeTruthy();
    expect(server.changesSent()).toEqual([]);

    server.state.down = false;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await screen.findByTestId('question');
    expect(server.changesSent()).toEqual([started(SPOT)]);
  });

  it('a wrong code kept offline is refused once online: the step stays, asking again', async () => {
    const { server } = await openAt(gameWithSpot('qr'));
    server.state.down = true;
    typeCode(OTHER_SPOT);
    await screen.findByTestId('presence-queued');
    server.state.down = false;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(server.changesSent()).toEqual([started(OTHER_SPOT)]));
    await waitFor(() => expect(server.state.calls.filter((c) => c.body?.action === 'get-game-progress' && !c.offline).length).toBeGreaterThan(1));
    expect(screen.queryByTestId('question')).toBeNull();
    expect(screen.getByTestId('presence-proof')).toBeTruthy();
    expect((await screen.findByTestId('presence-result')).getAttribute('data-result')).toBe('wrong');
    expect(screen.queryByTestId('presence-queued')).toBeNull();
  });

  it('with a map: a QR question shows the area step without continue, and says to scan the sign or type its code', async () => {
    const { t } = await openAt(gameWithSpot('qr', { map: true }));
    expect(screen.getByTestId('area-step')).toBeTruthy();
    expect(screen.getByText(t('player.area.textQr'))).toBeTruthy();
    expect(screen.queryByText(t('player.area.text'))).toBeNull();
    expect(await screen.findByTestId('game-map')).toBeTruthy();
    expect(screen.queryByTestId('area-continue')).toBeNull();
  });

  it('with a map: GPS-or-QR keeps continue, closed until the position is inside the area', async () => {
    const { t } = await openAt(gameWithSpot('gps-or-qr', { map: true }), 'en');
    expect(screen.getByText(t('presence.orArrive'))).toBeTruthy();
    expect(screen.getByTestId('area-continue').hasAttribute('disabled')).toBe(true);
  });

  it('tries the code a sign’s link brought (the phone’s camera app opened the game) once, and forgets it', async () => {
    window.history.replaceState(null, '', `/game/${GAME_ID}#presence=${SPOT}`);
    const { server } = await openAt(gameWithSpot('qr'), 'he', 'question');
    expect(server.changesSent()).toEqual([started(SPOT)]);
    expect(window.location.hash).toBe('');
  });

  it('without a camera (none in this browser) says so, and the code can still be typed', async () => {
    const { t, server } = await openAt(gameWithSpot('qr'));
    // No camera in this browser: the player is told, and can still type the code.
    fireEvent.click(screen.getByTestId('presence-scan'));
    expect(await screen.findByTestId('presence-camera-problem')).toBeTruthy();
    expect(screen.getByTestId('presence-camera-problem').textContent).toBe(t('presence.camera.unavailable'));
    fireEvent.click(screen.getByTestId('presence-camera-close'));
    expect(server.changesSent()).toEqual([]);
  });
});

describe('the camera scanner', () => {
  it('reads frames until the handler takes a text, then stops the camera', async () => {
    const { i18n } = await createTestI18n('en');
    const stop = vi.fn();
    // The browser's own class (a video takes no other), its tracks faked.
    const stream = Object.assign(new MediaStream(), { getTracks: () => [{ stop }] });
    const texts = ['https://example.com/menu', presenceQrText(`https://streethunt.example/game/${GAME_ID}`, SPOT)];
    const read = vi.fn(async () => texts.shift() ?? null);
    const seen: string[] = [];
    const onText = vi.fn((text: string) => {
      seen.push(text);
      return text.includes('presence=');
    });
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    const openCamera = async () => stream;
    const makeReader = async () => ({ read });
    const view = render(
      <TestProviders i18n={i18n}>
        <CameraScanner onText={onText} onClose={() => undefined} openCamera={openCamera} makeReader={makeReader} />
      </TestProviders>,
    );
    expect(screen.queryByTestId('presence-camera-problem')).toBeNull();
    await waitFor(() => expect(seen).toHaveLength(2), { timeout: 2000 });
    expect(seen[1]).toContain(SPOT);
    await act(async () => new Promise((resolve) => setTimeout(resolve, 400)));
    expect(read).toHaveBeenCalledTimes(2);
    view.unmount();
    expect(stop).toHaveBeenCalled();
  });

  it('uses the browser’s own QR reader where it has one, else the kept library', async () => {
    const detect = vi.fn(async () => [{ rawValue: 'read by the browser' }]);
    class FakeDetector {
      static getSupportedFormats = async () => ['qr_code', 'ean_13'];
      detect = detect;
    }
    vi.stubGlobal('BarcodeDetector', FakeDetector);
    const video = document.createElement('video');
    expect(await (await makeCodeReader()).read(video)).toBe('read by the browser');
    FakeDetector.getSupportedFormats = async () => ['ean_13'];
    const fallback = await makeCodeReader();
    // jsQR over an empty frame (this test browser draws no video): nothing read, and no call to the browser's reader.
    expect(await fallback.read(video)).toBeNull();
    expect(detect).toHaveBeenCalledTimes(1);
    vi.unstubAllGlobals();
  });
});
