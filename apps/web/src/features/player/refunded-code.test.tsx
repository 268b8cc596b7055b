import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import type { Language } from '@streethunt/shared';
import { buildGame, CODE } from './test-fixtures.ts';
import { fakeServer, renderPlayer, resetBrowserState } from './test-player.tsx';

vi.mock('./live-socket.ts', () => ({ connectLive: vi.fn(() => () => undefined) }));
vi.mock('../../ui/sounds.ts', () => ({ playSound: vi.fn(), primeSounds: vi.fn() }));
vi.mock('../../ui/map/game-map.tsx', () => ({ default: () => <div data-testid="game-map" /> }));

describe('player: a refunded code typed at the code entry', () => {
  beforeEach(resetBrowserState);
  afterEach(resetBrowserState);

  it.each<Language>(['he', 'en'])('says in %s that the code was refunded, not that it is wrong', async (language) => {
    // The player speaks the game's language.
    const server = fakeServer({ game: buildGame({ metadata: { language, price: '45' } }) });
    // The server knows the code, but its purchase was refunded.
    server.state.override = (call) =>
      call.path === '/api/game-progress' ? { status: 410, body: { message: 'This code was refunded and no longer works', code: 'code_refunded' } } : null;
    const { t, missing } = await renderPlayer({ language });
    fireEvent.click(await screen.findByRole('button', { name: t('player.intro.letsPlay') }));
    fireEvent.change(await screen.findByTestId('code-input'), { target: { value: CODE } });
    fireEvent.submit(screen.getByTestId('code-input').closest('form')!);

    const alert = await screen.findByTestId('code-refunded');
    expect(alert.textContent).toContain(t('player.payment.codeRefunded'));
    expect(t('player.payment.codeRefunded')).not.toBe('player.payment.codeRefunded');
    expect(screen.queryByText(t('player.payment.codeWrong'))).toBeNull();
    expect(screen.queryByTestId('code-continue')).toBeNull();
    expect(missing).toEqual([]);
  });
});
