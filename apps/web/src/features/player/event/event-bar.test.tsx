import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TeamMessage } from '@streethunt/shared';
import { LIVE_NAMESPACE } from '../../../i18n/live-translations.ts';
import { playSound } from '../../../ui/sounds.ts';
import { connectLive, type LiveOptions } from '../live-socket.ts';
import { STORE_KEYS } from '../player-store.ts';
import { buildGame, buildProgress, buildTeamView, GAME_ID } from '../test-fixtures.ts';
import { fakeServer, renderPlayer, resetBrowserState, storePlay } from '../test-player.tsx';
import { keptGet } from '../offline/kept-play.ts';

vi.mock('../live-socket.ts', () => ({ connectLive: vi.fn(() => () => undefined) }));
vi.mock('../../../ui/sounds.ts', () => ({ playSound: vi.fn(), primeSounds: vi.fn() }));
vi.mock('../../../ui/map/game-map.tsx', () => ({ default: () => <div data-testid="game-map" /> }));

/** The first wait for a lazy chunk (the event code, the questions) may take a cold import. */
const LAZY = { timeout: 5000 };

const sounds = vi.mocked(playSound);
const lastLive = () => vi.mocked(connectLive).mock.calls.at(-1)?.[0] as LiveOptions;

const message = (id: string, text: string, toTeam = false): TeamMessage => ({ id, at: '2026-05-01T10:30:00.000Z', text, toTeam });

/** A phone whose kept play is a live event team's, on the questions once the event was read. */
async function openQuestions(team = buildTeamView(), { loadedLater }: { loadedLater?: string[] } = {}) {
  const server = fakeServer({ team });
  storePlay(server.state.progress, buildGame());
  const view = await renderPlayer({ loadedLater });
  fireEvent.click(await screen.findByRole('button', { name: view.t('player.intro.continue') }));
  await screen.findByTestId('answer-input', {}, LAZY);
  // The event was read (and kept): what the socket brings next is news.
  await waitFor(() => expect(keptGet(STORE_KEYS.event(GAME_ID))).not.toBeNull(), LAZY);
  return { ...view, server, live: lastLive() };
}

/** A browser's geolocation that reports `fix` to every watcher. */
function fakeGeolocation(fix = { latitude: 32.08, longitude: 34.78, accuracy: 12 }) {
  const api = {
    watchPosition: vi.fn((success: PositionCallback) => {
      success({ coords: fix } as GeolocationPosition);
      return 1;
    }),
    clearWatch: vi.fn(),
    getCurrentPosition: vi.fn(),
  };
  Object.defineProperty(navigator, 'geolocation', { value: api, configurable: true });
  return api;
}

