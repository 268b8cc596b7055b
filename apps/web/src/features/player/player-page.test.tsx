import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { playSound } from '../../ui/sounds.ts';
import { readProgress, STORE_KEYS } from './player-store.ts';
import { buildGame, buildProgress, CODE, GAME_ID } from './test-fixtures.ts';
import { fakeServer, renderPlayer, resetBrowserState, storePlay } from './test-player.tsx';
import { keptGet } from './offline/kept-play.ts';

vi.mock('./live-socket.ts', () => ({ connectLive: vi.fn(() => () => undefined) }));
vi.mock('../../ui/sounds.ts', () => ({ playSound: vi.fn(), primeSounds: vi.fn() }));
vi.mock('../../ui/map/game-map.tsx', () => ({
  default: ({ currentIndex }: { currentIndex: number }) => <div data-testid="game-map" data-current={currentIndex} />,
}));

const sounds = vi.mocked(playSound);

describe('player: a reload', () => {
  beforeEach(resetBrowserState);
  afterEach(resetBrowserState);

  it('opens the page the player was on (its history entry keeps it), once the kept play is read', async () => {
    fakeServer();
    storePlay();
    const first = await renderPlayer();
    fireEvent.click(await screen.findByRole('button', { name: first.t('player.intro.continue') }));
    await screen.findByTestId('question');
    const state: unknown = first.router.state.location.state;
    expect(state).toEqual({ page: 'questions' });
    expect(first.router.state.location.pathname).toBe(`/game/${GAME_ID}`);
    first.unmount();

    // The same history entry after a reload: the questions again, not the intro.
    await renderPlayer({ url: { pathname: `/game/${GAME_ID}`, state } });
    expect(await screen.findByTestId('question')).toBeTruthy();
    expect(screen.queryByTestId('intro-page')).toBeNull();
  });
});

