import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appHeader, htmlLangDir, menuToggle, openPage } from './support/app.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { newPhonePage, type Language, type PhonePage } from './support/browser.ts';
import { saveScreenshot } from './support/screenshots.ts';
import { startE2e } from './support/fixture.ts';
import { startServer, type TestServer } from './support/server.ts';
import { fill, texts } from './support/texts.ts';

// The app shell of spec section 2: splash, header, menu, language and direction, banner, affiliate
// cookie, not-found, terms and the placeholder pages, on a phone, in Hebrew and English.

const LANGUAGES: Language[] = ['he', 'en'];

const e2e = startE2e();

/** Opens a fresh phone page, runs `body`, then checks the page threw and logged nothing. */
async function withPage(language: Language, body: (p: PhonePage) => Promise<void>, options: { storeLanguage?: boolean; baseURL?: string } = {}) {
  const p = await newPhonePage(e2e.browser, { baseURL: options.baseURL ?? e2e.server.url, language, storeLanguage: options.storeLanguage });
  try {
    await body(p);
    p.expectNoErrors();
  } finally {
    await p.close();
  }
}

/**
 * Pauses the page's fake clock a moment from now. On a busy machine the moment can pass before the
 * call lands ('Cannot fast-forward to the past'); then it tries again from the new now.
 */
async function pauseSoon(page: Page): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const now = await page.evaluate(() => Date.now());
    try {
      await page.clock.pauseAt(now + 50);
      return;
    } catch (error) {
      if (attempt >= 5 || !/to the past/.test(String(error))) throw error;
    }
  }
}

const open = openPage;
const header = appHeader;

describe('splash', () => {
  it('/ shows the splash without the header and goes to /games after 2 seconds', async () => {
    await withPage('he', async ({ page }) => {
      const t = texts.he;
      // Fake time keeps the splash up while axe runs; then we move the clock across the 2 s mark by hand.
      await page.clock.install();
      await page.goto('/');
      await page.getByRole('heading', { level: 1, name: t.common.appName }).waitFor();
      await page.getByText(t.splash.tagline).waitFor();
      await pauseSoon(page);
      expect(await header(page).count()).toBe(0);
      expect(await page.getByRole('link', { name: t.splash.enter, exact: true }).getAttribute('href')).toBe('/games');

      // axe waits on setTimeout(0) between rules, so the paused clock is stepped until it is done. The
      // clock belongs to the whole context, so axe must not open its own page in it meanwhile.
      let axeSettled = false;
      const axe = expectNoSeriousA11yViolations(page, { inPageOnly: true }).then(
        () => ((axeSettled = true), null),
        (error: unknown) => ((axeSettled = true), error),
      );
      let stepped = 0;
      while (!axeSettled) {
        await page.clock.runFor(5);
        stepped += 5;
      }
      const axeError = await axe;
      if (axeError) throw axeError;
      expect(stepped, 'fake time spent on axe').toBeLessThan(900);
      expect(new URL(page.url()).pathname).toBe('/');

      // The timer started when the splash mounted, a moment before the pause: 1 s in it is still up,
      // 2.1 s in it has gone to the games.
      await page.clock.runFor(1_000 - stepped);
      expect(new URL(page.url()).pathname).toBe('/');
      await page.clock.runFor(1_100);
      await page.waitForURL((url) => url.pathname === '/games');
      await page.getByRole('heading', { level: 1, name: t.pages.games }).waitFor();
    });
  });

  it('/splash shows the splash and goes to /games about 2 seconds after loading (real clock)', async () => {
    await withPage('en', async ({ page }) => {
      const t = texts.en;
      await page.goto('/splash');
      await page.getByText(t.splash.tagline).waitFor();
      await page.waitForURL((url) => url.pathname === '/games', { timeout: 10_000 });
      const sinceNavigationStart = await page.evaluate(() => performance.now());
      expect(sinceNavigationStart).toBeGreaterThanOrEqual(2_000);
      expect(sinceNavigationStart).toBeLessThan(8_000);
      await page.getByRole('heading', { level: 1, name: t.pages.games }).waitFor();
    });
  });
});

