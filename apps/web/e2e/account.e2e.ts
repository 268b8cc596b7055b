import type { Page, Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { fieldLabel, menuToggle, openPage } from './support/app.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { newPhonePage, type Language } from './support/browser.ts';
import { saveScreenshot } from './support/screenshots.ts';
import { startE2e } from './support/fixture.ts';
import { texts } from './support/texts.ts';

// The account journey of spec sections 2, 7 and 8 in a real browser against the real server:
// sign up, the confirmation email, logging in too early, confirming, a wrong password, logging in,
// the logged-in menu, logging out. Once in Hebrew and once in English.

const e2e = startE2e();

const people: Record<Language, { firstName: string; lastName: string }> = {
  he: { firstName: 'דנה', lastName: 'לוי' },
  en: { firstName: 'Dana', lastName: 'Levy' },
};

/** The reply of the next POST to `path`, with its parsed body. */
async function nextReply(page: Page, path: string, action: () => Promise<void>): Promise<{ response: Response; body: { message?: string; code?: string } }> {
  const [response] = await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === path && r.request().method() === 'POST'),
    action(),
  ]);
  return { response, body: (await response.json()) as { message?: string; code?: string } };
}

async function fillLogin(page: Page, language: Language, email: string, password: string) {
  const f = texts[language].account.fields;
  await page.getByLabel(fieldLabel(f.email)).fill(email);
  await page.getByLabel(fieldLabel(f.password)).fill(password);
}

function submitLogin(page: Page, language: Language) {
  return page.locator('main').getByRole('button', { name: texts[language].account.login.submit, exact: true }).click();
}

