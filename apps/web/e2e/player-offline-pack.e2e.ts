import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import offlineEn from '../src/i18n/player/offline-pack.en.json';
import offlineHe from '../src/i18n/player/offline-pack.he.json';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { newPhonePage, type Language } from './support/browser.ts';
import { englishGame, mapGame, type DemoGame } from './support/demo-games.ts';
import { startE2e } from './support/fixture.ts';
import { startLocalTiles } from './support/local-tiles.ts';
import { expectFitsScreen } from './support/phone-layout.ts';
import { buyCodeViaApi, enterCode, questionView, stubMapTiles, TILE_FAILURES } from './support/player.ts';
import { saveScreenshot } from './support/screenshots.ts';
import { startServer, type TestServer } from './support/server.ts';
import { fill, texts } from './support/texts.ts';

// 'Save for offline' (DESIGN.md section 14): the size first, then the download with its progress, the
// coverage read back from the cache, the list of kept games and Remove. With the default tile policy
// (`seen`, OpenStreetMap's own servers) the pack fetches no tile; with `area` (a local tile server
// standing for OpenFreeMap or a self-hosted one) it keeps the game's area.

const e2e = startE2e();
const offline = { he: offlineHe, en: offlineEn } as const;
let tiles: Awaited<ReturnType<typeof startLocalTiles>>;
let areaServer: TestServer;
let map: DemoGame;
let english: DemoGame;

beforeAll(async () => {
  tiles = await startLocalTiles();
  areaServer = await startServer({ TILE_URL: `${tiles.url}/{z}/{x}/{y}.png`, TILE_OFFLINE: 'area' });
  [map, english] = await Promise.all([mapGame(), englishGame()]);
}, 120_000);

afterAll(async () => {
  await Promise.allSettled([areaServer?.stop(), tiles?.close()]);
});

/** A plural text as i18next picks it (`_one`, `_two`, `_other`). */
function plural(texts: Record<string, string>, key: string, count: number, language: Language): string {
  const form = new Intl.PluralRules(language).select(count);
  return fill(texts[`${key}_${form}`] ?? texts[`${key}_other`], { count: String(count) });
}

const packExists = (page: Page, gameId: string) => page.evaluate((name) => caches.has(name), `pack-${gameId}`);

