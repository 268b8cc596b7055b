import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { textAnswerValue } from '@streethunt/shared';
import { htmlLangDir } from './support/app.ts';
import { approveViaApi, pendingGameViaApi } from './support/admin.ts';
import { DEMO_ADMIN, DEMO_CREATOR, loginViaApi } from './support/studio.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { newPhonePage, type Language } from './support/browser.ts';
import { englishGame, freeGame, loadDemoGames, mapGame, type DemoGame } from './support/demo-games.ts';
import { startE2e } from './support/fixture.ts';
import { expectFitsScreen } from './support/phone-layout.ts';
import { buyCodeViaApi, enterCode } from './support/player.ts';
import { saveScreenshot } from './support/screenshots.ts';
import { fill, texts } from './support/texts.ts';

// The first screen of /games and /game/{id} comes as HTML from the server (src/entry-server.tsx) and
// React hydrates it: seen without JavaScript, hydrated without a warning, previewed by its tags, and
// never carrying what only a code or a session may see.

const e2e = startE2e();
let mapped: DemoGame;
let english: DemoGame;
let free: DemoGame;

beforeAll(async () => {
  [mapped, english, free] = await Promise.all([mapGame(), englishGame(), freeGame()]);
});

const PHONES = [
  { width: 390, height: 844 },
  { width: 360, height: 800 },
];

/** A phone without JavaScript; `language` is the visitor's kept choice (the cookie the app writes), none for a first visit. */
async function withoutScript(viewport: { width: number; height: number }, language: Language | null): Promise<{ context: BrowserContext; page: Page }> {
  const context = await e2e.browser.newContext({ baseURL: e2e.server.url, viewport, deviceScaleFactor: 2, isMobile: true, hasTouch: true, javaScriptEnabled: false });
  if (language) await context.addCookies([{ name: 'lang', value: language, url: e2e.server.url }]);
  return { context, page: await context.newPage() };
}

describe('without JavaScript', () => {
  for (const language of ['he', 'en'] as const) {
    it(`/games shows its heading, filters and first cards in ${language === 'he' ? 'Hebrew (rtl, a first visit)' : 'English (ltr, the kept choice)'}`, async () => {
      const t = texts[language];
      const names = (await loadDemoGames()).map((game) => game.content.metadata.name);
      for (const viewport of PHONES) {
        const { context, page } = await withoutScript(viewport, language === 'he' ? null : language);
        try {
          const response = await page.goto('/games');
          expect(response?.status()).toBe(200);
          expect(await htmlLangDir(page)).toEqual({ lang: language, dir: language === 'he' ? 'rtl' : 'ltr' });
          expect(await page.getByTestId('games-heading').textContent()).toBe(t.games.title);
          // The test server says it is development: the banner is in the page from the start, not added later.
          expect(await page.getByTestId('environment-banner').count()).toBe(1);
          expect(await page.getByPlaceholder(t.games.search.placeholder).count()).toBe(1);
          const cards = page.getByTestId('game-card');
          expect(await cards.count()).toBeGreaterThanOrEqual(3);
          const shown = await cards.getByRole('heading').allTextContents();
          for (const name of names) expect(shown).toContain(name);
          // The first cover is in the HTML, at the widths the slot needs.
          const cover = cards.first().locator('img');
          expect(await cover.getAttribute('srcset')).toMatch(/\?w=320 320w/);
          expect(await cover.getAttribute('sizes')).toBeTruthy();
          await expectFitsScreen(page, `/games without JavaScript, ${language}, ${viewport.width} px`);
          await saveScreenshot(page, `first-screen-games-noscript-${language}-${viewport.width}`);
        } finally {
          await context.close();
        }
      }
    });
  }

  it("/game/{id} shows the intro in the game's own language: Hebrew (rtl) and English (ltr)", async () => {
    for (const [game, language] of [
      [mapped, 'he'],
      [english, 'en'],
    ] as const) {
      const t = texts[language];
      const { metadata } = game.content;
      for (const viewport of PHONES) {
        // The visitor's own language is the other one: the game's wins on its page.
        const { context, page } = await withoutScript(viewport, language === 'he' ? 'en' : 'he');
        try {
          const response = await page.goto(`/game/${game.id}`);
          expect(response?.status()).toBe(200);
          expect(await htmlLangDir(page)).toEqual({ lang: language, dir: language === 'he' ? 'rtl' : 'ltr' });
          const intro = page.getByTestId('intro-page');
          expect(await intro.getByRole('heading', { level: 1 }).textContent()).toBe(metadata.name);
          expect(await intro.textContent()).toContain(metadata.locationCity);
          expect(await intro.getByRole('button', { name: t.player.intro.letsPlay, exact: true }).count()).toBe(1);
          expect(await intro.getByTestId('rich-content').textContent()).toBeTruthy();
          const cover = intro.locator('img').first();
          expect(await cover.getAttribute('srcset')).toMatch(/\?w=1280 1280w/);
          expect(await page.title()).toBe(`${metadata.name} | ${t.common.appName}`);
          await expectFitsScreen(page, `/game/${game.id} without JavaScript, ${viewport.width} px`);
          await saveScreenshot(page, `first-screen-game-noscript-${language}-${viewport.width}`);
        } finally {
          await context.close();
        }
      }
    }
  });
});

