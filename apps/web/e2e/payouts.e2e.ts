import { beforeAll, describe, expect, it } from 'vitest';
import { agorotOf, formatMoney, monthOf, refundQuote, splitSale } from '@streethunt/shared';
import { fieldLabel, pageHeading, viaMenu } from './support/app.ts';
import { newPhonePage, type Language } from './support/browser.ts';
import { checkPage } from './support/check-page.ts';
import { englishGame, type DemoGame } from './support/demo-games.ts';
import { startE2e } from './support/fixture.ts';
import { buyCodeViaApi, newBuyer, postGameProgress } from './support/player.ts';
import { DEMO_ADMIN, DEMO_CREATOR, loginViaApi, nextReply, storeSession, type StoredSession } from './support/studio.ts';
import { studioTexts, texts } from './support/texts.ts';

// The admin's money: the month's payout of the demo creator (who built the game
// bought here, five times, enough to reach the 100 ILS minimum) is marked paid and shows in the
// month's ledger; an unused purchase is refunded: its code stops working and the buyer is emailed.

const e2e = startE2e();
const SALES = 5;

let admin: StoredSession;
let game: DemoGame;
let refundable: { code: string; email: string };

beforeAll(async () => {
  admin = await loginViaApi(e2e.server, DEMO_ADMIN);
  game = await englishGame();
  for (let i = 0; i < SALES; i++) await buyCodeViaApi(e2e.server, game.id, newBuyer(`Buyer ${i}`));
  const buyer = newBuyer('Rina Refund');
  const bought = await buyCodeViaApi(e2e.server, game.id, buyer);
  refundable = { code: bought.code, email: buyer.email };
});

describe('payouts and refunds', () => {
  for (const [language, width] of [['he', 360], ['en', 390]] as const) {
    it(`the admin marks a payout paid and refunds an unused purchase (${language}, ${width} px)`, { timeout: 150_000 }, async () => {
      const s = studioTexts[language].adminPayouts;
      const price = agorotOf(game.content.metadata.price);
      const builderShare = splitSale({ price, vatPercent: 18, withAffiliate: false }).builderShare;
      const money = (agorot: number) => formatMoney(agorot, language as Language);
      const month = monthOf(new Date());
      const p = await newPhonePage(e2e.browser, { baseURL: e2e.server.url, language, viewport: { width, height: 800 } });
      const { page, context } = p;
      await storeSession(context, admin);
      try {
        await page.goto('/games');
        await viaMenu(page, texts[language].menu, texts[language].menu.adminPayouts);
        await page.waitForURL((url) => url.pathname === '/admin-payouts');
        await pageHeading(page, s.title).waitFor();

        // This month (the sales were made now): the creator's line.
        const rows = nextReply(page, 'GET', '/api/payouts');
        await page.getByLabel(fieldLabel(s.month)).selectOption(month);
        expect((await rows).status()).toBe(200);
        const table = page.getByRole('table', { name: s.table.label });
        const line = table.getByRole('row').filter({ hasText: DEMO_CREATOR.email });
        await line.waitFor();
        // Six sales earned this month; once the sixth is refunded (the first run does it), five.
        const text = (await line.textContent()) ?? '';
        expect([SALES + 1, SALES].some((sales) => text.includes(money(sales * builderShare))), text).toBe(true);
        await checkPage(page, `admin-payouts-${language}-${width}`);

        const markPaid = line.getByRole('button', { name: new RegExp(`^${s.table.markPaid}`) });
        if (await markPaid.isEnabled()) {
          await markPaid.click();
          const modal = page.getByRole('dialog', { name: s.record.payTitle });
          await modal.waitFor();
          await modal.getByLabel(fieldLabel(s.record.reference)).fill(`TR-${language}`);
          await checkPage(page, `admin-payouts-mark-paid-${language}-${width}`);
          const recorded = nextReply(page, 'POST', '/api/payouts');
          await modal.getByRole('button', { name: s.record.payYes, exact: true }).click();
          expect((await recorded).status()).toBe(200);
          await modal.waitFor({ state: 'detached' });
        }
        // Recorded in the month's ledger, with its reference; nothing left to pay.
        await page.getByRole('table', { name: s.ledger.label }).getByText(/^TR-(he|en)$/).first().waitFor();
        await expect.poll(() => markPaid.isEnabled()).toBe(false);

        // Refunds: the unused purchase, found by the buyer's email.
        await page.getByRole('tab', { name: s.tabs.refunds }).click();
        await page.getByLabel(fieldLabel(s.refunds.search.label)).fill(refundable.email);
        const purchases = page.getByRole('table', { name: s.refunds.table.label });
        const purchase = purchases.getByRole('row').filter({ hasText: refundable.email });
        await purchase.waitFor();
        const quote = refundQuote({ price, paidAt: new Date(), now: new Date(), codeActivated: false });
        if (!quote.ok) throw new Error('the purchase should be refundable');
        const refundButton = purchase.getByRole('button', { name: /Rina Refund/ });
        if ((await refundButton.count()) > 0) {
          await refundButton.click();
          const confirm = page.getByRole('dialog', { name: s.refunds.confirm.title });
          await confirm.getByTestId('refund-back').getByText(money(quote.refund), { exact: false }).waitFor();
          await checkPage(page, `admin-refund-${language}-${width}`);
          const refunded = nextReply(page, 'POST', /^\/api\/purchases\/[^/]+\/refund$/);
          await confirm.getByRole('button', { name: s.refunds.confirm.yes, exact: true }).click();
          expect((await refunded).status()).toBe(200);
          await confirm.waitFor({ state: 'detached' });
        }
        await purchase.getByText(s.refunds.refunded.replace('{{amount}}', money(quote.refund)), { exact: true }).waitFor();
        await checkPage(page, `admin-refunds-${language}-${width}`);

        // The code no longer opens the game, and the buyer was told.
        const start = await postGameProgress(e2e.server, { action: 'set-start-time', gameId: game.id, secretCode: refundable.code });
        // Its own answer, not a wrong code's: a refunded code is not a guess.
        expect(start.status).toBe(410);
        const mail = await e2e.server.waitForMail((m) => m.to.includes(refundable.email) && m.text.includes(refundable.code) && !m.text.includes('How to start'));
        // In the buyer's language: bought through the API without Accept-Language, Hebrew.
        expect(mail.text).toContain(formatMoney(quote.refund, 'he'));
        p.expectNoErrors();
      } finally {
        await p.close();
      }
    });
  }
});
