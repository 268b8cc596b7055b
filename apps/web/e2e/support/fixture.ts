import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser.ts';
import { startServer, type TestServer } from './server.ts';

export type E2e = {
  /** The real server on its own port, data directory and embedded database. */
  server: TestServer;
  /** Headless Chromium; each test opens its own context (support/browser.ts newPhonePage). */
  browser: Browser;
};

/**
 * The server and the browser of one test file: both started before its first test and both stopped
 * after its last, also when a test failed or when only one of them managed to start. Call it once at
 * the top of a test file and read `.server` and `.browser` inside tests and hooks; hooks registered
 * after it (e.g. looking up a demo game) run once both are up.
 */
export function startE2e(): E2e {
  const e2e = {} as E2e;
  beforeAll(async () => {
    const [server, browser] = await Promise.allSettled([startServer(), launchBrowser()]);
    if (server.status === 'fulfilled') e2e.server = server.value;
    if (browser.status === 'fulfilled') e2e.browser = browser.value;
    // One failed: afterAll still stops the other; the file fails with the first reason.
    if (server.status === 'rejected') throw server.reason;
    if (browser.status === 'rejected') throw browser.reason;
  });
  afterAll(async () => {
    await Promise.allSettled([e2e.browser?.close(), e2e.server?.stop()]);
  });
  return e2e;
}
