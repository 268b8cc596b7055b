import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from './support/browser.ts';
import { findChromium, webIndexHtml } from './support/paths.ts';

/**
 * Browser tests need the built SPA and a Chromium. Missing either is an error, never a skip
 * (DESIGN.md section 6: `npm test` fails loudly when something it needs is missing).
 */
export default async function globalSetup(): Promise<void> {
  if (!existsSync(webIndexHtml)) {
    throw new Error(
      `Browser tests need the built web app, but ${webIndexHtml} is missing.\n` +
        'Run `npm run build` first (`npm test` and `npm run test:e2e` do that for you).',
    );
  }
  const executablePath = findChromium();
  if (!executablePath) {
    const where = process.env.CHROMIUM_PATH
      ? `CHROMIUM_PATH=${process.env.CHROMIUM_PATH} is not an executable file`
      : '`command -v chromium` found nothing';
    throw new Error(
      `Browser tests need Chromium, but ${where}.\n` +
        'Install it with `apt-get update && apt-get install -y chromium` (`.ci/run` does this), ' +
        'or point CHROMIUM_PATH at a Chromium binary.',
    );
  }
  // Prove it really starts here, once, rather than failing in every test file.
  try {
    const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS, timeout: 60_000 });
    await browser.close();
  } catch (error) {
    throw new Error(`Chromium at ${executablePath} did not start: ${(error as Error).message}`);
  }
}