/**
 * Records on the page, before any script of its own runs, the first heading the HTML brought; once the
 * app has started, whether React took that very element over (hydrated) or drew the page anew.
 */
async function watchServerHeading(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const observer = new MutationObserver(() => {
      const heading = document.querySelector('#root main h1');
      if (!heading) return;
      (window as unknown as { serverHeading: Element }).serverHeading = heading;
      observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true });
  });
}

/** The server's heading is on screen and React owns it: hydrated, not drawn again. */
async function headingHydrated(page: Page): Promise<boolean> {
  await page.waitForFunction(() => {
    const heading = (window as unknown as { serverHeading?: Element }).serverHeading;
    return Boolean(heading && Object.keys(heading).some((key) => key.startsWith('__reactFiber$')));
  });
  return page.evaluate(() => {
    const heading = (window as unknown as { serverHeading: Element }).serverHeading;
    return heading.isConnected && heading === document.querySelector('#root main h1');
  });
}

/** Everything the console said that was an error or a warning, and what the page threw. */
function consoleProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  return problems;
}

/** The API calls the page makes (the data was in the HTML: none for it). */
function apiCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) calls.push(url.pathname);
  });
  return calls;
}

/** The layout shifts the page had (CLS's entries), not caused by input. */
function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!entry.hadRecentInput) total += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 300);
      }),
  );
}

