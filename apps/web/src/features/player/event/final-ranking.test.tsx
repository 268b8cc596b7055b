import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Progress, RankedTeam, TeamView } from '@streethunt/shared';
import { connectLive, type LiveOptions } from '../live-socket.ts';
import { STORE_KEYS } from '../player-store.ts';
import { buildProgress, buildTeamView, GAME_ID } from '../test-fixtures.ts';
import { fakeServer, renderPlayer, resetBrowserState, storePlay } from '../test-player.tsx';
import { keptGet } from '../offline/kept-play.ts';

vi.mock('../live-socket.ts', () => ({ connectLive: vi.fn(() => () => undefined) }));
vi.mock('../../../ui/sounds.ts', () => ({ playSound: vi.fn(), primeSounds: vi.fn() }));
vi.mock('../../../ui/map/game-map.tsx', () => ({ default: () => <div data-testid="game-map" /> }));

/** The first wait for a lazy chunk (the event code, the questions) may take a cold import. */
const LAZY = { timeout: 5000 };

const LEADERBOARD: RankedTeam[] = [
  { teamId: 'team-foxes', name: 'Foxes', score: 180, rank: 1, finished: true },
  { teamId: 'team-owls', name: 'The Owls', score: 97, rank: 2, finished: true },
  { teamId: 'team-bears', name: 'Bears', score: 40, rank: 3, finished: false },
];

const finished = buildProgress({
  endTime: '2026-05-01T11:23:45.000Z',
  questions: [
    { status: 'DONE', hints: [{ isOpen: true }, { isOpen: true }] },
    { status: 'SKIPPED', hints: [], solution: '1909' },
    { status: 'DONE', hints: [{ isOpen: false }] },
  ],
});

/** A kept play of a live event's team, its event read, on the questions (or what stands for them). */
async function openPlay(progress: Progress, team: TeamView | null) {
  const server = fakeServer({ progress, team });
  storePlay(server.state.progress);
  const view = await renderPlayer();
  await waitFor(() => expect(server.state.calls.some((call) => call.path === '/api/event-team')).toBe(true), LAZY);
  if (team) await waitFor(() => expect(keptGet(STORE_KEYS.event(GAME_ID))).not.toBeNull(), LAZY);
  fireEvent.click(await screen.findByRole('button', { name: view.t('player.intro.continue') }));
  return { ...view, server, live: vi.mocked(connectLive).mock.calls.at(-1)?.[0] as LiveOptions };
}

