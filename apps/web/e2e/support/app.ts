import type { Locator, Page } from 'playwright-core';

/** Loads a path and waits until the app has rendered the page's heading. */
export async function openPage(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.locator('main h1').first().waitFor();
}

/** `<html lang dir>` as the app set them. */
export function htmlLangDir(page: Page): Promise<{ lang: string; dir: string }> {
  return page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir }));
}

/** The app's header (Mantine's drawer has a <header> of its own, portalled outside #root). */
export function appHeader(page: Page): Locator {
  return page.locator('#root header');
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Exactly this text, allowing the " *" Mantine appends to the label of a required field. */
export function fieldLabel(text: string): RegExp {
  return new RegExp(`^\\s*${escapeRegExp(text)}\\s*\\*?\\s*$`);
}

/** The menu toggle in the header, labelled "open" or "close" depending on the menu's state. */
export function menuToggle(page: Page, labels: { open: string; close: string }): Locator {
  return appHeader(page).getByRole('button', { name: new RegExp(`^(${escapeRegExp(labels.open)}|${escapeRegExp(labels.close)})$`) });
}

/** The page's own h1 (inside <main>), by its translated text. */
export function pageHeading(page: Page, name: string): Locator {
  return page.locator('main').getByRole('heading', { level: 1, name, exact: true });
}

/**
 * How long a signed-in item of the menu may take to show. It shows once the start-up auto-login has
 * answered; that call is rate limited per user, and after a 429 the app asks again when Retry-After
 * says (up to 60 s), so a test file that opens many pages as one user may wait that long.
 */
const SESSION_ITEM_WAIT_MS = 75_000;

/** Opens the app's menu and follows one of its links (`menu`: the menu's texts in the page's language). */
export async function viaMenu(page: Page, menu: { open: string; close: string; title: string }, name: string): Promise<void> {
  await menuToggle(page, menu).click();
  await page.getByRole('dialog', { name: menu.title }).getByRole('link', { name, exact: true }).click({ timeout: SESSION_ITEM_WAIT_MS });
}

/** Opens a game's page and waits for its intro, headed by the game's name. */
export async function openGameIntro(page: Page, game: { id: string; name: string }): Promise<void> {
  await openPage(page, `/game/${game.id}`);
  await page.getByTestId('intro-page').getByRole('heading', { level: 1, name: game.name }).waitFor();
}
