import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EditableGame, EditorGame, NewGameReply } from '@streethunt/shared';
import { approveViaApi } from './support/admin.ts';
import { expectNoSeriousA11yViolations, finishTransitions } from './support/axe.ts';
import { newPhonePage, type Language, type PhonePage } from './support/browser.ts';
import { loadDemoGames, mapGame } from './support/demo-games.ts';
import { startE2e } from './support/fixture.ts';
import { expectFitsScreen } from './support/phone-layout.ts';
import { TILE_FAILURES, stubMapTiles } from './support/player.ts';
import { saveScreenshot } from './support/screenshots.ts';
import { DEMO_ADMIN, DEMO_CREATOR, editableCopy, loginViaApi, ownerGame, runId, studioApi, type StoredSession } from './support/studio.ts';
import { texts, type Texts } from './support/texts.ts';

// /games for thousands of games, on a 360 px phone in Hebrew and in English, against the real
// server's paged list: 30 approved games named with this run's id (5 of them in a city of their own)
// are searched for, and scrolling down brings the second page (more than 24 of them seen, never more
// than a few cards in the page at once, the page never wider than the screen); back from a game the
// list is where it was, without asking the server again; the city narrows the list to its 5 games;
// 'near me' at the Jaffa Clock Tower sorts the demo games Jaffa, Carmel market, Dizengoff with their
// distances; the map view shows them as markers. Each state is axe clean and photographed at 360 and
// 390 px; a denied location says how to allow it.

const e2e = startE2e();

const RUN = runId();
const GAME_COUNT = 30;
const CITY_COUNT = 5;
/** A city no other game has: the search finds it in the games' city. */
const CITY = `Zcity${RUN}`;
/** The Jaffa Clock Tower. */
const JAFFA_CLOCK = { latitude: 32.055, longitude: 34.7563 };
/** The run's games start in Haifa, well beyond 'near me' from Jaffa: the nearest are the demo games alone. */
const HAIFA = { lat: 32.7940, lng: 34.9896 };
const PAGE_SIZE = 24;
/** Never more cards in the page than this, however far the list is scrolled (the windowed grid). */
const MOST_CARDS_DRAWN = 24;

let runNames: string[];
let cityNames: string[];
/** The demo games near the clock tower, nearest first. */
let nearest: string[];

/** A copy of `source` named `name` in `city`, made by `owner` (a duplicate or a new game) and sent to approval: PENDING, with its id. */
async function pendingCopy(
  owner: StoredSession,
  source: { id: string; content: EditableGame },
  how: 'duplicate' | 'new',
  name: string,
  city: string,
): Promise<string> {
  const created = await studioApi<NewGameReply>(e2e.server, owner, how === 'duplicate' ? `/api/games/duplicate/${source.id}` : '/api/games/new', {});
  const gameId = created.data._id;
  const current = await ownerGame(e2e.server, owner, gameId);
  const game: EditableGame = { ...source.content, metadata: { ...source.content.metadata, name, locationCity: city, location: HAIFA } };
  await studioApi<{ data: EditorGame }>(e2e.server, owner, `/api/games/${gameId}`, { ...game, version: current.version });
  await studioApi<{ data: EditorGame }>(e2e.server, owner, `/api/games/status/${gameId}`, { status: 'PENDING', notifyAdmin: false });
  return gameId;
}

/**
 * Approves the games one after another, in the order given, so each is listed after the one before:
 * the list is newest first (listed_at desc, then id desc), and the server stamps an approval with its
 * clock in milliseconds, so two approvals in the same millisecond would tie and be ordered by id, not by
 * the order they were sent in. Each one starts once the one before has answered and the clock (the
 * server runs on this machine) has moved past the millisecond of that answer.
 */
async function approveInOrder(admin: StoredSession, gameIds: string[]): Promise<void> {
  let answeredAt = 0;
  for (const gameId of gameIds) {
    while (Date.now() <= answeredAt) await new Promise((resolve) => setTimeout(resolve, 1));
    await approveViaApi(e2e.server, admin, gameId);
    answeredAt = Date.now();
  }
}

