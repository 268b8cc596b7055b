import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { fieldLabel, pageHeading, viaMenu } from './support/app.ts';
import { checkPage } from './support/check-page.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { newPhonePage, type Language } from './support/browser.ts';
import { englishGame, mapGame, type DemoGame } from './support/demo-games.ts';
import { startE2e } from './support/fixture.ts';
import { expectFitsScreen, expectKeyColumnOnScreen } from './support/phone-layout.ts';
import { enterCode, questionView, stubMapTiles } from './support/player.ts';
import { saveScreenshot } from './support/screenshots.ts';
import {
  DEMO_CREATOR,
  createCodeViaApi,
  giveFeedbackViaApi,
  loginViaApi,
  nextReply,
  startPlayViaApi,
  storeSession,
  type StoredSession,
} from './support/studio.ts';
import { fill, studioTexts, texts } from './support/texts.ts';

// The creator studio's pages: /my-games, the new-game page, the feedback and plays
// reports and the editor of a demo game, in Hebrew and English, on a phone (360 px in Hebrew, 390 px
// in English) and a 1280 px desktop: each fits the screen and is axe clean. Then the create-code action of /my-games (its code
// opens the game in the player), and an expired session that leads to the login page and back.

const e2e = startE2e();

const SCREENS = {
  he: [
    { width: 360, height: 800 },
    { width: 1280, height: 900 },
  ],
  en: [
    { width: 390, height: 844 },
    { width: 1280, height: 900 },
  ],
} as const;

let creator: StoredSession;
/** The demo game the reports are about: one play, with one feedback. */
let reported: DemoGame;
let play: { code: string; comment: string };

beforeAll(async () => {
  reported = await mapGame();
  creator = await loginViaApi(e2e.server, DEMO_CREATOR);
  // A play of the demo game and its feedback, through the real API, so both reports have a row.
  const code = await createCodeViaApi(e2e.server, creator, reported.id);
  const started = await startPlayViaApi(e2e.server, reported.id, code);
  const comment = `E2E feedback ${Date.now()}`;
  await giveFeedbackViaApi(e2e.server, reported.id, { secretCode: code, grant: started.grant }, { general: 5, questions: 4, path: 3, openAnswer: comment, language: 'en' });
  play = { code, comment };
});



/** Picks a game in the reports' game picker (a searchable Mantine Select). */

async function pickGame(page: Page, language: Language, name: string) {
  await page.getByLabel(fieldLabel(studioTexts[language].myGames.picker.label)).first().click();
  await page.getByRole('option', { name, exact: true }).click();
}


