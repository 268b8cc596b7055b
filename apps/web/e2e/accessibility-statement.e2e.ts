import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menuToggle, pageHeading } from './support/app.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { launchBrowser, newPhonePage, type Language } from './support/browser.ts';
import { expectFitsScreen } from './support/phone-layout.ts';
import { saveScreenshot } from './support/screenshots.ts';
import { startServer, type TestServer } from './support/server.ts';
import { DEMO_ADMIN, loginViaApi, runId, storeSession, type StoredSession } from './support/studio.ts';
import { fill, studioTexts, texts } from './support/texts.ts';

// The accessibility statement (DESIGN.md section 16): reached by keyboard alone from the footer and
// from the menu, read (its headings, the coordinator the server's settings name, the review date), a
// barrier reported from it, and the report in the admin's list, marked handled. Hebrew on a 360 px
// phone, English on a 390 px one.

const SCREEN: Record<Language, { width: number; height: number }> = {
  he: { width: 360, height: 800 },
  en: { width: 390, height: 844 },
};
const REVIEWED: Record<Language, string> = { he: '29 בנובמבר 2026', en: '29 November 2026' };
const COORDINATOR = { ACCESSIBILITY_CONTACT_NAME: 'Noa Levi', ACCESSIBILITY_CONTACT_EMAIL: 'access@example.org', ACCESSIBILITY_CONTACT_PHONE: '03-1234567' };

let server: TestServer;
let browser: Browser;
let admin: StoredSession;

beforeAll(async () => {
  const [started, launched] = await Promise.allSettled([startServer(COORDINATOR), launchBrowser()]);
  if (started.status === 'fulfilled') server = started.value;
  if (launched.status === 'fulfilled') browser = launched.value;
  if (started.status === 'rejected') throw started.reason;
  if (launched.status === 'rejected') throw launched.reason;
  admin = await loginViaApi(server, DEMO_ADMIN);
});
afterAll(async () => {
  await Promise.allSettled([browser?.close(), server?.stop()]);
});