beforeAll(async () => {
  const [creator, admin] = await Promise.all([loginViaApi(e2e.server, DEMO_CREATOR), loginViaApi(e2e.server, DEMO_ADMIN)]);
  const demo = await mapGame();
  const source = { id: demo.id, content: editableCopy(await ownerGame(e2e.server, creator, demo.id)) };
  runNames = Array.from({ length: GAME_COUNT }, (_, index) => `E2E list ${RUN} ${String(index + 1).padStart(2, '0')}`);
  cityNames = runNames.slice(0, CITY_COUNT);
  // The studio allows each user 10 copies and 10 new games a minute: the creator and the admin share the work.
  const plan = runNames.map((name, index) => ({
    name,
    city: index < CITY_COUNT ? CITY : 'Haifa',
    owner: index % 2 === 0 ? creator : admin,
    how: index % 4 < 2 ? ('duplicate' as const) : ('new' as const),
  }));
  // Made and sent to approval a few at a time (in any order: a pending game is not listed)...
  const gameIds: string[] = [];
  for (let start = 0; start < plan.length; start += 3) {
    gameIds.push(...(await Promise.all(plan.slice(start, start + 3).map((step) => pendingCopy(step.owner, source, step.how, step.name, step.city)))));
  }
  // ...then approved one at a time in the plan's order, so the last is the newest on the list.
  await approveInOrder(admin, gameIds);

  const demos = await loadDemoGames();
  const nameAt = (lat: number) => demos.find((game) => game.content.metadata.location && 'lat' in game.content.metadata.location && game.content.metadata.location.lat === lat)?.content.metadata.name;
  // Jaffa Clock Tower, Carmel market, Dizengoff Square (apps/server/src/demo/demo-games.ts).
  nearest = [nameAt(32.05503), nameAt(32.06849), nameAt(32.07812)].map((name) => name ?? '(missing demo game)');
}, 120_000);

/** The names on the cards drawn in the page now, top to bottom. */
function cardNames(page: Page): Promise<string[]> {
  return page.locator('[data-testid="games-list"] [data-testid="game-card"] h2').allTextContents();
}

/** The page's /api/games requests from now on (path and query). */
function recordListRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/games') seen.push(`${url.pathname}${url.search}`);
  });
  return seen;
}

async function checkState(p: PhonePage, name: string): Promise<void> {
  await finishTransitions(p.page);
  await expectFitsScreen(p.page, name);
  await expectNoSeriousA11yViolations(p.page);
  await saveScreenshot(p.page, name);
}

async function search(page: Page, t: Texts, text: string): Promise<void> {
  const box = page.getByRole('searchbox', { name: t.games.search.label, exact: true });
  await box.fill(text);
  await page.waitForURL((url) => url.searchParams.get('q') === text);
}

async function openPhone(language: Language, viewport: { width: number; height: number }): Promise<PhonePage> {
  const p = await newPhonePage(e2e.browser, { baseURL: e2e.server.url, language, viewport });
  await stubMapTiles(p.context);
  return p;
}

async function startNearMe(p: PhonePage, t: Texts): Promise<void> {
  await p.context.setGeolocation(JAFFA_CLOCK);
  await p.context.grantPermissions(['geolocation'], { origin: e2e.server.url });
  await p.page.getByRole('button', { name: t.games.near.button, exact: true }).click();
  await p.page.getByTestId('near-note').waitFor();
  await expect.poll(() => cardNames(p.page)).toEqual(nearest);
}