describe('hydration', () => {
  for (const language of ['he', 'en'] as const) {
    it(`/games in ${language}: React takes the server's page over without a warning, a shift or a second request for the list`, async () => {
      const p = await newPhonePage(e2e.browser, { baseURL: e2e.server.url, language });
      try {
        // The kept choice, as the app keeps it: in storage and in the cookie the server reads.
        if (language === 'en') await p.context.addCookies([{ name: 'lang', value: 'en', url: e2e.server.url }]);
        const problems = consoleProblems(p.page);
        const calls = apiCalls(p.page);
        await watchServerHeading(p.page);
        await p.page.goto('/games');
        expect(await headingHydrated(p.page)).toBe(true);
        await p.page.waitForLoadState('networkidle');
        expect(calls.filter((path) => path === '/api/games' || path === '/api/public-config')).toEqual([]);
        expect(await layoutShift(p.page)).toBeLessThan(0.01);
        // Hydrated means working: a search from the filters.
        const t = texts[language];
        await p.page.getByPlaceholder(t.games.search.placeholder).fill(mapped.content.metadata.locationCity);
        await p.page.waitForURL(/[?&]q=/);
        // While the search's list loads, the old list stays, dimmed and marked busy: judge the settled one.
        await p.page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
        await expectNoSeriousA11yViolations(p.page);
        await saveScreenshot(p.page, `first-screen-games-hydrated-${language}`);
        expect(problems).toEqual([]);
      } finally {
        await p.close();
      }
    });
  }

  it('/game/{id} without a code, and a free game: hydrated without a warning; the button works', async () => {
    for (const game of [mapped, free, english]) {
      const language = game.content.metadata.language;
      const t = texts[language];
      const p = await newPhonePage(e2e.browser, { baseURL: e2e.server.url, language: 'he' });
      try {
        const problems = consoleProblems(p.page);
        const calls = apiCalls(p.page);
        await watchServerHeading(p.page);
        await p.page.goto(`/game/${game.id}`);
        expect(await headingHydrated(p.page)).toBe(true);
        await p.page.waitForLoadState('networkidle');
        expect(calls.filter((path) => path === `/api/games/${game.id}`)).toEqual([]);
        expect(await layoutShift(p.page)).toBeLessThan(0.01);
        expect(await htmlLangDir(p.page)).toEqual({ lang: language, dir: language === 'he' ? 'rtl' : 'ltr' });
        await expectNoSeriousA11yViolations(p.page);
        await saveScreenshot(p.page, `first-screen-game-hydrated-${game.id}`);
        if (game === mapped) {
          await p.page.getByTestId('intro-page').getByRole('button', { name: t.player.intro.letsPlay, exact: true }).click();
          await p.page.getByTestId('code-entry').waitFor();
        }
        expect(problems).toEqual([]);
      } finally {
        await p.close();
      }
    }
  });

  it('with a code of the game the page is drawn by the client as before, without an error; leaving gives the visitor their own language back', async () => {
    const { code } = await buyCodeViaApi(e2e.server, english.id);
    const p = await newPhonePage(e2e.browser, { baseURL: e2e.server.url, language: 'he' });
    try {
      const problems = consoleProblems(p.page);
      await p.page.goto(`/game/${english.id}`);
      await enterCode(p.page, texts.en, code);
      await p.page.reload();
      await p.page.getByTestId('player').waitFor();
      await p.page.getByTestId('intro-page').or(p.page.locator('[data-testid="player"][data-page="questions"]')).first().waitFor();
      // The switch to the game's language loads that language's texts first: on a busy machine it lands after the intro.
      await p.page.waitForFunction(() => document.documentElement.lang === 'en', undefined, { timeout: 10_000 }).catch(() => undefined);
      expect(await htmlLangDir(p.page)).toEqual({ lang: 'en', dir: 'ltr' });
      await p.page.goto('/games');
      await p.page.getByTestId('games-heading').filter({ hasText: texts.he.games.title }).waitFor();
      expect(await htmlLangDir(p.page)).toEqual({ lang: 'he', dir: 'rtl' });
      expect(problems).toEqual([]);
    } finally {
      await p.close();
    }
  });

  it('after switching the language, the next page the server draws is in it and hydrates without a warning', async () => {
    const p = await newPhonePage(e2e.browser, { baseURL: e2e.server.url, language: 'he' });
    try {
      const problems = consoleProblems(p.page);
      await p.page.goto('/games');
      await p.page.getByRole('button', { name: texts.he.menu.open, exact: true }).click();
      await p.page.getByRole('button', { name: fill(texts.he.menu.switchLanguageLabel, { language: 'English' }), exact: true }).click();
      await p.page.getByTestId('games-heading').filter({ hasText: texts.en.games.title }).waitFor();
      await watchServerHeading(p.page);
      await p.page.reload();
      expect(await headingHydrated(p.page)).toBe(true);
      expect(await p.page.getByTestId('games-heading').textContent()).toBe(texts.en.games.title);
      expect(await htmlLangDir(p.page)).toEqual({ lang: 'en', dir: 'ltr' });
      expect(problems).toEqual([]);
    } finally {
      await p.close();
    }
  });
});

/** The page's HTML as a stranger's first request gets it. */
async function html(path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string; headers: Headers }> {
  const response = await fetch(`${e2e.server.url}${path}`, { headers });
  return { status: response.status, body: await response.text(), headers: response.headers };
}

/** The content of `<meta property|name="key">`. */
function metaTag(body: string, key: string): string | null {
  const tag = new RegExp(`<meta (?:property|name)="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)">`).exec(body);
  return tag?.[1]?.replace(/&quot;/g, '"').replace(/&amp;/g, '&') ?? null;
}

/** Text of rich content as it would appear in the page (tags dropped, whitespace folded). */
const plain = (richText: string) => richText.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();

