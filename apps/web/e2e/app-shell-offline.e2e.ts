import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appHeader } from './support/app.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { launchBrowser, newPhonePage, type Language } from './support/browser.ts';
import { englishGame, mapGame, writtenAnswers, type DemoGame } from './support/demo-games.ts';
import { buyCodeViaApi, enterCode, questionView } from './support/player.ts';
import { saveScreenshot } from './support/screenshots.ts';
import { startServer, type TestServer } from './support/server.ts';
import { copyWebBuild, type WebCopy } from './support/web-copy.ts';
import { texts } from './support/texts.ts';
import offlinePackEn from '../src/i18n/player/offline-pack.en.json';
import offlinePackHe from '../src/i18n/player/offline-pack.he.json';

const offlinePackTexts = { he: offlinePackHe, en: offlinePackEn };
import updateEn from '../src/i18n/app/update.en.json';
import updateHe from '../src/i18n/app/update.he.json';
import type { Browser } from 'playwright-core';

// The app shell (docs/decisions/013): under the service worker a reload without any network draws the
// app, not the browser's error page; a new deploy is offered as 'a new version is ready' and applies
// only at a safe moment. The server serves a copy of the build, so the test can deploy a new sw.js.

const updateTexts = { he: updateHe, en: updateEn } as const;
let server: TestServer;
let browser: Browser;
let web: WebCopy;

beforeAll(async () => {
  web = await copyWebBuild();
  // Tiles from nowhere: the games here have no map on the screens shown, and nothing leaves the machine.
  [server, browser] = await Promise.all([startServer({ WEB_DIST: web.dist, TILE_URL: 'http://127.0.0.1:9/{z}/{x}/{y}.png' }), launchBrowser()]);
}, 90_000);
afterAll(async () => {
  await Promise.allSettled([browser?.close(), server?.stop()]);
  await web?.remove();
});

/** Waits until the worker is active and controls the page (the first one takes it at once: clientsClaim). */
async function controlledByWorker(page: Page): Promise<string> {
  await page.waitForFunction(async () => {
    await navigator.serviceWorker.ready;
    return navigator.serviceWorker.controller !== null;
  });
  return page.evaluate(() => navigator.serviceWorker.controller!.scriptURL);
}

/** Marks this document: the mark is gone once the page has reloaded. */
const markDocument = (page: Page) => page.evaluate(() => ((window as unknown as { e2eMark: number }).e2eMark = 1));
const stillSameDocument = (page: Page) => page.evaluate(() => (window as unknown as { e2eMark?: number }).e2eMark === 1);

/** The page (not the browser's error page) with the app drawn in it: its header and something in <main>. */
async function expectAppDrawn(page: Page) {
  expect(page.url()).not.toMatch(/^chrome-error:/);
  await appHeader(page).waitFor();
  await page.locator('#root main').waitFor();
  expect((await page.locator('#root').innerText()).trim().length).toBeGreaterThan(0);
}

async function reloadOffline(page: Page, path: string) {
  await page.goto(path);
  await expectAppDrawn(page);
  // No first screen from the server: the client drew the page from the kept shell.
  expect(await page.evaluate(() => document.documentElement.hasAttribute('data-first-screen'))).toBe(false);
}

async function openPhone(language: Language, viewport: { width: number; height: number }) {
  return newPhonePage(browser, { baseURL: server.url, language, viewport, serviceWorkers: 'allow' });
}

/** Online: /games and the game's page; the worker takes the page and keeps the shell. Then offline, both reload. */
async function offlineReloads(page: Page, setOffline: (offline: boolean) => Promise<void>, game: DemoGame, language: Language, name: string) {
  await page.goto('/games');
  const scriptUrl = await controlledByWorker(page);
  expect(new URL(scriptUrl).pathname).toBe('/sw.js');
  // The shell is kept once the worker is active (it precached before activating).
  expect(await page.evaluate(async () => (await caches.keys()).some((key) => key.includes('precache')))).toBe(true);
  await page.goto(`/game/${game.id}`);
  await page.getByTestId('intro-page').waitFor();

  await setOffline(true);
  await reloadOffline(page, '/games');
  // Not an endless loading list: the phone says it is offline (nothing is saved for offline in this test).
  await page.getByTestId('games-offline').getByText(offlinePackTexts[language].gamesOfflineNone).waitFor();
  await saveScreenshot(page, `app-shell-offline-games-${name}`);
  await expectNoSeriousA11yViolations(page);
  await reloadOffline(page, `/game/${game.id}`);
  await saveScreenshot(page, `app-shell-offline-game-${name}`);
  await expectNoSeriousA11yViolations(page);
  await setOffline(false);
}

