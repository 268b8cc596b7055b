import type { Locator, Page } from 'playwright-core';
import { escapeRegExp } from './app.ts';

// Moving through a page with the keyboard alone, as a test sees it: where focus is, where it went.

/** The element that has focus: its tag, its accessible text and its box. */
export function focused(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    const box = element?.getBoundingClientRect();
    return {
      tag: element?.tagName.toLowerCase() ?? '',
      text: element === document.body ? '' : (element?.getAttribute('aria-label') ?? element?.textContent ?? '').trim().slice(0, 120),
      inDialog: Boolean(element?.closest('[role="dialog"]')),
      box: box ? { x: box.x, y: box.y, width: box.width, height: box.height } : null,
    };
  });
}

/** Keeps a log of where focus went (read when a step fails), from the page's first script on. */
export async function watchFocus(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const log: string[] = [];
    (window as unknown as { focusLog: string[] }).focusLog = log;
    document.addEventListener('focusin', (event) => {
      const target = event.target as HTMLElement;
      log.push(`${target.tagName}:${(target.getAttribute('aria-label') ?? target.textContent ?? '').trim().slice(0, 40)}`);
    });
    document.addEventListener('focusout', (event) => {
      const target = event.target as HTMLElement;
      if (!event.relatedTarget) log.push(`out(${target.tagName})${target.isConnected ? '' : ' removed'}`);
    });
  });
}

/** The last places focus went, for a failure's message. */
const focusHistory = (page: Page) => page.evaluate(() => (window as unknown as { focusLog?: string[] }).focusLog?.slice(-12).join(' | ') ?? '');

/** Presses Tab (Shift+Tab with `back`) until `target` (or something inside it) has focus: proof it is reached by keyboard. */
export async function tabTo(page: Page, target: Locator, max = 40, back = false): Promise<void> {
  await target.waitFor({ timeout: 15_000 });
  for (let presses = 0; presses < max; presses++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    if (await target.evaluate((element) => element === document.activeElement || element.contains(document.activeElement))) return;
  }
  throw new Error(`Tab did not reach ${target.toString()} in ${max} presses; focus is on ${JSON.stringify(await focused(page))}; before: ${await focusHistory(page)}`);
}

/** Waits for focus to be on a heading with `name` (a new screen took focus to its heading). */
export async function expectFocusOnHeading(page: Page, name: string): Promise<void> {
  const heading = new RegExp(`^h[12]:${escapeRegExp(name)}$`);
  const deadline = Date.now() + 10_000;
  let now = '';
  while (Date.now() < deadline) {
    now = await focused(page).then((f) => `${f.tag}:${f.text}`);
    if (heading.test(now)) return;
    await page.waitForTimeout(100);
  }
  throw new Error(`focus is on ${now}, not on the heading "${name}"; before: ${await focusHistory(page)}`);
}