/** Presses Tab until `target` has the focus (at most `max` times), as a keyboard user would. */
async function tabTo(page: Page, target: Locator, max = 40): Promise<void> {
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${String(target)}`);
}

describe('the accessibility statement', () => {
  for (const language of ['he', 'en'] as const) {
    it(`opens from the footer and the menu by keyboard, is read, and a barrier reported reaches the admin (${language})`, { timeout: 150_000 }, async () => {
      const t = texts[language];
      const a = t.accessibility;
      const screen = SCREEN[language];
      const id = runId();
      const what = `${language === 'he' ? 'כפתורי הסינון לא מוקראים בקורא המסך' : 'The filter buttons are not read by the screen reader'} ${id}`;

      const p = await newPhonePage(browser, { baseURL: server.url, language, viewport: screen });
      const { page } = p;
      try {
        // From the footer of a short page, by keyboard alone.
        await page.goto('/about');
        await page.locator('main h1').first().waitFor();
        const footer = page.getByRole('contentinfo');
        await expectFitsScreen(page, `the about page with its footer (${language})`);
        await saveScreenshot(page, `accessibility-footer-${language}-${screen.width}`, { fullPage: true });
        const footerLink = footer.getByRole('link', { name: t.footer.accessibility, exact: true });
        await tabTo(page, footerLink);
        await page.keyboard.press('Enter');
        await page.waitForURL((url) => url.pathname === '/accessibility');
        await pageHeading(page, a.title).waitFor();

        // What it says: the headings in order, the coordinator from the server's settings, the review date.
        expect(await page.locator('main h2').allTextContents()).toEqual([a.standard.title, a.made.title, a.limits.title, a.contact.title, a.reviewed.title, a.report.title]);
        await page.getByTestId('accessibility-contact-name').waitFor();
        expect(await page.getByTestId('accessibility-contact-name').textContent()).toBe('Noa Levi');
        expect(await page.getByRole('link', { name: 'access@example.org' }).getAttribute('href')).toBe('mailto:access@example.org');
        expect(await page.getByRole('link', { name: '03-1234567' }).getAttribute('href')).toBe('tel:031234567');
        expect(await page.getByTestId('accessibility-reviewed').textContent()).toBe(fill(a.reviewed.text, { date: REVIEWED[language] }));
        expect(await page.title()).toBe(`${a.title} | ${t.common.appName}`);
        // The footer said where the visitor was: the report form starts from it.
        expect(await page.getByRole('textbox', { name: new RegExp(`^${a.report.where}`) }).inputValue()).toBe('/about');
        await expectFitsScreen(page, `the statement (${language})`);
        await expectNoSeriousA11yViolations(page);
        await saveScreenshot(page, `accessibility-statement-${language}-${screen.width}`, { fullPage: true });

        // From the menu, by keyboard alone: the toggle, then the statement's item in the drawer.
        await page.goto('/games');
        await page.locator('main h1').first().waitFor();
        const toggle = menuToggle(page, t.menu);
        await tabTo(page, toggle);
        await page.keyboard.press('Enter');
        const drawer = page.getByRole('dialog', { name: t.menu.title });
        const menuLink = drawer.getByRole('link', { name: t.footer.accessibility, exact: true });
        await menuLink.waitFor();
        await tabTo(page, menuLink);
        await page.keyboard.press('Enter');
        await page.waitForURL((url) => url.pathname === '/accessibility');
        await pageHeading(page, a.title).waitFor();

        // Report a barrier, typing into each field in turn.
        const where = page.getByRole('textbox', { name: new RegExp(`^${a.report.where}`) });
        await where.focus();
        await page.keyboard.type(language === 'he' ? 'דף המשחקים' : 'The games page');
        await page.keyboard.press('Tab');
        await page.keyboard.type(what);
        await page.keyboard.press('Tab');
        await page.keyboard.type('reader@example.com');
        await page.keyboard.press('Tab');
        await page.keyboard.press('Enter');
        const thanks = page.getByTestId('accessibility-report-sent');
        await thanks.waitFor();
        expect(await thanks.textContent()).toBe(a.report.sent);
        expect(await thanks.evaluate((element) => element === document.activeElement)).toBe(true);
        await expectNoSeriousA11yViolations(page);
        await saveScreenshot(page, `accessibility-report-sent-${language}-${screen.width}`);

        // Every admin is emailed.
        const mail = await server.waitForMail((m) => m.to === DEMO_ADMIN.email && m.text.includes(id));
        expect(mail.text).toContain(`${server.url}/admin-accessibility-reports`);
        p.expectNoErrors();
      } finally {
        await p.close();
      }

      // The admin finds it in the list, the newest first, and marks it handled.
      const s = studioTexts[language].adminAccessibility;
      const q = await newPhonePage(browser, { baseURL: server.url, language, viewport: screen });
      await storeSession(q.context, admin);
      try {
        const page = q.page;
        await page.goto('/admin-accessibility-reports');
        await pageHeading(page, s.title).waitFor();
        const first = page.getByTestId('accessibility-report').first();
        await first.getByText(what).waitFor();
        expect(await first.getAttribute('data-handled')).toBe('false');
        expect(await first.getByRole('link', { name: 'reader@example.com' }).count()).toBe(1);
        await expectFitsScreen(page, `the admin's reports (${language})`);
        await expectNoSeriousA11yViolations(page);
        await saveScreenshot(page, `accessibility-admin-${language}-${screen.width}`);

        await first.getByRole('button', { name: s.markHandled }).click();
        await first.getByRole('button', { name: s.reopen }).waitFor();
        expect(await first.getAttribute('data-handled')).toBe('true');
        expect(await first.getByText(s.status.handled, { exact: true }).count()).toBe(1);
        await expectNoSeriousA11yViolations(page);
        await saveScreenshot(page, `accessibility-admin-handled-${language}-${screen.width}`);
        q.expectNoErrors();
      } finally {
        await q.close();
      }
    });
  }
  it('is the second skip link of every page, the splash too, which has no menu nor footer (he)', async () => {
    const t = texts.he;
    const p = await newPhonePage(browser, { baseURL: server.url, language: 'he', viewport: SCREEN.he });
    const { page } = p;
    try {
      // Fake time keeps the splash up (it moves on to /games after 2 s).
      await page.clock.install();
      await page.goto('/');
      await page.getByRole('heading', { level: 1, name: t.common.appName }).waitFor();
      expect(await page.getByRole('contentinfo').count()).toBe(0);
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      const focused = page.locator(':focus');
      expect(await focused.textContent()).toBe(t.footer.accessibility);
      expect(await focused.getAttribute('href')).toBe('/accessibility');
      await saveScreenshot(page, 'accessibility-skip-link-splash-he-360');
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === '/accessibility');
      await pageHeading(page, t.accessibility.title).waitFor();
      p.expectNoErrors();
    } finally {
      await p.close();
    }
  });
});