describe('the app shell offline, and its updates', () => {
  it('Hebrew at 390x844: reloads without a network draw the app; on /games a new version applies when the player taps update', { timeout: 240_000 }, async () => {
    const game = await mapGame();
    const { page, context, close } = await openPhone('he', { width: 390, height: 844 });
    try {
      await offlineReloads(page, (offline) => context.setOffline(offline), game, 'he', 'he-390');

      await page.goto('/games');
      await controlledByWorker(page);
      await markDocument(page);
      await web.deployNewVersion();
      // Back from the background: the app looks for a new version (as it does when back online, and every half hour).
      await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
      const notice = page.getByTestId('update-notice');
      await notice.waitFor({ timeout: 30_000 });
      expect(await notice.innerText()).toContain(updateTexts.he.ready);
      expect(await notice.getAttribute('dir')).toBe('rtl');
      await saveScreenshot(page, 'app-shell-update-notice-he-390');
      await expectNoSeriousA11yViolations(page);
      const box = (await notice.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
      // Outside a game nothing applies by itself.
      await page.waitForTimeout(3000);
      expect(await stillSameDocument(page)).toBe(true);

      const reloaded = page.waitForEvent('load', { timeout: 30_000 });
      await notice.getByRole('button', { name: updateTexts.he.apply, exact: true }).click();
      await reloaded;
      expect(await stillSameDocument(page)).toBe(false);
      await controlledByWorker(page);
      expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null)).toBeNull();
      await appHeader(page).waitFor();
    } finally {
      await close();
    }
  });

  it('English at 360x800: offline reloads draw the app; in a game the update waits while an answer is typed and applies between questions', { timeout: 240_000 }, async () => {
    const game = await englishGame();
    const t = texts.en;
    const { code } = await buyCodeViaApi(server, game.id);
    const { page, context, close } = await openPhone('en', { width: 360, height: 800 });
    try {
      await offlineReloads(page, (offline) => context.setOffline(offline), game, 'en', 'en-360');

      await page.goto(`/game/${game.id}`);
      await controlledByWorker(page);
      await enterCode(page, t, code);
      await questionView(page, 0).waitFor();
      const input = page.getByTestId('answer-input');
      const [right] = writtenAnswers(game, 0);
      await input.fill(right!);
      await markDocument(page);

      await web.deployNewVersion();
      await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
      const notice = page.getByTestId('update-notice');
      await notice.waitFor({ timeout: 30_000 });
      expect(await notice.innerText()).toContain(updateTexts.en.inPlay);
      expect(await notice.getAttribute('dir')).toBe('ltr');
      await saveScreenshot(page, 'app-shell-update-notice-en-360');
      await expectNoSeriousA11yViolations(page);
      // The notice leaves the answer box free.
      const [noticeBox, inputBox] = [(await notice.boundingBox())!, (await input.boundingBox())!];
      expect(noticeBox.y + noticeBox.height <= inputBox.y || inputBox.y + inputBox.height <= noticeBox.y, 'the notice covers the answer box').toBe(true);
      expect(noticeBox.x + noticeBox.width).toBeLessThanOrEqual(360);

      // Typed, not sent: no reload, even when the player taps update.
      await notice.getByRole('button', { name: updateTexts.en.apply, exact: true }).click();
      await page.waitForTimeout(4000);
      expect(await stillSameDocument(page)).toBe(true);
      expect(await input.inputValue()).toBe(right);

      // Sent and right: between questions the new version takes over and the page reloads under it.
      const reloaded = page.waitForEvent('load', { timeout: 30_000 });
      await input.press('Enter');
      await page.locator('[data-testid="answer-result"][data-result="right"]').waitFor();
      await reloaded;
      expect(await stillSameDocument(page)).toBe(false);
      await controlledByWorker(page);
      expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null)).toBeNull();
      // The answer was kept: the play goes on after the reload.
      await appHeader(page).waitFor();
    } finally {
      await close();
    }
  });
});