describe('account', () => {
  for (const language of ['he', 'en'] as const) {
    it(`signs up, confirms the email, logs in and out (${language})`, async () => {
      const t = texts[language];
      const a = t.account;
      const email = `e2e-${language}-${Date.now()}@example.com`;
      const password = 'correct-horse-battery-42';
      const p = await newPhonePage(e2e.browser, { baseURL: e2e.server.url, language });
      const { page } = p;
      try {
        // Sign up.
        await openPage(page, '/signup');
        await page.getByRole('heading', { level: 1, name: a.signup.title }).waitFor();
        await saveScreenshot(page, `signup-${language}`, { fullPage: true });
        await expectNoSeriousA11yViolations(page);
        await page.getByLabel(fieldLabel(a.fields.firstName)).fill(people[language].firstName);
        await page.getByLabel(fieldLabel(a.fields.lastName)).fill(people[language].lastName);
        await page.getByLabel(fieldLabel(a.fields.email)).fill(email);
        await page.getByLabel(fieldLabel(a.fields.password)).fill(password);
        await page.getByLabel(fieldLabel(a.fields.phone)).fill('050-1234567');
        const signup = await nextReply(page, '/api/signup', () =>
          page.locator('main').getByRole('button', { name: a.signup.submit, exact: true }).click(),
        );
        expect(signup.response.status(), JSON.stringify(signup.body)).toBe(200);
        await page.getByRole('heading', { level: 1, name: a.signup.successTitle }).waitFor();
        await page.getByText(email).waitFor();
        await expectNoSeriousA11yViolations(page);

        // Logging in before confirming: the server's message and a link to a new confirmation email.
        await openPage(page, '/login');
        await fillLogin(page, language, email, password);
        const early = await nextReply(page, '/api/login', () => submitLogin(page, language));
        expect(early.body.code).toBe('need_email_validate');
        const alert = page.getByTestId('account-error');
        await alert.getByText(early.body.message!, { exact: true }).waitFor();
        const resend = alert.getByRole('link', { name: a.login.resendValidation, exact: true });
        expect(await resend.getAttribute('href')).toBe(`/validate-email/resend?email=${encodeURIComponent(email)}`);
        await expectNoSeriousA11yViolations(page);
        await resend.click();
        await page.waitForURL((url) => url.pathname === '/validate-email/resend');
        await page.getByRole('heading', { level: 1, name: a.validate.resendTitle }).waitFor();
        expect(await page.getByLabel(fieldLabel(a.fields.email)).inputValue()).toBe(email);
        await expectNoSeriousA11yViolations(page);

        // The confirmation email, in the reader's language, with a link to this server.
        const mail = await e2e.server.waitForMail((m) => m.to.includes(email));
        expect(mail.subject).not.toBe('');
        expect(mail.html).toContain(`dir="${language === 'he' ? 'rtl' : 'ltr'}"`);
        const link = mail.text.match(/https?:\/\/\S+\/validate-email\/[A-Za-z0-9_-]+/)?.[0];
        expect(link, `a confirmation link in:\n${mail.text}`).toBeDefined();
        expect(link!.startsWith(`${e2e.server.url}/validate-email/`)).toBe(true);
        expect(mail.html).toContain(link);

        await openPage(page, link!);
        await page.getByRole('heading', { level: 1, name: a.validate.title }).waitFor();
        await page.getByTestId('account-success').getByText(a.validate.success, { exact: true }).waitFor();
        await expectNoSeriousA11yViolations(page);

        // A wrong password shows what the server said, in the page's language.
        await openPage(page, '/login');
        await page.getByRole('heading', { level: 1, name: a.login.title }).waitFor();
        await saveScreenshot(page, `login-${language}`);
        await expectNoSeriousA11yViolations(page);
        await fillLogin(page, language, email, 'not-the-password');
        const wrong = await nextReply(page, '/api/login', () => submitLogin(page, language));
        expect(wrong.response.status()).toBe(401);
        expect(wrong.body.message).toBeTruthy();
        if (language === 'he') expect(wrong.body.message).toMatch(/[\u0590-\u05ff]/);
        await page.getByTestId('account-error').getByText(wrong.body.message!, { exact: true }).waitFor();
        expect(await page.getByRole('link', { name: a.login.resendValidation }).count()).toBe(0);
        await expectNoSeriousA11yViolations(page);

        // The right password: to /my-games, and the menu has the logged-in items.
        await page.getByLabel(fieldLabel(a.fields.password)).fill(password);
        const right = await nextReply(page, '/api/login', () => submitLogin(page, language));
        expect(right.response.status()).toBe(200);
        await page.waitForURL((url) => url.pathname === '/my-games');
        await page.getByRole('heading', { level: 1, name: t.pages.myGames }).waitFor();

        await menuToggle(page, t.menu).click();
        const menu = page.getByRole('dialog', { name: t.menu.title });
        const loggedIn = [
          [t.menu.myGames, '/my-games'],
          [t.menu.activeGames, '/my-active-games'],
          [t.menu.feedbacks, '/my-games/feedbacks'],
          [t.menu.updateProfile, '/update-profile'],
          [t.menu.paymentDetails, '/update-payment-details'],
          [t.menu.reports, '/reports'],
          [t.menu.logout, '/logout'],
        ] as const;
        for (const [name, href] of loggedIn) {
          expect(await menu.getByRole('link', { name, exact: true }).getAttribute('href')).toBe(href);
        }
        expect(await menu.getByRole('link', { name: t.menu.login, exact: true }).count()).toBe(0);
        expect(await menu.getByRole('link', { name: t.menu.adminUsers, exact: true }).count()).toBe(0);
        await page.waitForTimeout(400); // the drawer's opening transition
        await saveScreenshot(page, `menu-logged-in-${language}`);
        await expectNoSeriousA11yViolations(page);

        // /logout ends the session and lands on /login; the menu offers to log in again. Loading
        // /logout starts the app, which first re-checks the stored session (auto-login); that reply is
        // held back a second here so it arrives after the logout, as on a slow network, and must not
        // log the user back in.
        await page.route('**/api/auto-login', async (route) => {
          await new Promise((resolve) => setTimeout(resolve, 1_000));
          await route.continue();
        });
        // Its reply, or its end when the navigation cancels it (either way it cannot log the user back in).
        const autoLogin = new Promise<void>((resolve) => {
          const ended = (request: { url(): string }) => {
            if (new URL(request.url()).pathname === '/api/auto-login') resolve();
          };
          page.on('requestfinished', ended);
          page.on('requestfailed', ended);
        });
        await page.goto('/logout');
        await page.waitForURL((url) => url.pathname === '/login');
        await page.getByRole('heading', { level: 1, name: a.login.title }).waitFor();
        await autoLogin;
        await page.waitForTimeout(300);
        expect(await page.evaluate(() => localStorage.getItem('session')), 'the session is gone after /logout').toBeNull();
        await menuToggle(page, t.menu).click();
        await menu.getByRole('link', { name: t.menu.login, exact: true }).waitFor();
        expect(await menu.getByRole('link', { name: t.menu.myGames, exact: true }).count()).toBe(0);

        // The refused logins (403, 401) are logged by the browser itself; nothing else may be.
        p.expectNoErrors({ allowConsole: [/Failed to load resource: the server responded with a status of 40[13]/] });
      } finally {
        await p.close();
      }
    });
  }
});