describe('the studio pages fit the screen and are accessible', () => {
  for (const language of ['he', 'en'] as const) {
    for (const screen of SCREENS[language]) {
      it(`my games, new game, feedback, plays and the editor (${language}, ${screen.width} px)`, { timeout: 150_000 }, async () => {
        const s = studioTexts[language];
        const t = texts[language];
        const suffix = `${language}-${screen.width}`;
        const gameName = reported.content.metadata.name;
        const p = await newPhonePage(e2e.browser, { baseURL: e2e.server.url, language, viewport: screen });
        const { page, context } = p;
        await stubMapTiles(context);
        await storeSession(context, creator);
        try {
          // /my-games: the demo creator's games in the table.
          const games = nextReply(page, 'GET', '/api/games/my-games');
          await page.goto('/my-games');
          expect((await games).status()).toBe(200);
          await pageHeading(page, s.myGames.title).waitFor();
          const table = page.getByRole('table', { name: s.myGames.table.label });
          await table.getByText(gameName, { exact: true }).waitFor();
          if (screen.width < 600) await expectKeyColumnOnScreen(page, table, s.myGames.table.status, screen.width);
          // The currency shows in the price; its own column only from a wider screen.
          expect(await table.getByRole('columnheader', { name: s.myGames.table.currency, exact: true }).count()).toBe(screen.width < 600 ? 0 : 1);
          // Each status badge shows its whole word.
          const cut = await table.locator('[data-status] .mantine-Badge-label').evaluateAll((labels) => labels.filter((label) => label.scrollWidth > label.clientWidth + 1).length);
          expect(cut).toBe(0);
          // A table with rows keeps its empty state out of sight and out of the accessibility tree.
          const emptyStates = await page.locator('.mantine-datatable-empty-state').evaluateAll((states) => states.map((state) => getComputedStyle(state).visibility));
          expect(emptyStates.length).toBeGreaterThan(0);
          expect(emptyStates.every((visibility) => visibility === 'hidden')).toBe(true);
          await checkPage(page, `studio-my-games-${suffix}`);

          // 'Create new game' leads to the instructions and the create button.
          await page.locator('main').getByRole('link', { name: s.myGames.create, exact: true }).click();
          await page.waitForURL((url) => url.pathname === '/game-editor-new-game');
          await pageHeading(page, s.newGame.title).waitFor();
          await page.locator('main').getByRole('button', { name: s.newGame.create, exact: true }).waitFor();
          await checkPage(page, `studio-new-game-${suffix}`);

          // The feedback report: pick the game, see its feedback and the averages.
          await viaMenu(page, texts[language].menu, t.menu.feedbacks);
          await page.waitForURL((url) => url.pathname === '/my-games/feedbacks');
          await pageHeading(page, s.myFeedbacks.title).waitFor();
          const feedbacks = nextReply(page, 'GET', '/api/games/my-games/feedbacks');
          await pickGame(page, language, gameName);
          expect((await feedbacks).status()).toBe(200);
          expect(new URL(page.url()).searchParams.get('gameId')).toBe(reported.id);
          await page.getByRole('table', { name: s.myFeedbacks.table.label }).getByText(play.comment, { exact: true }).waitFor();
          expect(await page.getByTestId('feedback-count').textContent()).toBe('1');
          // The language the team played in, named in the visitor's own.
          const playedIn = page.getByRole('table', { name: s.myFeedbacks.table.label }).getByRole('row').filter({ hasText: play.comment });
          await playedIn.getByRole('cell', { name: s.myFeedbacks.table.languages.en, exact: true }).waitFor();
          if (screen.width < 600) await expectKeyColumnOnScreen(page, page.getByRole('table', { name: s.myFeedbacks.table.label }), s.myFeedbacks.table.comment, screen.width);
          // The game picker (label and field) is as tall as itself, with no blank space under it.
          expect((await page.locator('main .mantine-Select-root').first().boundingBox())?.height).toBeLessThan(100);
          await checkPage(page, `studio-my-games-feedbacks-${suffix}`);

          // The plays report: all progress, the game, search; the play's row and its details.
          await viaMenu(page, texts[language].menu, t.menu.activeGames);
          await page.waitForURL((url) => url.pathname === '/my-active-games');
          await pageHeading(page, s.myActiveGames.title).waitFor();
          expect(await page.getByRole('radio', { name: s.myActiveGames.progress.all, exact: true }).isChecked()).toBe(true);
          await pickGame(page, language, gameName);
          const plays = nextReply(page, 'GET', '/api/games/my-active-games');
          await page.locator('main').getByRole('button', { name: s.myActiveGames.form.search, exact: true }).click();
          expect((await plays).status()).toBe(200);
          const playsTable = page.getByRole('table', { name: s.myActiveGames.table.label });
          await playsTable.getByText(play.code, { exact: true }).waitFor();
          // The loading overlay is gone (it hides within a second at most).
          await page.locator('[data-testid="active-games-results"] .mantine-LoadingOverlay-root').waitFor({ state: 'detached' });
          await checkPage(page, `studio-my-active-games-${suffix}`);
          await playsTable.getByRole('button', { name: fill(s.myActiveGames.table.detailsOf, { code: play.code }), exact: true }).click();
          const details = page.getByRole('dialog', { name: s.myActiveGames.details.title });
          await details.getByTestId('play-details').getByText(play.code, { exact: true }).waitFor();
          // The code came from the creator (POST /api/game/secret-code).
          await details.getByText(s.myActiveGames.source.creator, { exact: true }).waitFor();
          await checkPage(page, `studio-play-details-${suffix}`);
          await page.keyboard.press('Escape');
          await details.waitFor({ state: 'detached' });

          // The editor of a demo game, from the row's edit action: approved, so read only.
          await viaMenu(page, texts[language].menu, t.menu.myGames);
          await pageHeading(page, s.myGames.title).waitFor();
          const game = nextReply(page, 'GET', `/api/games/${reported.id}`);
          await page.getByRole('link', { name: fill(s.myGames.actions.edit, { name: gameName }), exact: true }).click();
          await page.waitForURL((url) => url.pathname === `/game-editor/${reported.id}`);
          expect((await game).status()).toBe(200);
          // The editor's own h1 (the preview shows the player's intro, with an h1 of its own).
          await page.getByTestId('game-editor').getByRole('heading', { level: 1, name: gameName, exact: true }).first().waitFor();
          await page.getByRole('navigation', { name: s.editor.tree.label }).or(page.getByRole('tab', { name: s.editor.layout.tree })).first().waitFor();
          await page.getByTestId('read-only-notice').getByText(s.editor.readOnly.approved, { exact: true }).waitFor();
          if (screen.width >= 1200) {
            await page.getByTestId('preview').getByTestId('intro-page').waitFor();
          }
          await checkPage(page, `studio-game-editor-${suffix}`);

          p.expectNoErrors();
        } finally {
          await p.close();
        }
      });
    }
  }
});

