import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import type { Language } from '@streethunt/shared';
import { buildGame, CODE } from './test-fixtures.ts';
import { fakeServer, renderPlayer, resetBrowserState } from './test-player.tsx';

vi.mock('./live-socket.ts', () => ({ connectLive: vi.fn(() => () => undefined) }));
vi.mock('../../ui/sounds.ts', () => ({ playSound: vi.fn(), primeSounds: vi.fn() }));
vi.mock('../../ui/map/game-map.tsx', () => ({ default: () => <div data-testid="game-map" /> }));

describe('player: a disqualified event team’s code typed on a new phone', () => {
  beforeEach(resetBrowserState);
  afterEach(resetBrowserState);

  it.each<Language>(['he', 'en'])('says in %s that the team was disqualified, not that the code is wrong', async (language) => {
    const server = fakeServer({ game: buildGame({ metadata: { language, price: '45' } }) });
    // The code is a live event team's, and the organiser disqualified the team.
    server.state.override = (call) =>
      call.path === '/api/game-progress' ? { status: 403, body: { message: 'This team was disqualified by the organiser', code: 'team_disqualified' } } : null;
    const { t, missing } = await renderPlayer({ language });
    fireEvent.click(await screen.findByRole('button', { name: t('player.intro.letsPlay') }));
    fireEvent.change(await screen.findByTestId('code-input'), { target: { value: CODE } });
    fireEvent.submit(screen.getByTestId('code-input').closest('form')!);

    const alert = await screen.findByTestId('code-disqualified');
    expect(alert.textContent).toContain(t('player.payment.codeDisqualified'));
    expect(t('player.payment.codeDisqualified')).not.toBe('player.payment.codeDisqualified');
    expect(screen.queryByText(t('player.payment.codeWrong'))).toBeNull();
    expect(screen.queryByTestId('code-result')).toBeNull();
    expect(screen.queryByTestId('code-continue')).toBeNull();
    expect(missing).toEqual([]);
  });
});