describe('first paint', () => {
  // A page the client draws (the server draws /games's plain list itself, with its stylesheet linked: first-screen.e2e.ts).
  it('shows the logo shell before the stylesheet arrives, and renders the app only once it has', async () => {
    await withPage('he', async ({ page }) => {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const html = await (await page.request.get('/games?near=1')).text();
      const stylesheet = /<link rel="preload" as="style"[^>]* href="([^"]+\.css)" data-app-styles>/.exec(html)?.[1];
      expect(stylesheet, 'index.html preloads the app stylesheet instead of linking it').toBeTruthy();
      await page.route((url) => url.pathname === stylesheet, async (route) => {
        await held;
        await route.continue();
      });
      await page.goto('/games?near=1', { waitUntil: 'commit' });
      // Painted, not just parsed: the paint timing entry exists only once pixels were drawn.
      await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
      expect(await page.locator('#root .boot-shell svg').count()).toBe(1);
      // The app's code and texts are in, yet it waits for its styles rather than showing unstyled.
      await page.waitForFunction(() => performance.getEntriesByType('resource').some((entry) => /\/assets\/he-[^/]+\.js$/.test(entry.name)));
      await page.waitForTimeout(500);
      expect(await page.getByRole('heading', { level: 1 }).count()).toBe(0);
      release();
      await page.getByRole('heading', { level: 1, name: texts.he.pages.games }).waitFor();
      expect(await page.evaluate((href) => [...document.styleSheets].some((sheet) => sheet.href?.endsWith(href)), stylesheet!)).toBe(true);
    });
  });
});

describe('header', () => {
  for (const language of LANGUAGES) {
    it(`on /games shows the logo link to /games and links to /home, /games, /about (${language})`, async () => {
      await withPage(language, async ({ page }) => {
        const t = texts[language];
        await open(page, '/games');
        await expect.poll(() => header(page).count()).toBe(1);
        const logo = header(page).getByRole('link', { name: t.header.logoLabel, exact: true });
        expect(await logo.getAttribute('href')).toBe('/games');
        const nav = header(page).getByRole('navigation', { name: t.header.mainNav, exact: true });
        const links = [
          [t.header.home, '/home'],
          [t.header.games, '/games'],
          [t.header.about, '/about'],
        ] as const;
        for (const [name, href] of links) {
          expect(await nav.getByRole('link', { name, exact: true }).getAttribute('href')).toBe(href);
        }
        await page.getByRole('heading', { level: 1, name: t.pages.games }).waitFor();
        await saveScreenshot(page, `games-${language}`);
        await expectNoSeriousA11yViolations(page);
      });
    });
  }

  for (const [path, titleKey] of [
    ['/affiliates', 'affiliates'],
    ['/affiliates/make-money', 'affiliatesMakeMoney'],
  ] as const) {
    it(`is hidden on ${path}`, async () => {
      await withPage('he', async ({ page }) => {
        await open(page, path);
        await page.getByRole('heading', { level: 1, name: texts.he.pages[titleKey] }).waitFor();
        expect(await header(page).count()).toBe(0);
        await expectNoSeriousA11yViolations(page);
      });
    });
  }
});

