import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { GameReply, Language } from '@streethunt/shared';
import { readLanguageChoice, writeLanguageChoice } from './kept-language.ts';
import { readProgress } from './player-store.ts';
import { testQueryClient } from '../../test/render-ui.tsx';
import { gameKey } from './use-game.ts';
import { buildGame, buildProgress, CODE, GAME_ID } from './test-fixtures.ts';
import { fakeServer, renderPlayer, resetBrowserState, storePlay } from './test-player.tsx';

vi.mock('./live-socket.ts', () => ({ connectLive: vi.fn(() => () => undefined) }));
vi.mock('../../ui/sounds.ts', () => ({ playSound: vi.fn(), primeSounds: vi.fn() }));
vi.mock('../../ui/map/game-map.tsx', () => ({ default: () => <div data-testid="game-map" /> }));

const BOTH: Language[] = ['he', 'en'];

/** The built game with its texts marked by language: the same ids and answers in both. */
function gameIn(language: Language, languages: Language[] = BOTH): GameReply {
  const hebrew = language === 'he';
  const game = buildGame({
    metadata: { name: hebrew ? 'ציד ברחוב ביאליק' : 'Bialik street hunt', language, languages, ...(hebrew ? {} : { originalLanguage: 'he' as const }) },
    introPage: { content: hebrew ? '<p>ברוכים הבאים</p>' : '<p>Welcome</p>' },
  });
  return { ...game, questions: game.questions!.map((q) => ({ ...q, content: hebrew ? `<p>שאלה ${q.id}</p>` : `<p>Question ${q.id}</p>` })) };
}

const gameCalls = (server: ReturnType<typeof fakeServer>) => server.state.calls.filter((c) => c.method === 'GET' && c.path.startsWith(`/api/games/${GAME_ID}`)).map((c) => c.path);

function answer(text: string) {
  const input = screen.getByTestId('answer-input');
  fireEvent.change(input, { target: { value: text } });
  fireEvent.submit(input.closest('form')!);
}

