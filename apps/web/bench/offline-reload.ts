/**
 * Part of `npm run bench:web`: how long a phone with no network takes to show the question it was on
 * after a reload (DESIGN.md section 14: under 1 second on Lighthouse's mobile CPU throttling). A phone
 * buys the map game's code through the API, types it, reaches the first question online and waits for
 * the service worker to control the page; then the network goes off, the CPU is slowed fourfold (as
 * Lighthouse's mobile setting does) and the page is reloaded RUNS times. Each run's figure is the
 * page's own clock (navigation start to the play's screen, a question or the walk to its area, in the document), read by a script
 * added before the page's own, so the harness's polling adds nothing.
 */
import type { Page } from 'playwright-core';
import { launchBrowser, newPhonePage } from '../e2e/support/browser.ts';
import { buyCodeViaApi } from '../e2e/support/buy-code.ts';
import type { TestServer } from '../e2e/support/server.ts';
import he from '../src/i18n/he.json' with { type: 'json' };

/** Lighthouse's mobile preset slows the CPU four times. */
const MOBILE_CPU_SLOWDOWN = 4;
export const OFFLINE_RELOAD_BUDGET_MS = 1000;

/** Where the play stands: a question, or the walk to a question's area (the map game starts with one). */
const PLAY_SCREEN = '[data-testid="question"], [data-testid="area-step"]';
const playScreen = (page: Page) => page.locator(PLAY_SCREEN).first();

/** The intro's 'let's play', the code typed and accepted, on to the questions (the browser tests' enterCode, without vitest). */
async function typeCode(page: Page, code: string): Promise<void> {
  await page.getByTestId('intro-page').getByRole('button', { name: he.player.intro.letsPlay, exact: true }).click();
  await page.getByTestId('code-input').fill(code);
  await page.getByTestId('code-entry').getByRole('button', { name: he.player.payment.sendCode, exact: true }).click();
  await page.locator('[data-testid="code-result"][data-result="right"]').waitFor();
  await page.getByTestId('code-continue').click();
}

declare global {
  interface Window {
    __questionShownAt?: number;
  }
}

/** The median, in ms, of `runs` reloads with no network, and each run's figure. */
export async function measureOfflineReload(server: TestServer, gameId: string, runs: number): Promise<{ median: number; all: number[] }> {
  const browser = await launchBrowser();
  try {
    const phone = await newPhonePage(browser, { baseURL: server.url, language: 'he', serviceWorkers: 'allow' });
    const { page, context } = phone;
    // No named function inside: tsx would wrap it in a helper the page does not have.
    await context.addInitScript((selector: string) => {
      new MutationObserver(() => {
        if (window.__questionShownAt === undefined && document.querySelector(selector)) window.__questionShownAt = performance.now();
      }).observe(document, { childList: true, subtree: true });
    }, PLAY_SCREEN);
    const { code } = await buyCodeViaApi(server, gameId);
    await page.goto(`/game/${gameId}`);
    await typeCode(page, code);
    await playScreen(page).waitFor();
    // The worker installs after the page loaded; the first page it controls is the next one.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload();
    if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) throw new Error('no service worker controls the page');

    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: MOBILE_CPU_SLOWDOWN });
    await context.setOffline(true);
    const all: number[] = [];
    for (let i = 0; i < runs; i++) {
      await page.reload({ waitUntil: 'commit' });
      await playScreen(page).waitFor({ timeout: 30_000 });
      all.push(await page.evaluate(() => window.__questionShownAt ?? Number.NaN));
    }
    await context.setOffline(false);
    const sorted = [...all].sort((a, b) => a - b);
    return { median: sorted[Math.floor(sorted.length / 2)]!, all };
  } finally {
    await browser.close();
  }
}
