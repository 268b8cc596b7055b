import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

// Checks that a page fits a phone: nothing wider than the screen, dialogs inside it and centred.

/** The elements that reach past either edge of the screen (for the failure message only). */
function overflowReport(page: Page) {
  return page.evaluate((screenWidth) => {
    const width = Math.min(window.innerWidth, screenWidth);
    const wide: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>('body *')) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || (box.right <= width + 0.5 && box.left >= -0.5)) continue;
      // Off-screen on purpose: the skip link until focused, visually hidden text.
      if (box.right <= 0 || box.left >= width || box.width <= 1) continue;
      const name = `${element.tagName.toLowerCase()}${element.dataset.testid ? `[data-testid=${element.dataset.testid}]` : ''}.${String(element.className).split(' ').slice(0, 2).join('.')}`;
      wide.push(`${name} ${Math.round(box.left)}..${Math.round(box.right)}`);
      if (wide.length >= 8) break;
    }
    const text = wide.length > 0 ? ` (the page says: ${document.body.innerText.slice(0, 160).replace(/\s+/g, ' ')})` : '';
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth, wide, text };
  }, page.viewportSize()!.width);
}

/**
 * `document.documentElement.scrollWidth <= window.innerWidth`: the page never pans sideways. A phone
 * (and Chromium's mobile emulation) widens the layout viewport to take in content that is too wide, so
 * innerWidth alone would grow with the overflow: the page is held to the screen's width as well.
 */
export async function expectFitsScreen(page: Page, where: string): Promise<void> {
  const report = await overflowReport(page);
  const screen = Math.min(report.innerWidth, page.viewportSize()!.width);
  expect(report.scrollWidth, `${where} is ${report.scrollWidth} px wide on a ${screen} px screen: ${report.wide.join(', ')}${report.text}`).toBeLessThanOrEqual(screen);
}

/** The app's header and its menu toggle are wholly on screen. */
export async function expectHeaderFits(page: Page, toggle: Locator, where: string): Promise<void> {
  const header = page.locator('#root header');
  const { scrollWidth, clientWidth } = await header.evaluate((element) => ({ scrollWidth: element.scrollWidth, clientWidth: element.clientWidth }));
  expect(scrollWidth, `${where}: the header's content is wider than the header`).toBeLessThanOrEqual(clientWidth);
  const width = page.viewportSize()!.width;
  const box = await toggle.boundingBox();
  expect(box, `${where}: the menu toggle has a box`).not.toBeNull();
  expect(box!.x, `${where}: menu toggle left edge`).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `${where}: menu toggle right edge`).toBeLessThanOrEqual(width);
}

/** A dialog is inside the screen and centred across it (within a few pixels). */
export async function expectDialogCentred(page: Page, dialog: Locator, where: string): Promise<void> {
  const width = page.viewportSize()!.width;
  const box = await dialog.boundingBox();
  expect(box, `${where}: the dialog has a box`).not.toBeNull();
  const { x, width: w } = box!;
  expect(x, `${where}: dialog left edge`).toBeGreaterThanOrEqual(0);
  expect(x + w, `${where}: dialog right edge`).toBeLessThanOrEqual(width);
  expect(Math.abs(x + w / 2 - width / 2), `${where}: dialog centre ${Math.round(x + w / 2)} on a ${width} px screen`).toBeLessThanOrEqual(4);
}

/**
 * On a phone a table's key column shows without scrolling (its header lies inside the screen), and a
 * table wider than the screen shows its horizontal scrollbar: what does not fit is visibly there.
 */
export async function expectKeyColumnOnScreen(page: Page, table: Locator, header: string, width: number) {
  const box = await table.getByRole('columnheader', { name: header, exact: true }).boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= width, `${header} on a ${width} px screen`).toBe(true);
  // Nor under the last column, which a table with row actions pins to the screen's edge.
  const last = await table.getByRole('columnheader').last().boundingBox();
  if (box && last && last.x !== box.x) {
    expect(box.x + box.width <= last.x + 0.5 || box.x >= last.x + last.width - 0.5, `${header} beside the last column, not under it`).toBe(true);
  }
  const [scrollWidth, clientWidth] = await table.evaluate((element) => [element.scrollWidth, element.parentElement?.clientWidth ?? 0]);
  if (scrollWidth > clientWidth + 1) {
    const scrollbar = page.locator('.mantine-ScrollArea-scrollbar[data-orientation="horizontal"]').first();
    expect(await scrollbar.isVisible(), `${header}: the table scrolls sideways, and shows it`).toBe(true);
  }
}