describe('player: intro and payment', () => {
  beforeEach(() => {
    resetBrowserState();
    sounds.mockClear();
  });
  afterEach(resetBrowserState);

  it('shows the intro, then a wrong code (no progress kept) and a right code (continue)', async () => {
    const server = fakeServer({ progress: buildProgress({ questions: buildProgress().questions }) });
    const { t, missing } = await renderPlayer();
    expect(await screen.findByRole('heading', { name: 'Bialik street hunt' })).toBeTruthy();
    expect(screen.getByText('hunt').tagName).toBe('B');
    expect(document.title).toContain('Bialik street hunt');
    // Without a code the game reply is the public part.
    expect(server.state.calls[0]).toMatchObject({ method: 'GET', path: `/api/games/${GAME_ID}` });
    expect(server.state.calls[0].headers['x-game-secret']).toBeUndefined();

    fireEvent.click(screen.getByRole('button', { name: t('player.intro.letsPlay') }));
    const input = await screen.findByLabelText(t('player.payment.codeLabel'));
    // An empty code is not sent: the button waits for something typed.
    expect((screen.getByRole('button', { name: t('player.payment.sendCode') }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(input, { target: { value: '  ' } });
    fireEvent.submit(input.closest('form')!);
    expect(server.state.calls.some((c) => c.body?.action === 'set-start-time')).toBe(false);
    expect(sounds).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: 'WRONG1' } });
    fireEvent.click(screen.getByRole('button', { name: t('player.payment.sendCode') }));
    const wrong = await screen.findByRole('img', { name: t('player.payment.codeWrong') });
    expect(wrong.getAttribute('data-result')).toBe('wrong');
    expect(sounds).toHaveBeenLastCalledWith('bad');
    // No visible text for a wrong code (the red X says it), but screen readers hear it; nothing kept, no way on.
    const news = screen.getByTestId('code-announcement');
    expect(news.textContent).toBe(t('player.payment.codeWrong'));
    expect([news.getAttribute('role'), news.getAttribute('aria-live')]).toEqual(['status', 'polite']);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(keptGet(STORE_KEYS.active)).toEqual({ game_id: GAME_ID, game_secret: null });
    expect(keptGet(STORE_KEYS.progress(GAME_ID))).toBeNull();
    expect(screen.queryByRole('button', { name: t('player.payment.continue') })).toBeNull();

    // Typed with spaces and in lower case: trimmed and normalized.
    fireEvent.change(input, { target: { value: `  ${CODE.slice(0, 3).toLowerCase()} ${CODE.slice(3)} ` } });
    fireEvent.click(screen.getByRole('button', { name: t('player.payment.sendCode') }));
    expect(await screen.findByRole('img', { name: t('player.payment.codeRight') })).toBeTruthy();
    expect(sounds).toHaveBeenLastCalledWith('code-ok');
    const start = server.state.calls.filter((c) => c.body?.action === 'set-start-time');
    expect(start.at(-1)?.body).toEqual({ action: 'set-start-time', gameId: GAME_ID, secretCode: CODE });
    expect(keptGet(STORE_KEYS.active)).toEqual({ game_id: GAME_ID, game_secret: CODE });
    expect(readProgress(GAME_ID)).toEqual(server.state.progress);

    fireEvent.click(screen.getByRole('button', { name: t('player.payment.continue') }));
    expect(await screen.findByRole('heading', { name: t('player.question.title', { n: 1 }) })).toBeTruthy();
    // The game is fetched again with the code, now with its questions.
    expect(server.state.calls.some((c) => c.path === `/api/games/${GAME_ID}` && c.headers['x-game-secret'] === CODE)).toBe(true);
    expect(screen.getByTestId('question-progress').textContent).toBe(t('player.questions.progress', { n: 1, total: 3 }));
    expect(missing).toEqual([]);
  });

  it('offers continue on the intro once the play has started', async () => {
    fakeServer();
    storePlay();
    const { t } = await renderPlayer();
    fireEvent.click(await screen.findByRole('button', { name: t('player.intro.continue') }));
    expect(await screen.findByTestId('answer-input')).toBeTruthy();
  });

  it('purchase: checks the fields with translated errors, then moves the browser to the payment page', async () => {
    const server = fakeServer();
    server.state.override = (call) =>
      call.path === `/api/payment/get-url/${GAME_ID}` ? { status: 200, body: { data: { URL: 'https://pay.example/checkout/1' } } } : null;
    const assign = vi.fn();
    const location = window.location;
    Object.defineProperty(window, 'location', { configurable: true, value: { ...location, assign, origin: location.origin, href: location.href } });
    try {
      const { t, missing } = await renderPlayer({ language: 'en' });
      // The game's language (Hebrew) is shown once the game is there: the texts are looked up after.
      await screen.findByTestId('intro-page');
      fireEvent.click(await screen.findByRole('button', { name: t('player.intro.letsPlay') }));
      fireEvent.click(await screen.findByRole('button', { name: t('player.payment.purchase') }));
      // The form loads on demand.
      expect(await screen.findByText(t('player.purchase.checkDetails'))).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: t('player.purchase.toPayment') }));
      expect(await screen.findAllByText(t('player.validation.required'))).toHaveLength(3);
      fireEvent.change(screen.getByLabelText(new RegExp(`^${t('player.purchase.fullName')}`)), { target: { value: 'Dana Levy' } });
      fireEvent.change(screen.getByLabelText(new RegExp(`^${t('player.purchase.email')}`)), { target: { value: 'not-an-email' } });
      fireEvent.change(screen.getByLabelText(new RegExp(`^${t('player.purchase.phone')}`)), { target: { value: '050-1234567' } });
      fireEvent.click(screen.getByRole('button', { name: t('player.purchase.toPayment') }));
      expect(await screen.findByText(t('player.validation.email'))).toBeTruthy();
      expect(server.state.calls.some((c) => c.path.startsWith('/api/payment'))).toBe(false);
      fireEvent.change(screen.getByLabelText(new RegExp(`^${t('player.purchase.email')}`)), { target: { value: ' Dana@Example.com ' } });
      fireEvent.click(screen.getByRole('button', { name: t('player.purchase.toPayment') }));
      await waitFor(() => expect(assign).toHaveBeenCalledWith('https://pay.example/checkout/1'));
      expect(server.state.calls.find((c) => c.path.startsWith('/api/payment'))?.body).toEqual({
        fullName: 'Dana Levy',
        email: 'dana@example.com',
        phone: '050-1234567',
      });
      // Back to the game returns to the code entry.
      fireEvent.click(screen.getByRole('button', { name: t('player.purchase.backToGame') }));
      expect(await screen.findByLabelText(t('player.payment.codeLabel'))).toBeTruthy();
      expect(missing).toEqual([]);
    } finally {
      Object.defineProperty(window, 'location', { configurable: true, value: location });
    }
  });

  it('an unknown game says so and links to the games', async () => {
    fakeServer();
    const { t } = await renderPlayer({ url: '/game/nope' });
    expect(await screen.findByRole('heading', { name: t('player.errors.notFoundTitle') })).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: t('player.errors.toGames') }));
    expect(await screen.findByTestId('landed')).toBeTruthy();
  });

  it('puts Map (only with a map), Questions and Intro in the header, switching the page', async () => {
    fakeServer({ game: buildGame({ metadata: { map: true } }) });
    storePlay();
    const { t } = await renderPlayer();
    const nav = await screen.findByRole('navigation', { name: 'header' });
    await waitFor(() => expect(within(nav).getAllByRole('button').map((b) => b.textContent)).toEqual([
      t('player.header.map'),
      t('player.header.questions'),
      t('player.header.intro'),
    ]));
    fireEvent.click(within(nav).getByRole('button', { name: t('player.header.map') }));
    expect(await screen.findByTestId('game-map')).toBeTruthy();
    expect(within(nav).getByRole('button', { name: t('player.header.map') }).getAttribute('aria-current')).toBe('page');
    // No geolocation in this browser: the location-disabled explanation shows above the map.
    expect(screen.getByTestId('location-disabled')).toBeTruthy();
    fireEvent.click(within(nav).getByRole('button', { name: t('player.header.questions') }));
    // A map game starts each question with the walk to its area.
    expect(await screen.findByTestId('area-step')).toBeTruthy();
    fireEvent.click(within(nav).getByRole('button', { name: t('player.header.intro') }));
    expect(await screen.findByRole('heading', { name: 'Bialik street hunt' })).toBeTruthy();
  });

  it('a game without a map has no Map item, and its map page says so', async () => {
    fakeServer();
    const { t } = await renderPlayer();
    const nav = await screen.findByRole('navigation', { name: 'header' });
    await waitFor(() => expect(within(nav).queryByRole('button', { name: t('player.header.questions') })).toBeTruthy());
    expect(within(nav).queryByRole('button', { name: t('player.header.map') })).toBeNull();
  });

  it("switches the interface to the game's language", async () => {
    fakeServer({ game: buildGame({ metadata: { language: 'en' } }) });
    const { i18n } = await renderPlayer({ language: 'he' });
    await screen.findByRole('heading', { name: 'Bialik street hunt' });
    await waitFor(() => expect(i18n.language).toBe('en'));
    expect(screen.getByRole('button', { name: "Let's play" })).toBeTruthy();
  });
});

