import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { GameReply, Language, Progress } from '@streethunt/shared';
import { writeLanguageChoice } from './kept-language.ts';
import { buildGame, buildProgress, GAME_ID } from './test-fixtures.ts';
import { fakeServer, renderPlayer, resetBrowserState, storePlay } from './test-player.tsx';

vi.mock('./live-socket.ts', () => ({ connectLive: vi.fn(() => () => undefined) }));
vi.mock('../../ui/sounds.ts', () => ({ playSound: vi.fn(), primeSounds: vi.fn() }));
vi.mock('../../ui/map/game-map.tsx', () => ({ default: () => <div data-testid="game-map" /> }));

// A Hebrew game this phone plays in English (DESIGN.md section 13): what the team sends says so.
/** The player's pages load lazily: on a busy machine the first wait may pass the default second. */
const LAZY = { timeout: 5000 };

const gameIn = (language: Language): GameReply =>
  buildGame({ metadata: { language, languages: ['he', 'en'], ...(language === 'en' && { originalLanguage: 'he' as const }) } });

async function playInEnglish(progress: Progress) {
  const server = fakeServer({ game: gameIn('he'), translations: { en: gameIn('en') }, progress });
  writeLanguageChoice(GAME_ID, 'en');
  storePlay(server.state.progress);
  const view = await renderPlayer({ language: 'en' });
  fireEvent.click(await screen.findByRole('button', { name: view.t('player.intro.continue') }, LAZY));
  return { ...view, server };
}

const bodyOf = (server: ReturnType<typeof fakeServer>, path: string) => server.state.calls.find((c) => c.method === 'POST' && c.path.startsWith(path))?.body;

describe('player: the language played in goes with a report and the feedback', () => {
  beforeEach(resetBrowserState);
  afterEach(resetBrowserState);

  it('a problem report names the language the game is shown in', async () => {
    const { t, server } = await playInEnglish(buildProgress());
    await screen.findByTestId('question', {}, LAZY);
    fireEvent.click(screen.getByRole('button', { name: t('player.report.button') }));
    const dialog = await screen.findByRole('dialog', {}, LAZY);
    fireEvent.change(within(dialog).getByTestId('report-message'), { target: { value: 'The sign is gone' } });
    fireEvent.click(within(dialog).getByRole('button', { name: t('player.report.send') }));
    expect(await screen.findByText(t('player.report.sent'), {}, LAZY)).toBeTruthy();
    expect(bodyOf(server, '/api/game/report')).toMatchObject({ gameId: GAME_ID, questionId: 1, language: 'en' });
  });

  it('the game-over rating names it too', async () => {
    const done = buildProgress({
      startTime: '2026-05-01T10:00:00.000Z',
      endTime: '2026-05-01T11:00:00.000Z',
      questions: [
        { status: 'DONE', hints: [] },
        { status: 'DONE', hints: [] },
        { status: 'DONE', hints: [] },
      ],
    });
    const { t, server } = await playInEnglish(done);
    await screen.findByTestId('game-over', {}, LAZY);
    for (const value of [5, 4, 3]) {
      fireEvent.click(screen.getByRole('radio', { name: t('feedback.star', { value }) }));
      fireEvent.click(screen.getByRole('button', { name: t('feedback.continue') }));
    }
    fireEvent.click(screen.getByRole('button', { name: t('feedback.send') }));
    expect(await screen.findByText(t('feedback.thanks'), {}, LAZY)).toBeTruthy();
    expect(bodyOf(server, `/api/feedback/game/${GAME_ID}`)).toMatchObject({ general: 5, questions: 4, path: 3, language: 'en' });
  });
});
