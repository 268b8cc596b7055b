import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { areaCenter } from '@streethunt/shared';
import { menuToggle } from './support/app.ts';
import { finishTransitions } from './support/axe.ts';
import { newPhonePage, type Language, type PhonePage } from './support/browser.ts';
import { englishGame, mapGame, writtenAnswers, type DemoGame } from './support/demo-games.ts';
import { expectDialogCentred, expectFitsScreen, expectHeaderFits } from './support/phone-layout.ts';
import { TILE_FAILURES, buyCodeViaApi, enterCode, postGameProgress, questionView, stubMapTiles } from './support/player.ts';
import { saveScreenshot } from './support/screenshots.ts';
import { startE2e } from './support/fixture.ts';
import { texts, type Texts } from './support/texts.ts';

// Nothing wider than the phone at 360x800, in Hebrew and English (every route on its own is in
// every-route-*.e2e.ts): document.documentElement.scrollWidth <= window.innerWidth; the header and
// its menu toggle fit; the player at intro, code entry, questions and map, and its hint and report
// dialogs inside the screen and centred; game over, the account forms and the open menu too.

const PHONE = { width: 360, height: 800 };
const LANGUAGES: Language[] = ['he', 'en'];
const DEMO_CREATOR = { email: 'creator@streethunt.local', password: 'demo-creator-1234', firstName: 'Yoni' };

const e2e = startE2e();
let hebrew: DemoGame;
let english: DemoGame;

beforeAll(async () => {
  [hebrew, english] = await Promise.all([mapGame(), englishGame()]);
});

type LoginReply = { accessToken: string; data: { role: string; userId: string; isSelfPayment: boolean } };