describe('player: a live event while playing', () => {
  const originalGeolocation = Object.getOwnPropertyDescriptor(navigator, 'geolocation');
  beforeEach(() => {
    resetBrowserState();
    sounds.mockClear();
    vi.mocked(connectLive).mockClear();
  });
  afterEach(() => {
    vi.useRealTimers();
    if (originalGeolocation) Object.defineProperty(navigator, 'geolocation', originalGeolocation);
    else Reflect.deleteProperty(navigator, 'geolocation');
    resetBrowserState();
  });

  it('rings and shows a new message until dismissed, once; every message stays in the list', async () => {
    const { t, live, missing } = await openQuestions();
    expect(screen.queryByTestId('event-bar')).toBeNull();

    const first = message('m1', 'Meet at the fountain at <b>12:00</b>');
    act(() => live.onTeamView?.(buildTeamView({ messages: [first] })));
    const alert = await screen.findByTestId('event-message');
    expect(within(alert).getByText(t('player.event.message.title'))).toBeTruthy();
    // Said once through the app's live region, as it comes; the box is no second alert.
    expect(alert.getAttribute('role')).toBe('region');
    expect(screen.getByTestId('announce-assertive').textContent).toBe(`${t('player.event.message.title')}: Meet at the fountain at <b>12:00</b>`);
    // Plain text: the organiser's markup shows as typed.
    expect(within(alert).getByTestId('event-message-text').textContent).toBe('Meet at the fountain at <b>12:00</b>');
    expect(alert.querySelector('b')).toBeNull();
    expect(sounds.mock.calls).toEqual([['message']]);

    // The same view again (a rename, a reconnection) rings nothing new.
    act(() => live.onTeamView?.(buildTeamView({ messages: [first] })));
    expect(sounds).toHaveBeenCalledTimes(1);
    // The questions go on beneath it.
    expect(screen.getByTestId('answer-input')).toBeTruthy();

    fireEvent.click(within(alert).getByRole('button', { name: t('player.event.message.dismiss') }));
    await waitFor(() => expect(screen.queryByTestId('event-message')).toBeNull());

    const second = message('m2', 'Team Owls: you are doing great', true);
    act(() => live.onTeamView?.(buildTeamView({ messages: [first, second] })));
    const next = await screen.findByTestId('event-message');
    expect(within(next).getAllByTestId('event-message-text').map((node) => node.textContent)).toEqual(['Team Owls: you are doing great']);
    expect(screen.getByTestId('announce-assertive').textContent).toBe(`${t('player.event.message.title')}: Team Owls: you are doing great`);
    expect(sounds).toHaveBeenCalledTimes(2);

    fireEvent.click(screen.getByRole('button', { name: t('player.event.messages.open', { count: 2 }) }));
    const list = within(await screen.findByRole('dialog')).getByTestId('event-messages');
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining(t('player.event.messages.toTeam')),
      expect.stringContaining(t('player.event.messages.toAll')),
    ]);
    expect(items[0].textContent).toContain('Team Owls: you are doing great');
    expect(items[1].textContent).toContain('Meet at the fountain at <b>12:00</b>');
    expect(missing).toEqual([]);
  });

  it('remembers dismissed messages across a reload, and rings for one that came meanwhile', async () => {
    const first = message('m1', 'Lunch at 13:00');
    const { t, server, unmount } = await openQuestions(buildTeamView({ messages: [first] }));
    fireEvent.click(within(await screen.findByTestId('event-message')).getByRole('button', { name: t('player.event.message.dismiss') }));
    unmount();
    sounds.mockClear();

    server.state.team = buildTeamView({ messages: [first, message('m2', 'Rain: go to the library')] });
    await renderPlayer();
    const alert = await screen.findByTestId('event-message', {}, LAZY);
    expect(within(alert).getAllByTestId('event-message-text').map((node) => node.textContent)).toEqual(['Rain: go to the library']);
    expect(sounds.mock.calls).toEqual([['message']]);
  });

  it('reads the event again when the socket is back in the play’s room', async () => {
    const { server, live } = await openQuestions();
    const reads = () => server.state.calls.filter((call) => call.path === '/api/event-team').length;
    await waitFor(() => expect(reads()).toBe(1));
    server.state.team = buildTeamView({ messages: [message('m1', 'Missed while away')] });
    act(() => live.onWatched?.(vi.fn()));
    expect(await screen.findByText('Missed while away')).toBeTruthy();
    expect(reads()).toBe(2);
  });

  it('keeps a compact ranking one tap away when the event shows it', async () => {
    const leaderboard = [
      { teamId: 'team-foxes', name: 'Foxes', score: 180, rank: 1, finished: true },
      { teamId: 'team-owls', name: 'The Owls', score: 120, rank: 2, finished: false },
    ];
    const { t } = await openQuestions(buildTeamView({ leaderboard }));
    fireEvent.click(await screen.findByRole('button', { name: t('player.event.ranking.open') }));
    const dialog = await screen.findByRole('dialog');
    const rows = within(dialog).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.getAttribute('aria-current'))).toEqual([null, 'true']);
    expect(rows[1].textContent).toContain(`The Owls ${t('player.event.ranking.you')}`);
    expect(within(rows[0]).getByRole('img', { name: t('player.event.ranking.finished') })).toBeTruthy();
  });

  it('sends the position every 5 s on the watched socket while the event is on', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const now = Date.now();
    const geolocation = fakeGeolocation();
    const { live } = await openQuestions(
      buildTeamView({ startsAt: new Date(now - 3_600_000).toISOString(), endsAt: new Date(now + 3_600_000).toISOString() }),
    );
    await waitFor(() => expect(geolocation.watchPosition).toHaveBeenCalled());
    const send = vi.fn();
    act(() => live.onWatched?.(send));
    act(() => vi.advanceTimersByTime(5_000));
    expect(send.mock.calls).toEqual([[{ lat: 32.08, lng: 34.78 }]]);
    act(() => vi.advanceTimersByTime(5_000));
    expect(send).toHaveBeenCalledTimes(2);

    // The event ended: the watch stops and nothing more is sent.
    act(() => live.onTeamView?.(buildTeamView({ endedAt: new Date(now).toISOString() })));
    await screen.findByTestId('event-ended');
    expect(geolocation.clearWatch).toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(15_000));
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('sends nothing when location is denied, and the game goes on', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const now = Date.now();
    const geolocation = fakeGeolocation();
    geolocation.watchPosition.mockImplementation((_success: PositionCallback, failure?: PositionErrorCallback | null) => {
      failure?.({ code: 1, message: 'User denied Geolocation' } as GeolocationPositionError);
      return 1;
    });
    const { live } = await openQuestions(
      buildTeamView({ startsAt: new Date(now - 3_600_000).toISOString(), endsAt: new Date(now + 3_600_000).toISOString() }),
    );
    await waitFor(() => expect(geolocation.watchPosition).toHaveBeenCalled());
    const send = vi.fn();
    act(() => live.onWatched?.(send));
    act(() => vi.advanceTimersByTime(15_000));
    expect(send).not.toHaveBeenCalled();
    expect(screen.getByTestId('answer-input')).toBeTruthy();
  });

  it('sends no position outside the event’s time, and plays on without one', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    fakeGeolocation();
    // An event that starts in an hour (the phone reads it before it starts).
    const now = Date.now();
    const { live } = await openQuestions(buildTeamView({ startsAt: new Date(now + 3_600_000).toISOString(), endsAt: new Date(now + 7_200_000).toISOString() }));
    const send = vi.fn();
    act(() => live.onWatched?.(send));
    act(() => vi.advanceTimersByTime(15_000));
    expect(send).not.toHaveBeenCalled();
    expect(screen.getByTestId('answer-input')).toBeTruthy();
  });

  it('counts down to the team’s end, and warns once at 10 minutes and once at 1 minute left, for screen readers too', async () => {
    // The kept play started at 10:00; it is 10:20, and the team's own time ends at 10:30:30.
    const now = Date.parse('2026-05-01T10:20:00.000Z');
    vi.useFakeTimers({ now, toFake: ['setInterval', 'clearInterval', 'Date'] });
    const { t } = await openQuestions(buildTeamView({ startsAt: '2026-05-01T09:00:00.000Z', endsAt: '2026-05-01T10:30:30.000Z' }));
    const timer = screen.getByTestId('timer');
    expect(timer.getAttribute('data-mode')).toBe('left');
    expect(timer.textContent).toBe('0:10:30');
    expect(timer.getAttribute('aria-label')).toBe(t('player.timer.left', { time: '0:10:30' }));
    expect(screen.queryByTestId('time-warning')).toBeNull();

    act(() => vi.advanceTimersByTime(31_000));
    expect(timer.textContent).toBe('0:09:59');
    const ten = screen.getByTestId('time-warning');
    expect(ten.getAttribute('data-level')).toBe('ten');
    expect(ten.textContent).toContain(t('player.event.timeWarning.ten'));
    // Said once through the app's live region; the timer itself is no live region (role timer: not read every second).
    const said = screen.getByTestId('announce-assertive');
    expect(said.textContent).toBe(t('player.event.timeWarning.ten'));
    expect(timer.getAttribute('role')).toBe('timer');
    expect(timer.getAttribute('aria-live')).toBeNull();
    // Read: it does not come back as the seconds go by.
    fireEvent.click(within(ten).getByRole('button', { name: t('player.event.timeWarning.dismiss') }));
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.queryByTestId('time-warning')).toBeNull();

    act(() => vi.advanceTimersByTime(8 * 60_000));
    expect(timer.textContent).toBe('0:00:59');
    const one = screen.getByTestId('time-warning');
    expect(one.getAttribute('data-level')).toBe('one');
    expect(one.textContent).toContain(t('player.event.timeWarning.one'));
    expect(said.textContent).toBe(t('player.event.timeWarning.one'));
  });

  it('shows a time warning at once: its texts came with the event, not when it is due (no Suspense there, and the phone may be offline by then)', async () => {
    const now = Date.parse('2026-05-01T10:20:00.000Z');
    vi.useFakeTimers({ now, toFake: ['setInterval', 'clearInterval', 'Date'] });
    // The live texts are not in from the start: the app's loader fetches them when asked, as in the browser.
    const { t, i18n } = await openQuestions(buildTeamView({ startsAt: '2026-05-01T09:00:00.000Z', endsAt: '2026-05-01T10:30:30.000Z' }), { loadedLater: [LIVE_NAMESPACE] });
    expect(i18n.hasLoadedNamespace(LIVE_NAMESPACE)).toBe(true);

    act(() => vi.advanceTimersByTime(31_000));
    expect(screen.getByTestId('time-warning').textContent).toContain(t('player.event.timeWarning.ten'));
    expect(screen.getByTestId('answer-input')).toBeTruthy();
  });

  it('warns only at 1 minute for a time of 10 minutes or less', async () => {
    const now = Date.parse('2026-05-01T10:01:00.000Z');
    vi.useFakeTimers({ now, toFake: ['setInterval', 'clearInterval', 'Date'] });
    await openQuestions(buildTeamView({ startsAt: '2026-05-01T09:00:00.000Z', endsAt: '2026-05-01T10:05:00.000Z' }));
    expect(screen.getByTestId('timer').textContent).toBe('0:04:00');
    expect(screen.queryByTestId('time-warning')).toBeNull();
    act(() => vi.advanceTimersByTime(3 * 60_000 + 1_000));
    expect(screen.getByTestId('time-warning').getAttribute('data-level')).toBe('one');
  });

  it('shows nothing of an event, and watches no position, for an ordinary code', async () => {
    const geolocation = fakeGeolocation();
    const server = fakeServer();
    storePlay(server.state.progress, buildGame());
    const { t } = await renderPlayer();
    await screen.findByRole('button', { name: t('player.intro.continue') });
    await waitFor(() => expect(server.state.calls.some((call) => call.path === '/api/event-team')).toBe(true), LAZY);
    expect(screen.queryByTestId('event-position-note')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: t('player.intro.continue') }));
    await screen.findByTestId('answer-input', {}, LAZY);
    expect(screen.queryByTestId('event-bar')).toBeNull();
    expect(screen.queryByTestId('team-naming')).toBeNull();
    expect(geolocation.watchPosition).not.toHaveBeenCalled();
    expect(sounds).not.toHaveBeenCalled();
    expect(server.state.calls.filter((call) => call.path === '/api/event-team').map((call) => call.body)).toEqual([
      { gameId: buildProgress().game_id, secretCode: buildProgress().game_secret },
    ]);
  });
});