describe('player: a game that is not published', () => {
  beforeEach(resetBrowserState);
  afterEach(resetBrowserState);

  it.each(['he', 'en'] as const)('is not found without a code, and opens with one of its codes (%s)', async (language) => {
    const server = fakeServer({ game: buildGame({ status: 'DRAFT' }) });
    // A draft's public part is 404 to strangers (the server's rule); with a valid code the game comes back.
    server.state.override = (call) =>
      call.method === 'GET' && call.path === `/api/games/${GAME_ID}` && call.headers['x-game-secret'] !== CODE ? { status: 404, body: { message: 'No such game', code: 'not_found' } } : null;
    const { t, missing } = await renderPlayer({ language });
    const form = within(await screen.findByTestId('unlisted-code'));
    expect(screen.getByRole('heading', { name: t('player.errors.notFoundTitle') })).toBeTruthy();

    fireEvent.change(form.getByLabelText(t('player.payment.codeLabel')), { target: { value: 'WRONG1' } });
    fireEvent.click(form.getByRole('button', { name: t('player.payment.sendCode') }));
    expect((await form.findByRole('alert')).textContent).toBe(t('player.payment.codeWrong'));

    fireEvent.change(form.getByLabelText(t('player.payment.codeLabel')), { target: { value: CODE.toLowerCase() } });
    fireEvent.click(form.getByRole('button', { name: t('player.payment.sendCode') }));
    expect(await screen.findByRole('heading', { name: 'Bialik street hunt' })).toBeTruthy();
    const loaded = server.state.calls.filter((c) => c.method === 'GET' && c.path === `/api/games/${GAME_ID}`).at(-1)!;
    expect(loaded.headers['x-game-secret']).toBe(CODE);
    expect(screen.queryByTestId('game-not-found')).toBeNull();
    expect(missing).toEqual([]);
  });
});
