import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { GameReply } from '@streethunt/shared';
import { buildGame } from './test-fixtures.ts';
import { fakeServer, renderPlayer, resetBrowserState, storePlay } from './test-player.tsx';

vi.mock('./live-socket.ts', () => ({ connectLive: vi.fn(() => () => undefined) }));
vi.mock('../../ui/sounds.ts', () => ({ playSound: vi.fn(), primeSounds: vi.fn() }));
vi.mock('../../ui/map/game-map.tsx', () => ({ default: () => <div data-testid="game-map" /> }));

const accessibility = { stepFree: 'yes' as const, lengthKm: 2.4, durationMinutes: 90, notes: 'Benches at every stop' };

/** The game with its first stop's step-free alternative. */
function withAlternative(game: GameReply): GameReply {
  const [first, ...rest] = game.questions ?? [];
  return { ...game, questions: [{ ...first!, alternative: { location: { lat: 32.0771, lng: 34.7745 }, note: 'The ramp by the fountain' } }, ...rest] };
}

describe('player: how accessible the game is (DESIGN.md section 16)', () => {
  beforeEach(resetBrowserState);
  afterEach(resetBrowserState);

  it.each([
    ['he', '2.4 ק״מ · כ־90 דק׳'],
    ['en', '2.4 km · about 90 min'],
  ] as const)('the intro says step-free, the length and duration, and the notes (%s)', async (language, words) => {
    // The player's interface follows the game's language.
    fakeServer({ game: buildGame({ metadata: { accessibility, language } }) });
    const { t, missing } = await renderPlayer({ language });
    const block = await screen.findByTestId('intro-walk');
    expect(within(block).getByRole('heading', { name: t('walk.title') })).toBeTruthy();
    expect(within(block).getByTestId('intro-step-free').textContent).toBe(t('walk.stepFreeYes'));
    expect(within(block).getByTestId('intro-walk-figures').textContent?.replace(/\s/g, ' ')).toBe(`${t('walk.figuresLabel')} ${words}`.replace(/\s/g, ' '));
    expect(within(block).getByTestId('intro-walk-notes').textContent).toBe('Benches at every stop');
    expect(missing).toEqual([]);
  });

  it('the intro says a route is not step-free, without figures it was not given', async () => {
    fakeServer({ game: buildGame({ metadata: { accessibility: { stepFree: 'no' }, language: 'en' } }) });
    const { t } = await renderPlayer({ language: 'en' });
    expect((await screen.findByTestId('intro-step-free')).textContent).toBe(t('walk.stepFreeNo'));
    expect(screen.queryByTestId('intro-walk-figures')).toBeNull();
  });

  it('the intro of a game that states nothing has no accessibility block', async () => {
    fakeServer({ game: buildGame({ metadata: { language: 'en' } }) });
    await renderPlayer({ language: 'en' });
    await screen.findByTestId('intro-page');
    // Past hydration and any lazy part: the page's buttons are there, the block is not.
    await screen.findByTestId('buy-event');
    expect(screen.queryByTestId('intro-walk')).toBeNull();
  });

  it.each(['he', 'en'] as const)('a stop with an alternative shows it on the area step, and the guide leads there on request (%s)', async (language) => {
    const server = fakeServer({ game: withAlternative(buildGame({ metadata: { map: true, language } })) });
    storePlay(server.state.progress);
    const { t, missing } = await renderPlayer({ language });
    fireEvent.click(await screen.findByRole('button', { name: t('player.intro.continue') }));
    const step = await screen.findByTestId('area-step');
    const spot = await within(step).findByTestId('alternative-spot');
    expect(spot.textContent).toContain(t('walk.alternativeLabel'));
    expect(spot.textContent).toContain('The ramp by the fountain');
    const guide = within(spot).getByRole('button', { name: t('walk.guideAlternative') });
    expect(guide.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(guide);
    expect(within(spot).getByRole('button', { name: t('walk.guideArea') }).getAttribute('aria-pressed')).toBe('true');
    expect(within(step).getByTestId('area-guide')).toBeTruthy();
    expect(missing).toEqual([]);
  });

  it('a game without the map shows the alternative on the question', async () => {
    const server = fakeServer({ game: withAlternative(buildGame({ metadata: { language: 'en' } })) });
    storePlay(server.state.progress);
    const { t } = await renderPlayer({ language: 'en' });
    fireEvent.click(await screen.findByRole('button', { name: t('player.intro.continue') }));
    const spot = await screen.findByTestId('alternative-spot');
    expect(spot.textContent).toBe(`${t('walk.alternativeLabel')} The ramp by the fountain`);
    expect(within(spot).queryByRole('button')).toBeNull();
  });
});