describe('the games list on a phone', () => {
  for (const language of ['he', 'en'] as const) {
    it(`searches, pages by scrolling, keeps its place, filters by city, sorts near me and maps (${language}, 360 px)`, { timeout: 150_000 }, async () => {
      const t = texts[language];
      const p = await openPhone(language, { width: 360, height: 800 });
      const { page } = p;
      const requests = recordListRequests(page);
      try {
        await page.goto('/games');
        await page.getByTestId('game-card').first().waitFor();
        await checkState(p, `games-list-${language}-360`);

        // The run's games: the newest first, 24 of them on the first page. (The unfiltered list, which came
        // in the page itself, starts with the same newest game: the search's own request is waited for.)
        await search(page, t, RUN);
        await expect.poll(() => requests.at(-1)).toBe(`/api/games?q=${RUN}`);
        await expect.poll(async () => (await cardNames(page))[0]).toBe(runNames[GAME_COUNT - 1]);
        await checkState(p, `games-search-${language}-360`);

        // Scrolling down brings the second page by itself; only the cards near the screen are in the page.
        const seen = new Set<string>();
        let mostDrawn = 0;
        for (let step = 0; step < 200; step++) {
          const names = await cardNames(page);
          names.forEach((name) => seen.add(name));
          mostDrawn = Math.max(mostDrawn, names.length);
          if (seen.size === GAME_COUNT && (await page.getByTestId('games-end').isVisible())) break;
          await page.evaluate(() => window.scrollBy(0, Math.round(window.innerHeight * 0.7)));
          await page.waitForTimeout(60);
        }
        expect([...seen].sort()).toEqual([...runNames].sort());
        expect(seen.size).toBeGreaterThan(PAGE_SIZE);
        expect(mostDrawn).toBeLessThanOrEqual(MOST_CARDS_DRAWN);
        expect(requests.filter((request) => request.startsWith(`/api/games?q=${RUN}&cursor=`))).toHaveLength(1);
        await expect.poll(() => page.getByTestId('games-end').textContent()).toBe(t.games.end);
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        await page.getByTestId('game-card').filter({ hasText: runNames[0] }).waitFor();
        await checkState(p, `games-search-end-${language}-360`);

        // To a game on the second page and back: the same place, from the cache.
        const oldest = page.getByTestId('game-card').filter({ hasText: runNames[0] });
        await oldest.scrollIntoViewIfNeeded();
        const before = await page.evaluate(() => window.scrollY);
        const asked = requests.length;
        await oldest.getByRole('link').click();
        await page.waitForURL((url) => url.pathname.startsWith('/game/'));
        await page.locator('main h1').first().waitFor();
        await page.goBack();
        await page.waitForURL((url) => url.pathname === '/games' && url.searchParams.get('q') === RUN);
        await page.getByTestId('game-card').filter({ hasText: runNames[0] }).waitFor();
        await expect.poll(() => page.evaluate(() => window.scrollY)).toBeCloseTo(before, -1);
        expect(await page.getByTestId('game-card').filter({ hasText: runNames[0] }).isVisible()).toBe(true);
        expect(requests.slice(asked)).toEqual([]);

        // The city: its 5 games, and no other.
        await page.evaluate(() => window.scrollTo(0, 0));
        await search(page, t, CITY);
        await expect.poll(async () => (await cardNames(page)).sort()).toEqual([...cityNames].sort());
        await page.getByTestId('games-end').waitFor();
        await checkState(p, `games-city-${language}-360`);

        // Near the clock tower: the demo games nearest first, each with its distance in the page's language.
        await page.getByRole('button', { name: t.games.search.clear, exact: true }).click();
        await page.waitForURL((url) => !url.searchParams.has('q'));
        await startNearMe(p, t);
        expect(new URL(page.url()).searchParams.get('near')).toBe('1');
        expect(page.url()).not.toMatch(/lat=|lng=|32\.05/);
        expect(requests.at(-1)).toBe('/api/games?lat=32.055&lng=34.7563');
        const distances = await page.getByTestId('game-distance').allTextContents();
        expect(distances).toHaveLength(3);
        for (const distance of distances) expect(distance).toMatch(language === 'he' ? /\d (מ׳|ק״מ)$/ : /\d (m|km)$/);
        expect(await page.getByRole('button', { name: t.games.near.button, exact: true }).getAttribute('aria-pressed')).toBe('true');
        await checkState(p, `games-near-${language}-360`);

        // The map of them.
        await page.getByRole('group', { name: t.games.view.label, exact: true }).getByRole('button', { name: t.games.view.map, exact: true }).click();
        await page.waitForURL((url) => url.searchParams.get('view') === 'map');
        const map = page.getByTestId('games-map');
        await map.waitFor();
        await expect.poll(() => map.locator('.leaflet-marker-icon').count()).toBeGreaterThanOrEqual(2);
        await checkState(p, `games-map-${language}-360`);
        p.expectNoErrors({ allowConsole: [TILE_FAILURES] });
      } finally {
        await p.close();
      }
    });

    it(`looks right on a 390 px phone, and says how to allow a denied location (${language})`, { timeout: 120_000 }, async () => {
      const t = texts[language];
      const p = await openPhone(language, { width: 390, height: 844 });
      const { page } = p;
      try {
        await page.goto('/games');
        await page.getByTestId('game-card').first().waitFor();
        await checkState(p, `games-list-${language}-390`);
        await search(page, t, RUN);
        await expect.poll(async () => (await cardNames(page))[0]).toBe(runNames[GAME_COUNT - 1]);
        await checkState(p, `games-search-${language}-390`);
        await page.getByRole('button', { name: t.games.search.clear, exact: true }).click();
        await page.waitForURL((url) => !url.searchParams.has('q'));

        await startNearMe(p, t);
        await checkState(p, `games-near-${language}-390`);
        await page.getByRole('group', { name: t.games.view.label, exact: true }).getByRole('button', { name: t.games.view.map, exact: true }).click();
        await page.getByTestId('games-map').locator('.leaflet-marker-icon').first().waitFor();
        await checkState(p, `games-map-${language}-390`);

        // Location taken away: 'near me' stops, the list stays, and a message says how to allow it again.
        await page.getByRole('button', { name: t.games.near.button, exact: true }).click();
        await page.waitForURL((url) => !url.searchParams.has('near'));
        await p.context.clearPermissions();
        await page.getByRole('button', { name: t.games.near.button, exact: true }).click();
        const alert = page.getByTestId('near-failed');
        await alert.getByText(t.games.near.failed.title, { exact: true }).waitFor();
        await alert.getByText(t.games.near.failed.denied, { exact: true }).waitFor();
        await alert.getByRole('button', { name: t.games.near.failed.retry, exact: true }).waitFor();
        expect(new URL(page.url()).searchParams.has('near')).toBe(false);
        await checkState(p, `games-near-denied-${language}-390`);
        p.expectNoErrors({ allowConsole: [TILE_FAILURES] });
      } finally {
        await p.close();
      }
    });
  }
});
