import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';

/** Screenshots for people to look at (git-ignored); tests do not compare them. */
const screenshotDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../.screenshots');

export async function saveScreenshot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<string> {
  await mkdir(screenshotDir, { recursive: true });
  const file = path.join(screenshotDir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: options.fullPage ?? false, animations: 'disabled' });
  return file;
}

/** What a screen reader reads of `page`'s main content (Playwright's accessibility snapshot), kept beside the screenshots. */
export async function saveAriaSnapshot(page: Page, name: string): Promise<string> {
  await mkdir(screenshotDir, { recursive: true });
  const snapshot = await page.locator('main').ariaSnapshot();
  await writeFile(path.join(screenshotDir, `${name}.aria.yml`), `${snapshot}\n`);
  return snapshot;
}
