import { describe, expect, it } from 'vitest';
import { fieldLabel, openPage } from './support/app.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { newPhonePage } from './support/browser.ts';
import { startE2e } from './support/fixture.ts';
import { saveScreenshot } from './support/screenshots.ts';
import { DEMO_ADMIN, DEMO_CREATOR, loginViaApi, nextReply, storeSession, studioApi } from './support/studio.ts';
import { fill, texts } from './support/texts.ts';

// Bank details need the password: the screen shows the kept account number masked (never whole),
// asks for the password to save, says so on a wrong one, and the account holder is emailed on each
// change. Once in Hebrew and once in English, on a phone.

const e2e = startE2e();

const KEPT = { accountHolder: 'Dana Levy', idNumber: '123456782', bankName: 'Leumi', bankNumber: '10', branchNumber: '800', accountNumber: '31415926' };

describe('bank details', () => {
  for (const language of ['he', 'en'] as const) {
    it(`shows the account number masked and saves only with the password (${language})`, async () => {
      const a = texts[language].account;
      // An account of its own per language: password tries are limited per user (5 a minute).
      const account = language === 'he' ? DEMO_CREATOR : DEMO_ADMIN;
      const session = await loginViaApi(e2e.server, account);
      await studioApi(e2e.server, session, '/api/user/payment-details', { ...KEPT, password: account.password });
      const p = await newPhonePage(e2e.browser, { baseURL: e2e.server.url, language });
      const { page, context } = p;
      try {
        await storeSession(context, session);
        await openPage(page, '/update-payment-details');
        const masked = page.getByText(fill(a.payment.currentAccount, { number: '\u2066••••5926\u2069' }), { exact: true });
        await masked.waitFor();
        expect(await page.content()).not.toContain(KEPT.accountNumber);
        const accountNumber = page.getByLabel(fieldLabel(a.fields.accountNumber));
        expect(await accountNumber.inputValue()).toBe('');
        await saveScreenshot(page, `bank-details-${language}`, { fullPage: true });
        await expectNoSeriousA11yViolations(page);

        // A wrong password: said on its field, nothing saved.
        await accountNumber.fill('5550001234');
        const password = page.getByLabel(fieldLabel(a.fields.password), { exact: false }).first();
        await password.fill('not-my-password');
        const refused = nextReply(page, 'POST', '/api/user/payment-details');
        await page.getByRole('button', { name: a.common.save, exact: true }).click();
        expect((await refused).status()).toBe(403);
        await page.getByText(a.payment.wrongPassword, { exact: true }).waitFor();
        await saveScreenshot(page, `bank-details-wrong-password-${language}`, { fullPage: true });

        // The right one: saved, shown masked again, and the holder is emailed.
        await password.fill(account.password);
        const saved = nextReply(page, 'POST', '/api/user/payment-details');
        await page.getByRole('button', { name: a.common.save, exact: true }).click();
        expect((await saved).status()).toBe(200);
        await page.getByText(a.payment.saved, { exact: true }).waitFor();
        await page.getByText(fill(a.payment.currentAccount, { number: '\u2066••••1234\u2069' }), { exact: true }).waitFor();
        expect(await page.getByLabel(fieldLabel(a.fields.accountNumber)).inputValue()).toBe('');
        const mail = await e2e.server.waitForMail((m) => m.to === account.email && m.text.includes('••••1234'));
        expect(mail.text).not.toContain('5550001234');
        p.expectNoErrors({ allowConsole: [/status of 403/] });
      } finally {
        await p.close();
      }
    });
  }
});