describe('player: a game in two languages', () => {
  beforeEach(resetBrowserState);
  afterEach(resetBrowserState);

  it.each([
    ['without languages', undefined],
    ['offered in its own only', ['he'] as Language[]],
  ])('offers no language choice for a game %s', async (_name, languages) => {
    fakeServer({ game: buildGame({ metadata: { languages } }) });
    const { t } = await renderPlayer();
    await screen.findByTestId('intro-page');
    const nav = screen.getByRole('navigation', { name: 'header' });
    await waitFor(() => expect(within(nav).queryByRole('button', { name: t('player.header.intro') })).toBeTruthy());
    expect(screen.queryByTestId('game-languages')).toBeNull();
    expect(screen.queryByTestId('header-language')).toBeNull();
  });

  it('offers both on the intro, by flag and name in the interface language; English fetches it with ?lang=en, the interface turns left to right, and the phone keeps the choice', async () => {
    const server = fakeServer({ game: gameIn('he'), translations: { en: gameIn('en') } });
    const { t, i18n, missing } = await renderPlayer();
    const choice = within(await screen.findByRole('group', { name: 'שפת המשחק' }));
    const buttons = choice.getAllByRole('button');
    expect(buttons.map((b) => [b.textContent, b.getAttribute('aria-pressed')])).toEqual([
      ['עברית', 'true'],
      ['אנגלית', 'false'],
    ]);
    for (const button of buttons) expect(button.querySelector('svg[aria-hidden="true"]')).not.toBeNull();
    expect(i18n.dir(i18n.language)).toBe('rtl');

    fireEvent.click(choice.getByRole('button', { name: 'אנגלית' }));
    expect(await screen.findByRole('heading', { name: 'Bialik street hunt' })).toBeTruthy();
    expect(gameCalls(server)).toEqual([`/api/games/${GAME_ID}`, `/api/games/${GAME_ID}?lang=en`]);
    await waitFor(() => expect(i18n.language).toBe('en'));
    expect(i18n.dir(i18n.language)).toBe('ltr');
    // The interface's own texts, and the languages' names, now in English.
    expect(screen.getByRole('button', { name: "Let's play" })).toBeTruthy();
    const english = within(screen.getByRole('group', { name: 'Game language' }));
    expect(english.getByRole('button', { name: 'English' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('header-language').getAttribute('aria-label')).toBe(t('player.languages.playIn', { language: 'Hebrew' }));
    expect(readLanguageChoice(GAME_ID)).toBe('en');
    expect(missing).toEqual([]);

    // Opened again, this phone asks for English at once.
    cleanup();
    const again = fakeServer({ game: gameIn('he'), translations: { en: gameIn('en') } });
    await renderPlayer();
    expect(await screen.findByRole('heading', { name: 'Bialik street hunt' })).toBeTruthy();
    expect(gameCalls(again)).toEqual([`/api/games/${GAME_ID}?lang=en`]);
  });

  it('switches language mid-game from the header: the question, progress, score and time stay, and an answer is right in the other language', async () => {
    // The first question answered earlier, its text after the answer on screen.
    const played = buildProgress({ questions: [{ status: 'ANSWERED', hints: [{ isOpen: true }, { isOpen: false }] }, ...buildProgress().questions.slice(1)] });
    const server = fakeServer({ game: gameIn('he'), translations: { en: gameIn('en') }, progress: played });
    storePlay(played);
    const { i18n } = await renderPlayer();
    fireEvent.click(await screen.findByRole('button', { name: 'המשך' }));
    await screen.findByText('שאלה q1', {}, { timeout: 5000 });
    const before = readProgress(GAME_ID);
    expect(before?.questions[0].status).toBe('ANSWERED');
    const timer = screen.getByTestId('timer').textContent;
    const calls = server.state.calls.length;

    fireEvent.click(screen.getByTestId('header-language'));
    expect(await screen.findByText('Question q1')).toBeTruthy();
    // Still answered, the text after the answer showing: only the words changed.
    expect(screen.getByText('Well done: Who lived in the house?')).toBeTruthy();
    expect(screen.getByTestId('question-continue').textContent).toBe('Continue');
    await waitFor(() => expect(i18n.language).toBe('en'));
    expect(readProgress(GAME_ID)).toEqual(before);
    expect(readProgress(GAME_ID)?.score).toBe(before?.score);
    // Only the game's texts were fetched again: no new start, no progress change.
    expect(server.state.calls.slice(calls).map((c) => `${c.method} ${c.path}`)).toEqual([`GET /api/games/${GAME_ID}?lang=en`]);
    // The timer counts from the same start.
    expect(screen.getByTestId('timer').getAttribute('data-mode')).toBe('played');
    expect(screen.getByTestId('timer').textContent).toBe(timer);

    // The play goes on in English, and an answer is judged by the same hashes.
    fireEvent.click(screen.getByTestId('question-continue'));
    expect(await screen.findByText('Question q2')).toBeTruthy();
    answer('1909');
    await waitFor(() =>
      expect(server.changesSent()).toEqual([
        expect.objectContaining({ questionId: 'q1', questionStatus: 'DONE' }),
        expect.objectContaining({ questionId: 'q2', questionStatus: 'ANSWERED', answer: '1909' }),
      ]),
    );
  });

  it('falls back to the original with a notice when the chosen language is not ready', async () => {
    writeLanguageChoice(GAME_ID, 'en');
    const server = fakeServer({ game: gameIn('he') });
    const { i18n, missing } = await renderPlayer({ language: 'en' });
    expect(await screen.findByRole('heading', { name: 'ציד ברחוב ביאליק' })).toBeTruthy();
    const notice = await screen.findByTestId('language-not-ready');
    await waitFor(() => expect(i18n.language).toBe('he'));
    expect(notice.textContent).toContain('המשחק עדיין לא מוכן באנגלית, ולכן אתם משחקים בו בעברית.');
    expect(gameCalls(server)).toEqual([`/api/games/${GAME_ID}?lang=en`, `/api/games/${GAME_ID}`]);
    // The choice is forgotten: the next visit asks for the game's own language.
    expect(readLanguageChoice(GAME_ID)).toBeNull();
    fireEvent.click(within(notice).getByRole('button', { name: 'סגירה' }));
    await waitFor(() => expect(screen.queryByTestId('language-not-ready')).toBeNull());
    expect(missing).toEqual([]);
  });

  it('asks for the language a shared address names (?lang=en), and the phone\'s own choice before it', async () => {
    const server = fakeServer({ game: gameIn('he'), translations: { en: gameIn('en') } });
    await renderPlayer({ url: `/game/${GAME_ID}?lang=en` });
    expect(await screen.findByRole('heading', { name: 'Bialik street hunt' })).toBeTruthy();
    expect(gameCalls(server)).toEqual([`/api/games/${GAME_ID}?lang=en`]);
    cleanup();
    writeLanguageChoice(GAME_ID, 'he');
    const again = fakeServer({ game: gameIn('he'), translations: { en: gameIn('en') } });
    await renderPlayer({ url: `/game/${GAME_ID}?lang=en` });
    expect(await screen.findByRole('heading', { name: 'ציד ברחוב ביאליק' })).toBeTruthy();
    expect(gameCalls(again)).toEqual([`/api/games/${GAME_ID}?lang=he`]);
  });

  it('keeps the language of a game the server drew in the visitor\'s language: a code accepted later fetches it in that language', async () => {
    const server = fakeServer({ game: gameIn('he'), translations: { en: gameIn('en') } });
    // The first screen's data, as the server drew it for an English visitor (under the key of no language asked).
    const { questions: _questions, ...drawn } = gameIn('en');
    const queryClient = testQueryClient();
    queryClient.setQueryData(gameKey(GAME_ID, null), drawn);
    const { i18n } = await renderPlayer({ queryClient });
    expect(await screen.findByRole('heading', { name: 'Bialik street hunt' })).toBeTruthy();
    await waitFor(() => expect(readLanguageChoice(GAME_ID)).toBe('en'));
    await waitFor(() => expect(i18n.language).toBe('en'));
    expect(screen.queryByTestId('language-failed')).toBeNull();
    expect(screen.queryByTestId('language-switching')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: "Let's play" }));
    fireEvent.change(await screen.findByLabelText('Game code'), { target: { value: CODE } });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    fireEvent.click(await screen.findByTestId('code-continue'));
    expect(await screen.findByText('Question q1', {}, { timeout: 5000 })).toBeTruthy();
    expect(gameCalls(server).every((path) => path.endsWith('?lang=en'))).toBe(true);
  });

  it('keeps a stored play when the other language cannot be fetched, and says so', async () => {
    const server = fakeServer({ game: gameIn('he'), translations: { en: gameIn('en') }, progress: buildProgress() });
    storePlay(server.state.progress);
    await renderPlayer();
    await screen.findByRole('heading', { name: 'ציד ברחוב ביאליק' });
    server.state.override = (call) => (call.path.includes('?lang=') ? { status: 503, body: { message: 'down', code: 'unavailable' } } : null);
    fireEvent.click(screen.getByRole('button', { name: 'אנגלית' }));
    expect(await screen.findByTestId('language-failed', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'ציד ברחוב ביאליק' })).toBeTruthy();
  });
});