describe('player: the end of a live event', () => {
  beforeEach(resetBrowserState);
  afterEach(resetBrowserState);

  it('shows the team’s summary and the final ranking, its own row marked, on game over', async () => {
    const { t, missing } = await openPlay(finished, buildTeamView({ endedAt: '2026-05-01T12:00:00.000Z', leaderboard: LEADERBOARD }));
    const over = await screen.findByTestId('game-over', {}, LAZY);
    const ranking = await within(over).findByTestId('event-ranking');
    expect(within(ranking).getByRole('heading', { name: t('player.event.ranking.final') })).toBeTruthy();
    expect(within(ranking).getByTestId('event-own-rank').textContent).toBe(t('player.event.ranking.own', { name: 'The Owls', rank: 2, count: 3, score: 97 }));
    const rows = within(ranking).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['1', 'Foxes', '180'],
      ['2', `The Owls ${t('player.event.ranking.you')}`, '97'],
      ['3', 'Bears', '40'],
    ]);
    expect(rows.map((row) => row.getAttribute('aria-current'))).toEqual([null, 'true', null]);
    expect(ranking.textContent).not.toContain(t('player.event.ranking.later'));
    // The team's own summary comes first, then the ranking.
    const summary = within(over).getByTestId('summary');
    expect(summary.compareDocumentPosition(ranking) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(summary).getByTestId('summary-score').textContent).toBe('97');
    // No compact ranking button once the team is done: the ranking is on the page.
    expect(screen.queryByTestId('event-ranking-open')).toBeNull();
    expect(missing).toEqual([]);
  });

  it('says the final ranking follows when the team finished first, and shows it when the event ends', async () => {
    const { t, live } = await openPlay(finished, buildTeamView());
    const ranking = await screen.findByTestId('event-ranking', {}, LAZY);
    expect(ranking.textContent).toContain(t('player.event.ranking.later'));
    expect(within(ranking).queryByRole('table')).toBeNull();

    act(() => live.onTeamView?.(buildTeamView({ endedAt: '2026-05-01T12:00:00.000Z', leaderboard: LEADERBOARD })));
    await waitFor(() => expect(within(screen.getByTestId('event-ranking')).getAllByRole('row')).toHaveLength(4));
    expect(screen.getByTestId('event-ranking').textContent).not.toContain(t('player.event.ranking.later'));
  });

  it('ends the play of a team still playing when the event ends, with its summary and the ranking, setting no end time', async () => {
    const { t, server, live } = await openPlay(buildProgress(), buildTeamView());
    await screen.findByTestId('answer-input', {}, LAZY);
    act(() => live.onTeamView?.(buildTeamView({ endedAt: '2026-05-01T12:00:00.000Z', leaderboard: LEADERBOARD })));
    const ended = await screen.findByTestId('event-ended');
    expect(within(ended).getByRole('heading', { name: t('player.event.ended.title') })).toBeTruthy();
    expect(within(ended).getByTestId('summary-time').textContent).toBe('2:00:00');
    expect(within(ended).getByTestId('event-own-rank')).toBeTruthy();
    expect(screen.queryByTestId('answer-input')).toBeNull();
    expect(server.changesSent()).toEqual([]);
  });

  it('stops a team whose own time is up while the event goes on, and says the final ranking follows', async () => {
    const { t, server, live } = await openPlay(buildProgress(), buildTeamView());
    await screen.findByTestId('answer-input', {}, LAZY);
    act(() => live.onTeamView?.(buildTeamView({ endedAt: '2026-05-01T11:30:00.000Z', timeUp: true, leaderboard: LEADERBOARD })));
    const ended = await screen.findByTestId('event-ended');
    expect(within(ended).getByRole('heading', { name: t('player.event.timeUp.title') })).toBeTruthy();
    const ranking = within(ended).getByTestId('event-ranking');
    expect(within(ranking).getByRole('heading', { name: t('player.event.ranking.title') })).toBeTruthy();
    expect(ranking.textContent).toContain(t('player.event.ranking.later'));
    expect(screen.queryByTestId('answer-input')).toBeNull();
    expect(server.changesSent()).toEqual([]);
  });

  it('keeps the ranking on the game over current: another team’s change is pushed, and it is read afresh as it opens', async () => {
    const stale: RankedTeam[] = [{ ...LEADERBOARD[1], score: 40, rank: 2 }, { ...LEADERBOARD[0], score: 60, rank: 1 }].sort((a, b) => a.rank - b.rank);
    const fresh = buildTeamView({ leaderboard: LEADERBOARD });
    const server = fakeServer({ progress: finished, team: buildTeamView({ leaderboard: stale }) });
    storePlay(server.state.progress);
    const view = await renderPlayer();
    await waitFor(() => expect(keptGet(STORE_KEYS.event(GAME_ID))).not.toBeNull(), LAZY);
    // The server's standings moved on while the phone was away from the game over.
    server.state.team = fresh;
    const reads = () => server.state.calls.filter((call) => call.path === '/api/event-team').length;
    const before = reads();
    fireEvent.click(await screen.findByRole('button', { name: view.t('player.intro.continue') }));
    const own = await screen.findByTestId('event-own-rank', {}, LAZY);
    expect(reads()).toBeGreaterThan(before);
    await waitFor(() => expect(own.textContent).toBe(view.t('player.event.ranking.own', { name: 'The Owls', rank: 2, count: 3, score: 97 })));
    // Another team answers: the event's ranking is pushed to every phone, no organiser needed.
    const live = vi.mocked(connectLive).mock.calls.at(-1)?.[0] as LiveOptions;
    const moved = [{ ...LEADERBOARD[2], score: 300, rank: 1 }, { ...LEADERBOARD[0], rank: 2 }, { ...LEADERBOARD[1], rank: 3 }];
    act(() => live.onRanking?.({ eventId: 'event-1', leaderboard: moved, final: false }));
    expect(screen.getByTestId('event-own-rank').textContent).toBe(view.t('player.event.ranking.own', { name: 'The Owls', rank: 3, count: 3, score: 97 }));
    // Another event's ranking changes nothing here.
    act(() => live.onRanking?.({ eventId: 'event-2', leaderboard: [], final: false }));
    expect(within(screen.getByTestId('event-ranking')).getAllByRole('row')).toHaveLength(4);
  });

  it('says so when the final ranking changes after the end (a photo judged late)', async () => {
    const { t, live } = await openPlay(finished, buildTeamView({ endedAt: '2026-05-01T12:00:00.000Z', leaderboard: LEADERBOARD }));
    const ranking = await screen.findByTestId('event-ranking', {}, LAZY);
    expect(within(ranking).queryByTestId('event-ranking-changed')).toBeNull();
    const late = [LEADERBOARD[0], { ...LEADERBOARD[1], score: 177 }, LEADERBOARD[2]];
    act(() => live.onRanking?.({ eventId: 'event-1', leaderboard: late, final: true }));
    expect(within(ranking).getByTestId('event-ranking-changed').textContent).toBe(t('player.event.ranking.changed'));
    expect(within(ranking).getByTestId('event-own-rank').textContent).toBe(t('player.event.ranking.own', { name: 'The Owls', rank: 2, count: 3, score: 177 }));
  });

  it('in a big event, shows the first ten, a gap, the team’s own row, and its place of all the teams ranked', async () => {
    const top: RankedTeam[] = Array.from({ length: 10 }, (_, i) => ({ teamId: `team-${i}`, name: `Team ${i}`, score: 900 - i, rank: i + 1, finished: false }));
    const own: RankedTeam = { teamId: 'team-owls', name: 'The Owls', score: 97, rank: 345, finished: true };
    const { t } = await openPlay(finished, buildTeamView({ endedAt: '2026-05-01T12:00:00.000Z', leaderboard: [...top, own], rankedTeams: 1000 }));
    const ranking = await within(await screen.findByTestId('game-over', {}, LAZY)).findByTestId('event-ranking');
    expect(within(ranking).getByTestId('event-own-rank').textContent).toBe(t('player.event.ranking.own', { name: 'The Owls', rank: 345, count: 1000, score: 97 }));
    const rows = within(ranking).getAllByRole('row', { hidden: true }).slice(1);
    expect(rows).toHaveLength(12);
    expect(rows[10].getAttribute('data-testid')).toBe('leaderboard-gap');
    expect(within(rows[11]).getAllByRole('cell')[0].textContent).toBe('345');
  });

  it('says so on a phone that opens the final ranking only after a late verdict changed it (the server says when)', async () => {
    const changedAt = '2026-05-01T12:20:00.000Z';
    const { t } = await openPlay(finished, buildTeamView({ endedAt: '2026-05-01T12:00:00.000Z', leaderboard: LEADERBOARD, rankingChangedAt: changedAt }));
    const ranking = await screen.findByTestId('event-ranking', {}, LAZY);
    await waitFor(() => expect(within(ranking).getByTestId('event-ranking-changed').textContent).toBe(t('player.event.ranking.changed')));
    expect(within(ranking).getByTestId('event-own-rank').textContent).toBe(t('player.event.ranking.own', { name: 'The Owls', rank: 2, count: 3, score: 97 }));
  });

  it('says nothing of a change on a phone opening a final ranking that never changed', async () => {
    await openPlay(finished, buildTeamView({ endedAt: '2026-05-01T12:00:00.000Z', leaderboard: LEADERBOARD }));
    const ranking = await screen.findByTestId('event-ranking', {}, LAZY);
    await waitFor(() => expect(within(ranking).getAllByRole('row')).toHaveLength(4));
    expect(within(ranking).queryByTestId('event-ranking-changed')).toBeNull();
  });

  it('shows no ranking on the game over of an ordinary code', async () => {
    await openPlay(finished, null);
    await screen.findByTestId('game-over', {}, LAZY);
    expect(screen.queryByTestId('event-ranking')).toBeNull();
    expect(screen.queryByTestId('event-bar')).toBeNull();
  });
});
