import type { Page } from 'playwright-core';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { expectFitsScreen } from './phone-layout.ts';
import { saveScreenshot } from './screenshots.ts';

/** What every page of the studio and admin tests is held to: it fits the screen, is axe clean, and is photographed as `name`. */
export async function checkPage(page: Page, name: string): Promise<void> {
  await expectFitsScreen(page, name);
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, name);
}