describe('the HTML', () => {
  it("a game's link preview: title, description, Open Graph and Twitter tags with its name, city and cover", async () => {
    const { metadata } = mapped.content;
    const page = await html(`/game/${mapped.id}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain(`<title>${metadata.name} | ${texts.he.common.appName}</title>`);
    expect(metaTag(page.body, 'og:title')).toBe(`${metadata.name} | ${texts.he.common.appName}`);
    expect(metaTag(page.body, 'description')).toBe(fill(texts.he.preview.game, { name: metadata.name, city: metadata.locationCity }));
    expect(metaTag(page.body, 'og:description')).toBe(metaTag(page.body, 'description'));
    expect(metaTag(page.body, 'og:url')).toBe(`${e2e.server.url}/game/${mapped.id}`);
    expect(metaTag(page.body, 'og:locale')).toBe('he_IL');
    const image = metaTag(page.body, 'og:image');
    expect(image).toMatch(new RegExp(`^${e2e.server.url}/media/.+\\?w=1280$`));
    expect(metaTag(page.body, 'twitter:card')).toBe('summary_large_image');
    expect(metaTag(page.body, 'twitter:image')).toBe(image);
    // The image the preview names is there.
    expect((await fetch(image!)).status).toBe(200);
    // The cover, preloaded from the head at the size its slot needs.
    expect(page.body).toMatch(/<link rel="preload" as="image" href="[^"]+" imagesrcset="[^"]+ 1280w" imagesizes="\(max-width: 45em\)[^"]*" fetchpriority="high">/);

    const list = await html('/games', { cookie: 'lang=en' });
    expect(metaTag(list.body, 'og:title')).toBe(`${texts.en.games.title} | ${texts.en.common.appName}`);
    expect(metaTag(list.body, 'description')).toBe(texts.en.common.metaDescription);
    expect(metaTag(list.body, 'og:locale')).toBe('en_US');
  });

  it('never holds answers, hints, question content or another page of the list', async () => {
    for (const game of await loadDemoGames()) {
      const { body } = await html(`/game/${game.id}`);
      for (const question of game.content.questions) {
        expect(body).not.toContain(plain(question.content).slice(0, 40));
        for (const hint of question.hints) expect(body).not.toContain(plain(hint.content).slice(0, 40));
        for (const answer of textAnswerValue(question.answer).split(',').map((value) => value.trim()).filter((value) => value.length >= 3)) expect(body).not.toContain(answer);
      }
      expect(body).not.toMatch(/"questions"|"hashes"|"salt"/);
    }
  });

  it('an unknown game and a malformed id get the not-found screen with 404; other pages keep the shell', async () => {
    for (const path of ['/game/ffffffffffffffffffffffff', '/game/not-an-id', '/game/%3Cscript%3E']) {
      const page = await html(path);
      expect(page.status, path).toBe(404);
      expect(page.body).toContain('data-testid="game-not-found"');
      expect(metaTag(page.body, 'robots')).toBe('noindex');
    }
    const other = await html('/terms');
    expect(other.status).toBe(200);
    expect(other.body).not.toMatch(/<html[^>]*data-first-screen/);
    const near = await html('/games?near=1');
    expect(near.body).not.toMatch(/<html[^>]*data-first-screen/);
  });

  it('is revalidated, never served stale: ETag, 304 when unchanged, no-cache, varying with the language cookie, a newly approved game on the next page', async () => {
    const first = await html('/games');
    expect(first.headers.get('cache-control')).toBe('no-cache');
    expect(first.headers.get('vary')).toMatch(/cookie/);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await fetch(`${e2e.server.url}/games`, { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
    const inEnglish = await html('/games', { cookie: 'lang=en' });
    expect(inEnglish.headers.get('etag')).not.toBe(etag);

    // A game approved a moment ago is on the next page drawn: the server keeps drawn pages only by the data they show.
    const [creator, admin] = await Promise.all([loginViaApi(e2e.server, DEMO_CREATOR), loginViaApi(e2e.server, DEMO_ADMIN)]);
    const name = `First screen ${Date.now().toString(36)}`;
    const gameId = await pendingGameViaApi(e2e.server, creator, english.id, name);
    expect((await html('/games')).body).not.toContain(name);
    await approveViaApi(e2e.server, admin, gameId);
    const after = await html('/games');
    expect(after.body).toContain(name);
    expect(after.headers.get('etag')).not.toBe(etag);
    expect((await fetch(`${e2e.server.url}/games`, { headers: { 'if-none-match': etag! } })).status).toBe(200);
  });

  it('runs no inline script but the allowed start-up one: the data beside the page is JSON, which the browser does not run', async () => {
    const { body, headers } = await html('/games');
    const inline = [...body.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].map((match) => match[1]!.trim());
    expect(inline).toEqual(['', 'type="application/json" id="first-screen-data"']);
    // The stylesheet is linked, so the page never shows unstyled (client-drawn pages preload it instead).
    expect(body).toMatch(/<link rel="stylesheet"( crossorigin)? href="\/assets\/[^"]+\.css">/);
    expect(body).not.toContain('data-app-styles');
    expect(headers.get('content-security-policy')).toMatch(/script-src 'self' 'sha256-[^']+';/);
  });
});