describe('menu', () => {
  const toggle = (page: Page, language: Language) => page.getByRole('button', { name: texts[language].menu.open, exact: true });
  const drawer = (page: Page, language: Language) => page.getByRole('dialog', { name: texts[language].menu.title });
  const toggleOrClose = (page: Page, language: Language) => menuToggle(page, texts[language].menu);

  /**
   * The header mirrors with the language: the toggle sits at the inline end (left in Hebrew, right in
   * English), and the drawer slides in from that same edge.
   */
  async function expectDrawerOnSide(page: Page, language: Language) {
    const width = page.viewportSize()!.width;
    const toggleBox = await toggleOrClose(page, language).boundingBox();
    expect(toggleBox, 'the toggle has a box').not.toBeNull();
    const toggleOnLeft = toggleBox!.x + toggleBox!.width / 2 < width / 2;
    expect(toggleOnLeft ? 'left' : 'right', 'the toggle sits at the inline end').toBe(language === 'he' ? 'left' : 'right');
    const box = await drawer(page, language).boundingBox();
    expect(box, 'the drawer has a box').not.toBeNull();
    if (toggleOnLeft) expect(Math.abs(box!.x), 'drawer at the left edge').toBeLessThanOrEqual(1);
    else expect(Math.abs(box!.x + box!.width - width), 'drawer at the right edge').toBeLessThanOrEqual(1);
  }

  for (const language of LANGUAGES) {
    it(`opens with the toggle and shows the logged-out items (${language})`, async () => {
      await withPage(language, async ({ page }) => {
        const t = texts[language];
        await open(page, '/games');
        await toggle(page, language).click();
        const menu = drawer(page, language);
        await menu.waitFor();
        await menu.getByRole('link', { name: t.menu.login, exact: true }).waitFor();
        const other = language === 'he' ? 'English' : 'עברית';
        await menu.getByRole('button', { name: fill(t.menu.switchLanguageLabel, { language: other }), exact: true }).waitFor();
        expect(await menu.getByRole('link', { name: t.menu.about, exact: true }).getAttribute('href')).toBe('/about');
        expect(await menu.getByRole('link', { name: t.menu.terms, exact: true }).getAttribute('href')).toBe('/terms');
        expect(await menu.getByRole('link', { name: t.menu.login, exact: true }).getAttribute('href')).toMatch(/^\/login/);
        for (const loggedInOnly of [t.menu.myGames, t.menu.logout, t.menu.adminUsers]) {
          expect(await menu.getByRole('link', { name: loggedInOnly, exact: true }).count()).toBe(0);
        }
        // Let the opening transition finish before measuring and photographing.
        await page.waitForTimeout(400);
        await expectDrawerOnSide(page, language);
        await saveScreenshot(page, `menu-open-${language}`);
        await expectNoSeriousA11yViolations(page);
      });
    });
  }

  it('closes on a route change: terms inside it goes to /terms and the drawer is gone', async () => {
    await withPage('he', async ({ page }) => {
      const t = texts.he;
      await open(page, '/games');
      await toggle(page, 'he').click();
      await drawer(page, 'he').getByRole('link', { name: t.menu.terms, exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/terms');
      await page.getByRole('heading', { level: 1, name: t.terms.title }).waitFor();
      await drawer(page, 'he').waitFor({ state: 'hidden' });
      expect(await page.getByRole('dialog').count()).toBe(0);
      await expectNoSeriousA11yViolations(page);
    });
  });

  it('switches the language to English (ltr) and back to Hebrew (rtl)', async () => {
    await withPage('he', async ({ page }) => {
      await open(page, '/games');
      expect(await htmlLangDir(page)).toEqual({ lang: 'he', dir: 'rtl' });

      await toggle(page, 'he').click();
      await drawer(page, 'he').getByRole('button', { name: fill(texts.he.menu.switchLanguageLabel, { language: 'English' }), exact: true }).click();
      await expect.poll(() => htmlLangDir(page)).toEqual({ lang: 'en', dir: 'ltr' });
      await page.getByRole('heading', { level: 1, name: texts.en.pages.games }).waitFor();
      await drawer(page, 'en').getByRole('link', { name: texts.en.menu.login, exact: true }).waitFor();
      await page.waitForTimeout(400);
      await expectDrawerOnSide(page, 'en');
      await saveScreenshot(page, 'menu-after-switch-to-en');
      await expectNoSeriousA11yViolations(page);

      // The choice is kept: a reload stays in English.
      await open(page, '/games');
      expect(await htmlLangDir(page)).toEqual({ lang: 'en', dir: 'ltr' });

      await toggle(page, 'en').click();
      await drawer(page, 'en').getByRole('button', { name: fill(texts.en.menu.switchLanguageLabel, { language: 'עברית' }), exact: true }).click();
      await expect.poll(() => htmlLangDir(page)).toEqual({ lang: 'he', dir: 'rtl' });
      await page.getByRole('heading', { level: 1, name: texts.he.pages.games }).waitFor();
      await drawer(page, 'he').getByRole('link', { name: texts.he.menu.login, exact: true }).waitFor();
      await page.waitForTimeout(400);
      await expectDrawerOnSide(page, 'he');
      await expectNoSeriousA11yViolations(page);
    });
  });
});

describe('direction', () => {
  it('is Hebrew, right-to-left, by default', async () => {
    await withPage(
      'he',
      async ({ page }) => {
        for (const path of ['/games', '/terms', '/about']) {
          await open(page, path);
          expect(await htmlLangDir(page)).toEqual({ lang: 'he', dir: 'rtl' });
          expect(await page.evaluate(() => getComputedStyle(document.body).direction)).toBe('rtl');
        }
        await expectNoSeriousA11yViolations(page);
      },
      { storeLanguage: false },
    );
  });
});

describe('environment banner', () => {
  for (const language of LANGUAGES) {
    it(`says development on 127.0.0.1 (${language})`, async () => {
      await withPage(language, async ({ page }) => {
        const t = texts[language];
        await open(page, '/games');
        const banner = page.getByTestId('environment-banner');
        await banner.waitFor();
        expect(await banner.getAttribute('data-env')).toBe('development');
        expect((await banner.textContent())?.trim()).toBe(fill(t.banner.label, { env: t.banner.development }));
        await expectNoSeriousA11yViolations(page);
      });
    });
  }

  describe('on a production host', () => {
    let production: TestServer;
    beforeAll(async () => {
      production = await startServer({ PRODUCTION_HOSTS: '127.0.0.1' });
    });
    afterAll(async () => {
      await production?.stop();
    });

    it('is hidden when the server lists 127.0.0.1 in PRODUCTION_HOSTS', async () => {
      await withPage(
        'he',
        async ({ page }) => {
          // A page the client draws asks for the config (a drawn one has it in the page).
          const config = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/public-config');
          await open(page, '/about');
          expect(((await (await config).json()) as { productionHosts: string[] }).productionHosts).toEqual(['127.0.0.1']);
          // The banner would render right after the config arrives; give React a moment to prove it does not.
          await page.waitForTimeout(500);
          expect(await page.getByTestId('environment-banner').count()).toBe(0);
          expect(await header(page).count()).toBe(1);
          await expectNoSeriousA11yViolations(page);
        },
        { baseURL: production.url },
      );
    });
  });
});

describe('affiliate cookie', () => {
  it('keeps ?aff for 7 days and does not replace it with a later one', async () => {
    await withPage('he', async ({ page, context }) => {
      await open(page, '/games?aff=PARTNER7');
      const now = Date.now() / 1000;
      const first = (await context.cookies()).find((c) => c.name === 'aff');
      expect(first?.value).toBe('PARTNER7');
      expect(first!.expires - now).toBeGreaterThan(7 * 86_400 - 120);
      expect(first!.expires - now).toBeLessThan(7 * 86_400 + 120);
      expect(first?.path).toBe('/');

      await open(page, '/games?aff=OTHER');
      const second = (await context.cookies()).filter((c) => c.name === 'aff');
      expect(second.map((c) => c.value)).toEqual(['PARTNER7']);
      expect(second[0].expires).toBe(first!.expires);
      await expectNoSeriousA11yViolations(page);
    });
  });
});

describe('not found', () => {
  for (const language of LANGUAGES) {
    it(`an unknown path shows the not-found page with a link back to / (${language})`, async () => {
      await withPage(language, async ({ page }) => {
        const t = texts[language];
        const response = await page.goto('/no-such-page');
        expect(response?.status()).toBe(200); // the SPA answers, then its router shows not-found
        const notFound = page.getByTestId('not-found');
        await notFound.waitFor();
        await notFound.getByRole('heading', { level: 1, name: t.notFound.title }).waitFor();
        const back = notFound.getByRole('link', { name: t.notFound.backHome, exact: true });
        expect(await back.getAttribute('href')).toBe('/');
        await expectNoSeriousA11yViolations(page);
        await back.click();
        await page.waitForURL((url) => url.pathname === '/' || url.pathname === '/games');
      });
    });
  }
});

describe('terms', () => {
  for (const language of LANGUAGES) {
    it(`shows the title and the 8 section headings (${language})`, async () => {
      await withPage(language, async ({ page }) => {
        const t = texts[language];
        await open(page, '/terms');
        await page.getByRole('heading', { level: 1, name: t.terms.title }).waitFor();
        const h2 = page.locator('main h2');
        expect(await h2.count()).toBe(8);
        const headings = (await h2.allTextContents()).map((s) => s.trim());
        for (const heading of headings) {
          expect(heading).not.toBe('');
          expect(heading).not.toMatch(/^terms\.[\w.]+$/);
        }
        expect(new Set(headings).size).toBe(8);
        await expectNoSeriousA11yViolations(page);
        await saveScreenshot(page, `terms-${language}`);
      });
    });
  }
});

describe('placeholder and test pages', () => {
  for (const language of LANGUAGES) {
    for (const [path, titleKey] of [
      ['/home', 'homeTitle'],
      ['/about', 'aboutTitle'],
    ] as const) {
      it(`${path} says it is not ready and links to /games (${language})`, async () => {
        await withPage(language, async ({ page }) => {
          const t = texts[language];
          await open(page, path);
          await page.getByRole('heading', { level: 1, name: t.placeholder[titleKey] }).waitFor();
          await page.getByText(t.placeholder.notReady).waitFor();
          const link = page.locator('main').getByRole('link', { name: t.placeholder.toGames, exact: true });
          expect(await link.getAttribute('href')).toBe('/games');
          await expectNoSeriousA11yViolations(page);
        });
      });
    }
  }

  it('/test/request shows the raw JSON of the request', async () => {
    await withPage('en', async ({ page }) => {
      await open(page, '/test/request');
      const raw = page.getByTestId('raw-json');
      await raw.waitFor();
      const text = (await raw.textContent()) ?? '';
      expect(text).toContain('"method": "GET"');
      expect(() => JSON.parse(text)).not.toThrow();
      await expectNoSeriousA11yViolations(page);
    });
  });
});
