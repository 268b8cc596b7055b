import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { formatPrice } from '@streethunt/shared';
import { STORE_KEYS } from './player-store.ts';
import { buildGame, buildProgress, CODE, GAME_ID } from './test-fixtures.ts';
import { fakeServer, renderPlayer, resetBrowserState } from './test-player.tsx';
import { keptGet, keptPut } from './offline/kept-play.ts';

vi.mock('./live-socket.ts', () => ({ connectLive: vi.fn(() => () => undefined) }));
vi.mock('../../ui/sounds.ts', () => ({ playSound: vi.fn(), primeSounds: vi.fn() }));
vi.mock('../../ui/map/game-map.tsx', () => ({ default: () => <div data-testid="game-map" /> }));

/** The questions page loads lazily: its first import may take a while in a test run. */
const LAZY = { timeout: 5000 };

/** A free game: set-start-time without a code gets the play's code (CODE) from the server. */
function freeServer() {
  const server = fakeServer({ game: buildGame({ metadata: { price: '0' } }), progress: buildProgress({ startTime: '2026-05-01T10:00:00.000Z' }) });
  server.state.override = (call) =>
    call.body?.action === 'set-start-time' && call.body.secretCode === undefined && call.body.gameId === GAME_ID
      ? { status: 200, body: { status: 'OK', gameProgress: server.state.progress } }
      : null;
  return server;
}

const startCalls = (server: ReturnType<typeof fakeServer>) => server.state.calls.filter((c) => c.body?.action === 'set-start-time' && !c.offline);
const activeGame = () => keptGet(STORE_KEYS.active) as unknown;

describe('player: a free game starts without a code', () => {
  beforeEach(resetBrowserState);
  afterEach(resetBrowserState);

  it("'let's play' starts the play; the intro then shows the play's code to copy for the team", async () => {
    const server = freeServer();
    const { t, missing } = await renderPlayer();
    const intro = await screen.findByTestId('intro-page');
    expect(within(intro).getByTestId('game-price').textContent).toBe(`${t('player.intro.price')}: ${t('price.free')}`);
    fireEvent.click(within(intro).getByRole('button', { name: t('player.intro.letsPlay') }));

    // Straight to the first question: no code screen.
    expect(await screen.findByRole('heading', { name: t('player.question.title', { n: 1 }) }, LAZY)).toBeTruthy();
    expect(screen.queryByTestId('code-entry')).toBeNull();
    expect(startCalls(server).map((c) => c.body)).toEqual([{ action: 'set-start-time', gameId: GAME_ID }]);
    expect(activeGame()).toEqual({ game_id: GAME_ID, game_secret: CODE });

    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    fireEvent.click(within(await screen.findByRole('navigation', { name: 'header' })).getByRole('button', { name: t('player.header.intro') }));
    const playCode = await screen.findByTestId('play-code');
    expect(within(playCode).getByTestId('play-code-value').textContent).toBe(CODE);
    expect(within(playCode).getByText(t('player.playCode.explanation'))).toBeTruthy();
    expect(screen.getByRole('button', { name: t('player.intro.continue') })).toBeTruthy();
    fireEvent.click(within(playCode).getByRole('button', { name: t('player.playCode.copy') }));
    expect(await within(playCode).findByRole('button', { name: t('player.playCode.copied') })).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(CODE);
    expect(missing).toEqual([]);
  });

  it('offline: says so plainly and keeps nothing; back online, the same tap starts the play', async () => {
    const server = freeServer();
    const { t } = await renderPlayer({ language: 'en' });
    const intro = await screen.findByTestId('intro-page');
    server.state.down = true;
    fireEvent.click(within(intro).getByRole('button', { name: t('player.intro.letsPlay') }));
    const alert = await screen.findByTestId('free-start-error');
    expect(alert.textContent).toBe(t('player.free.offline'));
    expect(alert.getAttribute('role')).toBe('alert');
    expect(screen.getByTestId('intro-page')).toBeTruthy();
    expect(activeGame()).toEqual({ game_id: GAME_ID, game_secret: null });

    server.state.down = false;
    fireEvent.click(within(intro).getByRole('button', { name: t('player.intro.letsPlay') }));
    expect(await screen.findByRole('heading', { name: t('player.question.title', { n: 1 }) }, LAZY)).toBeTruthy();
    expect(activeGame()).toEqual({ game_id: GAME_ID, game_secret: CODE });
  });

  it("the code screen joins a team's play with its code, offers a new play instead of buying, and names the game", async () => {
    const server = freeServer();
    const { t, missing } = await renderPlayer();
    fireEvent.click(await screen.findByRole('button', { name: t('player.intro.joinTeam') }));
    const entry = await screen.findByTestId('code-entry');
    expect(within(entry).getByTestId('game-line').textContent).toContain('Bialik street hunt');
    expect(within(entry).getByTestId('game-price').textContent).toContain(t('price.free'));
    expect(within(entry).getByText(t('player.free.explanation'))).toBeTruthy();
    expect(within(entry).queryByRole('button', { name: t('player.payment.purchase') })).toBeNull();
    expect(within(entry).getByRole('button', { name: t('player.free.startNew') })).toBeTruthy();

    fireEvent.change(within(entry).getByLabelText(t('player.payment.codeLabel')), { target: { value: CODE } });
    fireEvent.click(within(entry).getByRole('button', { name: t('player.payment.sendCode') }));
    fireEvent.click(await within(entry).findByRole('button', { name: t('player.payment.continue') }));
    expect(await screen.findByRole('heading', { name: t('player.question.title', { n: 1 }) }, LAZY)).toBeTruthy();
    expect(startCalls(server).map((c) => c.body)).toEqual([{ action: 'set-start-time', gameId: GAME_ID, secretCode: CODE }]);
    expect(missing).toEqual([]);
  });

  it('a game that turns out to need a code (the server refuses) leads to the code screen', async () => {
    const server = fakeServer({ game: buildGame({ metadata: { price: '' } }) });
    const { t } = await renderPlayer();
    fireEvent.click(await screen.findByRole('button', { name: t('player.intro.letsPlay') }));
    expect(await screen.findByTestId('code-entry')).toBeTruthy();
    expect(startCalls(server)).toHaveLength(1);
  });
});

