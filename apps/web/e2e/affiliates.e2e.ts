import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import adminLeadsEn from '../src/i18n/studio/admin-leads.en.json';
import adminLeadsHe from '../src/i18n/studio/admin-leads.he.json';
import { appHeader, fieldLabel, pageHeading } from './support/app.ts';
import { newPhonePage, type Language } from './support/browser.ts';
import { checkPage } from './support/check-page.ts';
import { startE2e } from './support/fixture.ts';
import { DEMO_ADMIN, loginViaApi, runId, storeSession, type StoredSession } from './support/studio.ts';
import { fill, texts } from './support/texts.ts';

// Issue 10, the landing part: /affiliates lists both options; a visitor who arrived with ?aff= fills a
// landing form (first an empty send, then a refused one that shows the server's message and keeps what
// was typed) and reaches the thanks screen, in Hebrew and English on a 360 px phone; the admins are
// emailed; an admin finds the lead, with its affiliate code, in the leads tab of /admin-users. Every
// page fits the screen, is axe clean and is photographed.

const e2e = startE2e();
const PHONE = { width: 360, height: 800 };
const adminLeads = { he: adminLeadsHe.adminLeads, en: adminLeadsEn.adminLeads };
/** The landing page each language's visitor goes to, so both forms are used. */
const LANDING = { he: { path: '/affiliates/make-money', option: 'makeMoney', title: 'affiliatesMakeMoney' }, en: { path: '/affiliates/guides', option: 'guides', title: 'affiliatesGuides' } } as const;

let admin: StoredSession;
/** The leads sent in this file, by language, for the admin's test. */
const sent: Partial<Record<Language, { email: string; aff: string; lastName: string }>> = {};

beforeAll(async () => {
  admin = await loginViaApi(e2e.server, DEMO_ADMIN);
});

const field = (page: Page, label: string) => page.getByLabel(fieldLabel(label));

describe('affiliate landing pages', () => {
  for (const language of ['he', 'en'] as const) {
    it(`/affiliates leads to a landing page whose form reaches the thanks screen (${language}, 360 px)`, { timeout: 120_000 }, async () => {
      const t = texts[language];
      const a = t.affiliates;
      const landing = LANDING[language];
      const id = runId();
      const aff = `E2EAFF${id}`.toUpperCase().slice(0, 20);
      const lead = { firstName: language === 'he' ? 'נועה' : 'Noa', lastName: `${language === 'he' ? 'ברק' : 'Barak'}${id}`, email: `lead-${language}-${id}@example.com`, phone: '054-7654321' };
      const p = await newPhonePage(e2e.browser, { baseURL: e2e.server.url, language, viewport: PHONE });
      const { page } = p;
      try {
        // An affiliate's link: the code is kept in the aff cookie for the form to send.
        await page.goto(`/affiliates?aff=${aff}`);
        await pageHeading(page, t.pages.affiliates).waitFor();
        expect(await appHeader(page).count()).toBe(0);
        const option = page.getByRole('article', { name: a.hub[landing.option].title });
        expect(await option.getByRole('link', { name: t.affiliates.thanks.signup, exact: true }).getAttribute('href')).toBe('/signup');
        await checkPage(page, `affiliates-${language}-360`);

        await option.getByRole('link', { name: new RegExp(`^${a.hub.learnMore}`) }).click();
        await page.waitForURL((url) => url.pathname === landing.path);
        await pageHeading(page, t.pages[landing.title]).waitFor();
        expect(await appHeader(page).count()).toBe(0);
        await checkPage(page, `affiliates-${landing.option}-${language}-360`);

        // The hero's button brings the form, with the keyboard in its first field.
        await page.getByRole('link', { name: a.landing.joinCta, exact: true }).click();
        await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('firstName');

        // Sent empty: every field says it is required, nothing is sent.
        const submit = page.getByRole('button', { name: a.form.submit, exact: true });
        await submit.click();
        await expect.poll(() => page.getByText(a.form.errors.required, { exact: true }).count()).toBe(4);
        await checkPage(page, `affiliates-form-errors-${language}-360`);

        await field(page, a.form.firstName).fill(lead.firstName);
        await field(page, a.form.lastName).fill(lead.lastName);
        await field(page, a.form.email).fill(lead.email);
        await field(page, a.form.phone).fill(lead.phone);

        // The server refuses once (as it would a sixth form in a minute): its message shows, nothing typed is lost.
        const refusal = language === 'he' ? 'נשלחו מכאן יותר מדי טפסים. אפשר לנסות שוב בעוד דקה.' : 'Too many forms were sent from here. Please try again in a minute.';
        await page.route('**/api/landing-page-form', (route) => route.fulfill({ status: 429, contentType: 'application/json', body: JSON.stringify({ message: refusal, code: 'rate_limited' }) }), { times: 1 });
        await submit.click();
        const error = page.getByTestId('landing-form-error');
        await error.getByText(refusal, { exact: true }).waitFor();
        expect(await field(page, a.form.email).inputValue()).toBe(lead.email);
        await checkPage(page, `affiliates-form-refused-${language}-360`);

        const reply = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/landing-page-form');
        await submit.click();
        expect((await reply).status()).toBe(200);
        const thanks = page.getByRole('status').filter({ hasText: fill(a.thanks.title, { firstName: lead.firstName }) });
        await thanks.waitFor();
        await expect.poll(() => thanks.evaluate((element) => element === document.activeElement)).toBe(true);
        expect(await thanks.getByRole('link', { name: a.thanks.signup, exact: true }).getAttribute('href')).toBe('/signup');
        await checkPage(page, `affiliates-thanks-${language}-360`);

        // Every admin is emailed, in the admin's language (the demo admin's is Hebrew unless changed).
        const mail = await e2e.server.waitForMail((m) => m.to === DEMO_ADMIN.email && m.text.includes(lead.email));
        expect(mail.text).toContain(aff);
        expect(mail.text).toContain(lead.phone);
        sent[language] = { email: lead.email, aff, lastName: lead.lastName };
        p.expectNoErrors({ allowConsole: [/429/] });
      } finally {
        await p.close();
      }
    });
  }
});

