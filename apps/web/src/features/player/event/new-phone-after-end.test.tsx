import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { RankedTeam } from '@streethunt/shared';
import { buildProgress, buildTeamView, CODE } from '../test-fixtures.ts';
import { fakeServer, renderPlayer, resetBrowserState } from '../test-player.tsx';

vi.mock('../live-socket.ts', () => ({ connectLive: vi.fn(() => () => undefined) }));
vi.mock('../../../ui/sounds.ts', () => ({ playSound: vi.fn(), primeSounds: vi.fn() }));
vi.mock('../../../ui/map/game-map.tsx', () => ({ default: () => <div data-testid="game-map" /> }));

/** The first wait for a lazy chunk (the event code, the questions) may take a cold import. */
const LAZY = { timeout: 5000 };

const LEADERBOARD: RankedTeam[] = [
  { teamId: 'team-foxes', name: 'Foxes', score: 180, rank: 1, finished: true },
  { teamId: 'team-bears', name: 'Bears', score: 40, rank: 2, finished: false },
];

describe('player: a new phone enters its team’s code after the event ended', () => {
  beforeEach(resetBrowserState);
  afterEach(resetBrowserState);

  it('is not told the code is wrong: it sees that the event ended and the final ranking', async () => {
    const never = buildProgress({ startTime: null, lastUpdate: '2026-05-01T12:00:00.000Z' });
    const server = fakeServer({ progress: never, team: buildTeamView({ teamName: 'The Owls', endedAt: '2026-05-01T12:00:00.000Z', leaderboard: LEADERBOARD }) });
    // The server refuses to start a play of an event that has ended; reading the play is allowed.
    server.state.override = (call) =>
      call.path === '/api/game-progress' && call.body?.action === 'set-start-time' ? { status: 409, body: { message: 'The event has ended', code: 'conflict' } } : null;
    const { t, missing } = await renderPlayer({ language: 'en' });
    fireEvent.click(await screen.findByRole('button', { name: t('player.intro.letsPlay') }));
    fireEvent.change(await screen.findByTestId('code-input'), { target: { value: CODE } });
    fireEvent.submit(screen.getByTestId('code-input').closest('form')!);

    const ended = await screen.findByTestId('event-ended', {}, LAZY);
    expect(within(ended).getByRole('heading', { name: t('player.event.ended.title') })).toBeTruthy();
    const ranking = within(ended).getByTestId('event-ranking');
    expect(within(ranking).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell')[1]?.textContent)).toEqual(['Foxes', 'Bears']);
    // Nothing to sum up for a team that never started, and no word of a wrong code.
    expect(screen.queryByTestId('summary')).toBeNull();
    expect(screen.queryByText(t('player.payment.codeWrong'))).toBeNull();
    expect(missing).toEqual([]);
  });
});