describe('player: the game and its price in the buying flow', () => {
  beforeEach(resetBrowserState);
  afterEach(resetBrowserState);

  it.each(['he', 'en'] as const)('the intro, the code screen and the purchase form name the game and its price (%s game)', async (language) => {
    fakeServer({ game: buildGame({ metadata: { language, price: '45' } }) });
    const { t, missing } = await renderPlayer({ language });
    const price = formatPrice('45', 'ILS');
    expect(price).toEqual({ kind: 'amount', text: '₪45' });

    const intro = await screen.findByTestId('intro-page');
    expect(within(intro).getByRole('heading', { level: 1, name: 'Bialik street hunt' })).toBeTruthy();
    expect(within(intro).getByTestId('price').textContent).toBe('₪45');
    expect(within(intro).getByTestId('price').getAttribute('dir')).toBe('ltr');
    fireEvent.click(within(intro).getByRole('button', { name: t('player.intro.letsPlay') }));

    const entry = await screen.findByTestId('code-entry');
    expect(within(entry).getByTestId('game-line').textContent).toBe(`Bialik street hunt${t('player.intro.price')}: ₪45`);
    expect(within(entry).queryByRole('button', { name: t('player.free.startNew') })).toBeNull();
    fireEvent.click(within(entry).getByRole('button', { name: t('player.payment.purchase') }));

    const form = await screen.findByTestId('purchase-form');
    expect(within(form).getByTestId('game-line').textContent).toContain('Bialik street hunt');
    expect(within(form).getByTestId('price').textContent).toBe('₪45');
    // Before paying, the buyer reads that a purchase may be cancelled, with the terms one tap away.
    const note = await within(form).findByTestId('cancel-note');
    expect(note.textContent).toContain(t('purchases:cancelNote'));
    expect(within(note).getByRole('link', { name: t('purchases:cancelTerms') }).getAttribute('href')).toBe('/terms#terms-cancellations');
    expect(missing).toEqual([]);
  });

  it('back from paying: the code screen, with the bought code filled in, one tap from playing', async () => {
    const server = fakeServer({ progress: buildProgress({ startTime: null }) });
    // What /payment-success keeps: the game and its code, no progress yet.
    keptPut(STORE_KEYS.active, { game_id: GAME_ID, game_secret: CODE });
    const { t, router } = await renderPlayer({ url: '/games' });
    await act(() => router.navigate(`/game/${GAME_ID}`, { state: { page: 'payment' } }));
    const entry = await screen.findByTestId('code-entry');
    expect((within(entry).getByLabelText(t('player.payment.codeLabel')) as HTMLInputElement).value).toBe(CODE);
    expect(within(entry).getByTestId('game-line').textContent).toContain('Bialik street hunt');
    fireEvent.click(within(entry).getByRole('button', { name: t('player.payment.sendCode') }));
    expect(await within(entry).findByRole('img', { name: t('player.payment.codeRight') })).toBeTruthy();
    expect(startCalls(server).map((c) => c.body)).toEqual([{ action: 'set-start-time', gameId: GAME_ID, secretCode: CODE }]);
  });

  it('a plain link (or a reload) opens the intro', async () => {
    fakeServer();
    keptPut(STORE_KEYS.active, { game_id: GAME_ID, game_secret: CODE });
    await renderPlayer();
    expect(await screen.findByTestId('intro-page')).toBeTruthy();
  });
});

describe("player: the game's language only inside the game", () => {
  beforeEach(resetBrowserState);
  afterEach(resetBrowserState);

  it("leaving the game gives the visitor's language back", async () => {
    fakeServer({ game: buildGame({ metadata: { language: 'en' } }) });
    const { i18n, router } = await renderPlayer({ language: 'he' });
    await waitFor(() => expect(i18n.language).toBe('en'));
    await act(() => router.navigate('/games'));
    await screen.findByTestId('landed');
    await waitFor(() => expect(i18n.language).toBe('he'));
  });

  it("a switch from the menu inside the game is the visitor's choice: it stays, in the game and after leaving", async () => {
    fakeServer({ game: buildGame({ metadata: { language: 'en' } }) });
    localStorage.setItem('lang', 'he');
    const { i18n, router, t } = await renderPlayer({ language: 'he' });
    await waitFor(() => expect(i18n.language).toBe('en'));
    // The menu's switch: the app keeps it under 'lang' (i18n/setup.ts) and shows it.
    const choose = async (language: 'he' | 'en') => {
      localStorage.setItem('lang', language);
      await act(() => i18n.changeLanguage(language));
    };
    await choose('he');
    fireEvent.click(await screen.findByRole('button', { name: t('player.intro.letsPlay') }));
    await screen.findByTestId('code-entry');
    expect(i18n.language).toBe('he');
    await choose('en');
    await act(() => router.navigate('/games'));
    await screen.findByTestId('landed');
    expect(i18n.language).toBe('en');
  });
});