async function logIn(): Promise<LoginReply> {
  const response = await fetch(`${e2e.server.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO_CREATOR.email, password: DEMO_CREATOR.password }),
  });
  if (!response.ok) throw new Error(`login: HTTP ${response.status} ${await response.text()}`);
  return (await response.json()) as LoginReply;
}

async function phone(language: Language): Promise<PhonePage> {
  const p = await newPhonePage(e2e.browser, { baseURL: e2e.server.url, language });
  await p.page.setViewportSize(PHONE);
  await stubMapTiles(p.context);
  return p;
}

/** Loads a path and lets it settle: its requests answered, its lazy chunks in, its transitions over. */
async function load(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  await finishTransitions(page);
}

/** The menu toggle, whichever language the page is in (a game switches to its own). */
const anyMenuToggle = (page: Page) => page.locator('#root header button[aria-expanded]');

describe('the games list, the account forms and the menu fit a 360 px phone', () => {
  for (const language of LANGUAGES) {
    it(`logged out, then logged in (${language})`, async () => {
      // Every route is held to the screen by the route sweeps (support/route-sweep.ts); here what shows only after a step.
      const p = await phone(language);
      const { page } = p;
      try {
        await load(page, '/games');
        await saveScreenshot(page, `phone-360-games-${language}`);
        // A game in the other language is aligned as one block: its title and city run its own way.
        const other = language === 'he' ? english : hebrew;
        const card = page.getByTestId('game-card').filter({ hasText: other.content.metadata.name });
        const directions = await card.evaluate((element) =>
          [element.querySelector('h2'), element.querySelector('[data-testid="game-city"]')].map((line) => (line ? getComputedStyle(line).direction : null)),
        );
        expect(directions).toEqual(language === 'he' ? ['ltr', 'ltr'] : ['rtl', 'rtl']);

        // Logged in: the account pages show their forms, and the menu says who is logged in.
        const session = await logIn();
        await page.evaluate((stored) => localStorage.setItem('session', JSON.stringify(stored)), { accessToken: session.accessToken, ...session.data });
        await load(page, '/update-profile');
        await page.locator('main form').first().waitFor();
        await expectFitsScreen(page, `/update-profile (${language}, logged in)`);
        await load(page, '/update-payment-details');
        await page.locator('main form').first().waitFor();
        await expectFitsScreen(page, `/update-payment-details (${language}, logged in)`);

        await load(page, '/games');
        await anyMenuToggle(page).click();
        const menu = page.getByRole('dialog');
        await menu.getByTestId('menu-user').getByText(DEMO_CREATOR.firstName, { exact: true }).waitFor();
        await finishTransitions(page);
        await expectFitsScreen(page, `menu (${language})`);
        const box = await menu.boundingBox();
        expect(box!.x).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width + 0.5);
        await saveScreenshot(page, `phone-360-menu-${language}`);
        p.expectNoErrors({ allowConsole: [/status of (400|401|403|404)/, TILE_FAILURES] });
      } finally {
        await p.close();
      }
    }, 240_000);
  }
});

/**
 * The player from the intro to game over: the Hebrew map game (the interface follows the game into
 * Hebrew) and the English game without a map (English).
 */
describe('the player fits a 360 px phone', () => {
  for (const language of LANGUAGES) {
    it(`at intro, code entry, questions, map, the hint and report dialogs, and game over (${language})`, async () => {
      const game = language === 'he' ? hebrew : english;
      const t: Texts = texts[language];
      const { code } = await buyCodeViaApi(e2e.server, game.id);
      const p = await phone(language);
      const { page, context } = p;
      const toggle = menuToggle(page, t.menu);
      const check = async (step: string) => {
        await finishTransitions(page);
        const where = `/game/{id} ${step} (${language})`;
        await expectFitsScreen(page, where);
        await expectHeaderFits(page, toggle, where);
        await saveScreenshot(page, `phone-360-player-${step}-${language}`);
      };
      try {
        await load(page, `/game/${game.id}`);
        await page.getByTestId('intro-page').waitFor();
        await check('intro');

        await page.getByTestId('intro-page').getByRole('button', { name: t.player.intro.letsPlay, exact: true }).click();
        await page.getByTestId('code-entry').waitFor();
        await check('code-entry');
        await enterCode(page, t, code, { fromIntro: false });

        if (game.content.metadata.map) {
          await page.getByTestId('area-step').getByTestId('game-map').locator('.leaflet-tile-loaded').first().waitFor();
          await check('area-step');
          const { lat, lng } = areaCenter(game.content.questions[0].location!);
          await context.setGeolocation({ latitude: lat, longitude: lng, accuracy: 5 });
          await page.getByTestId('area-continue').click();
        }
        await questionView(page, 0).waitFor();
        await check('question');

        // The hint dialog (asked before it opens), and the report dialog: inside the screen, centred.
        await page.getByTestId('hint-1').click();
        const hint = page.getByRole('dialog');
        await hint.waitFor();
        await finishTransitions(page);
        await expectDialogCentred(page, hint, `hint dialog (${language})`);
        await check('hint-dialog');
        await page.keyboard.press('Escape');
        await hint.waitFor({ state: 'hidden' });

        await page.getByRole('button', { name: t.player.report.button, exact: true }).click();
        const report = page.getByRole('dialog', { name: t.player.report.title });
        await report.waitFor();
        await finishTransitions(page);
        await expectDialogCentred(page, report, `report dialog (${language})`);
        await check('report-dialog');
        await page.keyboard.press('Escape');
        await report.waitFor({ state: 'hidden' });

        if (game.content.metadata.map) {
          await page.getByTestId('header-map').click();
          await page.getByTestId('map-page').getByTestId('game-map').locator('.leaflet-tile-loaded').first().waitFor();
          await check('map');
        }

        // Game over: every question answered on the server, then the page reloaded.
        for (const [index] of game.content.questions.entries()) {
          for (const [questionStatus, answer] of [['STARTED'], ['ANSWERED', writtenAnswers(game, index)[0]], ['DONE']] as const) {
            const reply = await postGameProgress(e2e.server, { action: 'set-question-status', gameId: game.id, secretCode: code, questionIndex: index, questionStatus, answer });
            if (reply.status !== 200 && !(index === 0 && questionStatus === 'STARTED')) throw new Error(`${questionStatus} ${index}: HTTP ${reply.status} ${await reply.text()}`);
          }
        }
        await load(page, `/game/${game.id}`);
        await page.getByTestId('header-questions').click();
        await page.getByTestId('game-over').waitFor();
        await page.getByTestId('game-over-next').waitFor();
        await check('game-over');
        await saveScreenshot(page, `phone-360-player-game-over-full-${language}`, { fullPage: true });
        p.expectNoErrors({ allowConsole: [TILE_FAILURES] });
      } finally {
        await p.close();
      }
    }, 120_000);
  }
});