describe('/my-games row actions and session', () => {
  it("'create a game code' shows a code that opens the game in the player", { timeout: 120_000 }, async () => {
    const language = 'en';
    const s = studioTexts[language];
    const game = await englishGame();
    const name = game.content.metadata.name;
    const p = await newPhonePage(e2e.browser, { baseURL: e2e.server.url, language, viewport: { width: 360, height: 800 } });
    const { page, context } = p;
    await storeSession(context, creator);
    let code: string;
    try {
      await page.goto('/my-games');
      await pageHeading(page, s.myGames.title).waitFor();
      await page.getByRole('button', { name: fill(s.myGames.actions.more, { name }), exact: true }).click();
      const created = nextReply(page, 'POST', '/api/game/secret-code');
      await page.getByRole('menuitem', { name: s.myGames.actions.createCode, exact: true }).click();
      const reply = await created;
      expect(reply.status()).toBe(200);
      const dialog = page.getByRole('dialog', { name: s.myGames.code.title });
      code = ((await dialog.getByTestId('game-code').textContent()) ?? '').trim();
      expect(code).toBe(((await reply.json()) as { data: { game_secret: string } }).data.game_secret);
      await dialog.getByText(name, { exact: true }).waitFor();
      await expectFitsScreen(page, 'the code dialog');
      await expectNoSeriousA11yViolations(page);
      await saveScreenshot(page, `studio-my-games-code-${language}-360`);

      // The 'open' action is a link to the player in a new tab.
      // The footer's Close (the corner X, first, has the same name).
      await dialog.getByRole('button', { name: s.studio.close, exact: true }).last().click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: fill(s.myGames.actions.more, { name }), exact: true }).click();
      const open = page.getByRole('menuitem', { name: s.myGames.actions.open, exact: true });
      expect(await open.getAttribute('href')).toBe(`/game/${game.id}`);
      expect(await open.getAttribute('target')).toBe('_blank');
      p.expectNoErrors();
    } finally {
      await p.close();
    }

    // The code as the server knows it: with it, the game's reply carries the questions.
    const withCode = await fetch(`${e2e.server.url}/api/games/${game.id}`, { headers: { 'x-game-secret': code } });
    expect(withCode.status).toBe(200);
    expect(((await withCode.json()) as { questions?: unknown[] }).questions).toHaveLength(game.content.questions.length);

    // And a player who is given it plays the game.
    const player = await newPhonePage(e2e.browser, { baseURL: e2e.server.url, language });
    try {
      await player.page.goto(`/game/${game.id}`);
      await player.page.getByTestId('intro-page').getByRole('heading', { level: 1, name }).waitFor();
      await enterCode(player.page, texts[language], code);
      await questionView(player.page, 0).waitFor();
      player.expectNoErrors();
    } finally {
      await player.close();
    }
  });

  it('an expired session sends /my-games to the login page, which comes back after logging in', { timeout: 90_000 }, async () => {
    const language = 'he';
    const s = studioTexts[language];
    const a = texts[language].account;
    const p = await newPhonePage(e2e.browser, { baseURL: e2e.server.url, language, viewport: { width: 360, height: 800 } });
    const { page, context } = p;
    await storeSession(context, { ...creator, accessToken: 'expired.not-a-token.at-all' });
    try {
      const refused = nextReply(page, 'POST', '/api/auto-login');
      await page.goto('/my-games');
      expect((await refused).status()).toBe(401);
      await page.waitForURL((url) => url.pathname === '/login');
      expect(new URL(page.url()).searchParams.get('url')).toBe('/my-games');
      await pageHeading(page, a.login.title).waitFor();
      expect(await page.evaluate(() => localStorage.getItem('session'))).toBeNull();

      // Logging in on the real page returns to /my-games.
      await page.getByLabel(fieldLabel(a.fields.email)).fill(DEMO_CREATOR.email);
      await page.getByLabel(fieldLabel(a.fields.password)).fill(DEMO_CREATOR.password);
      const login = nextReply(page, 'POST', '/api/login');
      await page.locator('main').getByRole('button', { name: a.login.submit, exact: true }).click();
      expect((await login).status()).toBe(200);
      await page.waitForURL((url) => url.pathname === '/my-games');
      await pageHeading(page, s.myGames.title).waitFor();
      await page.getByRole('table', { name: s.myGames.table.label }).waitFor();
      const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('session'))) ?? 'null') as StoredSession | null;
      expect(stored?.userId).toBe(creator.userId);
      // Only the refused token's 401 was logged.
      p.expectNoErrors({ allowConsole: [/status of 401 .*\/api\/auto-login/] });
    } finally {
      await p.close();
    }
  });
});