/** Opens 'Save for offline', checks the size comes before any download, downloads, and waits for the coverage line. */
async function saveForOffline(page: Page, language: Language, game: DemoGame, shot: string, { watchProgress = true } = {}) {
  const o = offline[language];
  await page.getByTestId('offline-pack-open').first().click();
  const dialog = page.getByRole('dialog', { name: o.title });
  const size = dialog.getByTestId('pack-size');
  await size.waitFor();
  expect(await packExists(page, game.id), 'nothing is kept before the player agrees').toBe(false);
  const sizeText = (await size.textContent()) ?? '';
  expect(sizeText).toContain(plural(o, 'stops', game.content.questions.length, language));
  expect(sizeText).toMatch(/\d/);
  await saveScreenshot(page, `offline-pack-size-${shot}`);
  await expectFitsScreen(page, `size dialog ${shot}`);
  await expectNoSeriousA11yViolations(page);

  // The media answer slowly here, so the progress is seen (page.route does not see what a service worker fetches).
  if (watchProgress) {
    await page.route('**/media/**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
    });
  }
  await dialog.getByTestId('pack-download').click();
  if (watchProgress) {
    const bar = dialog.getByRole('progressbar', { name: o.saving });
    await bar.waitFor();
    expect(Number(await bar.getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(0);
  }
  const done = dialog.getByTestId('pack-done');
  await done.waitFor({ timeout: 30_000 });
  if (watchProgress) await page.unroute('**/media/**');
  expect(await dialog.getByTestId('pack-coverage').textContent()).toBe(plural(o, 'allReady', game.content.questions.length, language));
  expect(await packExists(page, game.id)).toBe(true);
  const bytes = Number(await done.getAttribute('data-bytes'));
  await dialog.locator(`[data-testid="saved-pack"][data-game="${game.id}"]`).waitFor();
  expect(['true', 'false']).toContain(await dialog.getByTestId('pack-persisted').getAttribute('data-persisted'));
  await saveScreenshot(page, `offline-pack-done-${shot}`);
  await expectFitsScreen(page, `done dialog ${shot}`);
  await expectNoSeriousA11yViolations(page);
  return { dialog, bytes, sizeText };
}

/** Remove, confirmed: the pack's cache is gone, the play stays. */
async function removePackFromList(page: Page, language: Language, game: DemoGame) {
  const o = offline[language];
  const dialog = page.getByRole('dialog', { name: o.title });
  const row = dialog.locator(`[data-testid="saved-pack"][data-game="${game.id}"]`);
  await row.getByTestId('pack-remove').click();
  await row.getByTestId('pack-remove-yes').click();
  await row.waitFor({ state: 'detached' });
  expect(await packExists(page, game.id)).toBe(false);
  await dialog.getByTestId('pack-removed').getByText(fill(o.removed, { name: game.content.metadata.name })).waitFor();
}

describe('save for offline', () => {
  it('Hebrew at 390x844, tiles allowed (area): keeps the map game with its area, mid-game, and removes it', { timeout: 150_000 }, async () => {
    const t = texts.he;
    const { code } = await buyCodeViaApi(areaServer, map.id);
    const p = await newPhonePage(e2e.browser, { baseURL: areaServer.url, language: 'he', viewport: { width: 390, height: 844 } });
    const { page } = p;
    try {
      await page.goto(`/game/${map.id}`);
      await enterCode(page, t, code);
      await page.getByTestId('player').and(page.locator('[data-page="questions"]')).waitFor();
      const before = tiles.asked.length;
      const { bytes, sizeText } = await saveForOffline(page, 'he', map, 'he-390-area');
      const packTiles = tiles.asked.length - before;
      expect(sizeText).toContain(offlineHe.map);
      expect(packTiles, 'the pack asked the tile server for the area').toBeGreaterThan(20);
      expect(await page.getByTestId('pack-done').textContent()).toContain(offlineHe.mapSaved);
      console.log(`offline pack of the map game with TILE_OFFLINE=area: ${bytes} bytes kept, ${packTiles} tiles of ${tiles.tileBytes} bytes each`);
      await removePackFromList(page, 'he', map);
      // The play is not touched: the question is still there behind the dialog.
      await page.keyboard.press('Escape');
      await questionView(page, 0).or(page.getByTestId('area-step')).first().waitFor();
      p.expectNoErrors();
    } finally {
      await p.close();
    }
  });

  it('Hebrew map game with the default policy (seen): no tile is fetched by the pack, and it is under 3 MB', { timeout: 120_000 }, async () => {
    const t = texts.he;
    const { code } = await buyCodeViaApi(e2e.server, map.id);
    const p = await newPhonePage(e2e.browser, { baseURL: e2e.server.url, language: 'he', viewport: { width: 360, height: 800 } });
    const { page, context } = p;
    try {
      await stubMapTiles(context);
      await page.goto(`/game/${map.id}`);
      await enterCode(page, t, code);
      await page.getByTestId('header-intro').click();
      await page.getByTestId('play-code').waitFor();
      const tileRequests: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).hostname.endsWith('tile.openstreetmap.org')) tileRequests.push(request.url());
      });
      const { dialog, bytes, sizeText } = await saveForOffline(page, 'he', map, 'he-360-seen');
      expect(sizeText, 'the size says the map keeps only what was shown').toContain(offlineHe.mapSeen);
      expect(await dialog.getByTestId('pack-done').textContent()).toContain(offlineHe.mapSeen);
      expect(tileRequests, 'the pack fetches no tile under OpenStreetMap’s policy').toEqual([]);
      expect(bytes).toBeLessThan(3_000_000);
      console.log(`offline pack of the map game with the default TILE_OFFLINE=seen: ${bytes} bytes kept, no tiles`);
      // The cover the intro shows (the srcset's pick for this screen) is the very URL the pack keeps.
      const cover = await page.getByTestId('intro-page').locator('img').first().evaluate((img: HTMLImageElement) => img.currentSrc);
      expect(cover).toMatch(/\/media\/covers\/.+\?w=\d+$/);
      expect(await page.evaluate(async ({ name, url }) => Boolean(await (await caches.open(name)).match(url)), { name: `pack-${map.id}`, url: cover })).toBe(true);
      await removePackFromList(page, 'he', map);
      p.expectNoErrors({ allowConsole: [TILE_FAILURES] });
    } finally {
      await p.close();
    }
  });

  it('English at 360x800: from the intro, the size, the progress, the coverage, the list and Remove', { timeout: 120_000 }, async () => {
    const t = texts.en;
    const { code } = await buyCodeViaApi(e2e.server, english.id);
    const p = await newPhonePage(e2e.browser, { baseURL: e2e.server.url, language: 'en', viewport: { width: 360, height: 800 } });
    const { page } = p;
    try {
      await page.goto(`/game/${english.id}`);
      await enterCode(page, t, code);
      await questionView(page, 0).waitFor();
      await page.getByTestId('header-intro').click();
      await page.getByTestId('play-code').waitFor();
      const { bytes } = await saveForOffline(page, 'en', english, 'en-360');
      console.log(`offline pack of the English game: ${bytes} bytes kept`);
      await page.getByRole('dialog', { name: offlineEn.title }).getByRole('button', { name: offlineEn.close }).click();
      await page.locator('[data-testid="offline-pack-open"][data-saved="true"]').waitFor();
      await page.getByTestId('offline-pack-open').click();
      await removePackFromList(page, 'en', english);
      p.expectNoErrors();
    } finally {
      await p.close();
    }
  });

  it('under the app’s service worker: offline, a reload shows the intro with the cover from the pack', { timeout: 150_000 }, async () => {
    const t = texts.he;
    const { code } = await buyCodeViaApi(e2e.server, map.id);
    const p = await newPhonePage(e2e.browser, { baseURL: e2e.server.url, language: 'he', viewport: { width: 390, height: 844 }, serviceWorkers: 'allow' });
    const { page, context } = p;
    try {
      await stubMapTiles(context);
      await page.goto(`/game/${map.id}`);
      await page.waitForFunction(async () => {
        await navigator.serviceWorker.ready;
        return navigator.serviceWorker.controller !== null;
      });
      await enterCode(page, t, code);
      await page.getByTestId('header-intro').click();
      await page.getByTestId('play-code').waitFor();
      await saveForOffline(page, 'he', map, 'he-390-worker', { watchProgress: false });
      await page.keyboard.press('Escape');
      // Only the pack may answer for the cover: the worker's own keeping of pictures seen is emptied.
      await page.evaluate(() => caches.delete('media-seen'));

      await context.setOffline(true);
      await page.reload();
      const intro = page.getByTestId('intro-page');
      await intro.getByRole('button', { name: t.player.intro.continue, exact: true }).waitFor();
      const cover = intro.locator('img').first();
      await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 10_000 }).toBeGreaterThan(0);
      const src = await cover.evaluate((img: HTMLImageElement) => img.currentSrc);
      expect(await page.evaluate(async ({ name, url }) => Boolean(await (await caches.open(name)).match(url)), { name: `pack-${map.id}`, url: src })).toBe(true);
      await saveScreenshot(page, 'offline-pack-reload-offline-he-390');
      await context.setOffline(false);
    } finally {
      await p.close();
    }
  });
});