describe('the admin’s leads', () => {
  for (const language of ['he', 'en'] as const) {
    it(`an admin finds the leads in the leads tab of /admin-users (${language}, 360 px)`, { timeout: 90_000 }, async () => {
      const l = adminLeads[language];
      const mine = Object.values(sent);
      expect(mine.length, 'the landing tests sent their leads first').toBe(2);
      const p = await newPhonePage(e2e.browser, { baseURL: e2e.server.url, language, viewport: PHONE });
      const { page, context } = p;
      await storeSession(context, admin);
      try {
        await page.goto('/admin-users');
        await page.getByRole('tab', { name: l.tabs.leads, exact: true }).click();
        await page.waitForURL((url) => url.searchParams.get('tab') === 'leads');
        const table = page.getByRole('table', { name: l.table.label });
        for (const lead of mine) {
          const row = table.getByRole('row').filter({ hasText: lead!.email });
          await row.waitFor();
          await row.getByText(lead!.aff, { exact: true }).waitFor();
        }
        await checkPage(page, `admin-leads-${language}-360`);

        // Only the guides' form: the Hebrew visitor's marketers lead leaves the list.
        await page.getByLabel(fieldLabel(l.formType.label)).selectOption('guides');
        await table.getByRole('row').filter({ hasText: sent.he!.email }).waitFor({ state: 'detached' });
        await table.getByRole('row').filter({ hasText: sent.en!.email }).waitFor();
        expect(new URL(page.url()).searchParams.get('formType')).toBe('guides');

        // The CSV holds what the list shows.
        const download = page.waitForEvent('download');
        await page.getByRole('button', { name: l.csv.button, exact: true }).click();
        const file = await download;
        expect(file.suggestedFilename()).toMatch(/^leads-\d{4}-\d{2}-\d{2}\.csv$/);
        const csvPath = await file.path();
        const csv = await readFile(csvPath, 'utf8');
        expect(csv.startsWith('\uFEFF')).toBe(true);
        expect(csv).toContain(sent.en!.email);
        expect(csv).not.toContain(sent.he!.email);
        p.expectNoErrors();
      } finally {
        await p.close();
      }
    });
  }
});
