import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { findChromium } from './paths.ts';

/** Flags for a headless system Chromium in a container with no network beyond the test server. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-quic',
];

export type Language = 'he' | 'en';

/** Tel Aviv, where the demo games are. */
export const TEL_AVIV = { latitude: 32.0853, longitude: 34.7818 };

export async function launchBrowser(): Promise<Browser> {
  const executablePath = findChromium();
  if (!executablePath) throw new Error('Chromium not found: install it with `apt-get install -y chromium` or set CHROMIUM_PATH');
  return chromium.launch({ executablePath, args: CHROMIUM_ARGS });
}

export type PhonePage = {
  page: Page;
  context: BrowserContext;
  /** Uncaught exceptions in the page. */
  pageErrors: string[];
  /** console.error messages (including the browser's own "Failed to load resource" lines). */
  consoleErrors: string[];
  /**
   * Throws when the page threw or logged an error. `allowConsole` lists console errors a test
   * provokes on purpose (e.g. the 401 of a wrong password); page errors are never allowed.
   */
  expectNoErrors(options?: { allowConsole?: RegExp[] }): void;
  close(): Promise<void>;
};

/**
 * A phone-sized page (390x844 at 2x, touch) with geolocation granted at Tel Aviv, in `language`.
 * The app reads localStorage `lang` at start; we set it before the first load of each tab, so a
 * language switch made in the app itself survives later reloads in that tab, as it would for a user.
 */
export async function newPhonePage(
  browser: Browser,
  options: {
    baseURL: string;
    language: Language;
    /** false leaves localStorage alone, to see the app's own default (the browser locale still follows `language`). */
    storeLanguage?: boolean;
    /** true ignores the page's Content-Security-Policy, to prove something is safe without it. */
    bypassCSP?: boolean;
    /** Another screen than the 390x844 phone; from 1024 px wide it is a desktop (1x, mouse, no touch). */
    viewport?: { width: number; height: number };
    /**
     * 'allow' lets the app register its service worker (app-shell-offline.e2e.ts). Blocked otherwise:
     * `page.route` does not see what a worker answers, and the tests that stub or cut off requests
     * rely on it; the worker leaves the API alone, but pages and media would go through it.
     */
    serviceWorkers?: 'allow' | 'block';
  },
): Promise<PhonePage> {
  const viewport = options.viewport ?? { width: 390, height: 844 };
  const phone = viewport.width < 1024;
  const context = await browser.newContext({
    baseURL: options.baseURL,
    viewport,
    deviceScaleFactor: phone ? 2 : 1,
    isMobile: phone,
    hasTouch: phone,
    locale: options.language === 'he' ? 'he-IL' : 'en-US',
    permissions: ['geolocation'],
    geolocation: TEL_AVIV,
    bypassCSP: options.bypassCSP ?? false,
  });
  // Playwright's own `serviceWorkers: 'block'` logs a console warning on each registration, which the
  // tests that hold the console to no warnings would count: the app's registration fails quietly instead.
  if (options.serviceWorkers !== 'allow') {
    await context.addInitScript(() => {
      if ('serviceWorker' in navigator) ServiceWorkerContainer.prototype.register = () => Promise.reject(new Error('service workers are blocked in this test'));
    });
  }
  if (options.storeLanguage !== false) {
    // A visitor who chose a language has it kept twice, as the app keeps it: for the app, and in the cookie the server draws /games by.
    await context.addCookies([{ name: 'lang', value: options.language, url: options.baseURL }]);
    await context.addInitScript((language: string) => {
      try {
        if (window.top === window && !sessionStorage.getItem('e2e-lang-set')) {
          localStorage.setItem('lang', language);
          sessionStorage.setItem('e2e-lang-set', '1');
        }
      } catch {
        /* about:blank and opaque origins have no storage */
      }
    }, options.language);
  }

  const page = await context.newPage();
  waitForAppOnLoad(page);
  const pageErrors: string[] = [];
  const consoleErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(`${error.name}: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(`${message.text()} (${message.location().url || page.url()})`);
  });

  return {
    page,
    context,
    pageErrors,
    consoleErrors,
    expectNoErrors({ allowConsole = [] } = {}) {
      const unexpected = consoleErrors.filter((line) => !allowConsole.some((pattern) => pattern.test(line)));
      const problems = [...pageErrors.map((e) => `page error: ${e}`), ...unexpected.map((e) => `console error: ${e}`)];
      if (problems.length > 0) throw new Error(`The page reported errors:\n  ${problems.join('\n  ')}`);
    },
    close: () => context.close(),
  };
}

/**
 * After `goto` and `reload`, also waits until the app has started (React's root is made), as a visitor
 * would before the page answers a tap: /games and /game/{id} come drawn by the server and are on screen
 * before their code runs, and a tap on them before that does nothing. Pages that are not the app (the
 * sandbox payment page) and navigations that stop at 'commit' are not waited for.
 */
function waitForAppOnLoad(page: Page): void {
  const started = () =>
    page.waitForFunction(() => {
      const root = document.getElementById('root');
      return !root || Object.keys(root).some((key) => key.startsWith('__reactContainer$'));
    });
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    if (options?.waitUntil !== 'commit') await started();
    return response;
  };
  page.reload = async (options) => {
    const response = await reload(options);
    if (options?.waitUntil !== 'commit') await started();
    return response;
  };
}
