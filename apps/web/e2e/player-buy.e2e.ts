import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { CODE_ALPHABET, formatPrice } from '@streethunt/shared';
import { fieldLabel, htmlLangDir, openPage } from './support/app.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { newPhonePage, type Language } from './support/browser.ts';
import { mapGame, type DemoGame } from './support/demo-games.ts';
import { keptRecord } from './support/offline-store.ts';
import { SANDBOX_CARDS, TILE_FAILURES, enterCode, futureExpiry, newBuyer, stubMapTiles, type Buyer } from './support/player.ts';
import { saveScreenshot } from './support/screenshots.ts';
import { startE2e } from './support/fixture.ts';
import { texts } from './support/texts.ts';

// Buying a code: from /games to the seeded map game, 'lets play', the code
// entry, the purchase form, our sandbox payment page, /payment-success with the code, the same code in
// the buyer's email, and back to the game's code screen with the code filled in (the
// game's name and price on each screen). A declined card says so and creates no code.

const e2e = startE2e();
let game: DemoGame;

beforeAll(async () => {
  game = await mapGame();
});

/** A code as the product makes them: an optional prefix, then 9 symbols of the phone-friendly alphabet. */
const CODE_PATTERN = new RegExp(`^[A-Z0-9]*[${CODE_ALPHABET}]{9}$`);

/** From /games: the seeded map game's card (name, ₪45) to its intro. */
async function openGameFromList(page: Page, language: Language) {
  const t = texts[language];
  const { name, price, currencyCode } = game.content.metadata;
  await openPage(page, '/games');
  expect((await page.getByTestId('games-heading').textContent())?.trim()).toBe(t.games.title);
  const card = page.getByTestId('game-card').filter({ hasText: name });
  await card.waitFor();
  const shown = formatPrice(price, currencyCode);
  expect(shown.kind === 'amount' && shown.text).toBe('₪45');
  expect((await card.getByTestId('price').textContent())?.trim()).toBe('₪45');
  await expectNoSeriousA11yViolations(page);
  await card.getByRole('link', { name }).click();
  await page.waitForURL((url) => url.pathname === `/game/${game.id}`);
  await page.getByTestId('intro-page').getByRole('heading', { level: 1, name }).waitFor();
  // The intro says the price too.
  expect((await page.getByTestId('intro-page').getByTestId('price').textContent())?.trim()).toBe('₪45');
}

/** The game's name and price on a screen of the buying flow (the code screen, the purchase form). */
async function expectGameLine(screen: Locator) {
  const line = screen.getByTestId('game-line');
  expect((await line.textContent()) ?? '').toContain(game.content.metadata.name);
  expect((await line.getByTestId('price').textContent())?.trim()).toBe('₪45');
}

/** Intro -> 'lets play' -> 'purchase a code' -> the form filled -> 'go to secured payment' -> the sandbox page. */
async function purchaseToSandbox(page: Page, buyer: Buyer) {
  // The game is in Hebrew: its page is in Hebrew whatever the visitor's language.
  const t = texts.he;
  await page.getByTestId('intro-page').getByRole('button', { name: t.player.intro.letsPlay, exact: true }).click();
  await page.getByTestId('code-entry').waitFor();
  await expectGameLine(page.getByTestId('code-entry'));
  await saveScreenshot(page, 'player-code-entry-he');
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: t.player.payment.purchase, exact: true }).click();
  const form = page.getByTestId('purchase-form');
  await form.waitFor();
  await expectGameLine(form);
  await form.getByRole('heading', { level: 1, name: t.player.purchase.title }).waitFor();
  await form.getByText(t.player.purchase.checkDetails).waitFor();

  // All three are required: sending the empty form stays here and marks them.
  await form.getByRole('button', { name: t.player.purchase.toPayment, exact: true }).click();
  expect(await form.getByText(t.player.validation.required).count()).toBe(3);
  expect(new URL(page.url()).pathname).toBe(`/game/${game.id}`);

  await form.getByLabel(fieldLabel(t.player.purchase.fullName)).fill(buyer.fullName);
  await form.getByLabel(fieldLabel(t.player.purchase.email)).fill(buyer.email);
  await form.getByLabel(fieldLabel(t.player.purchase.phone)).fill(buyer.phone);
  await saveScreenshot(page, 'player-purchase-form');
  await expectNoSeriousA11yViolations(page);
  const getUrl = page.waitForResponse((r) => new URL(r.url()).pathname === `/api/payment/get-url/${game.id}`);
  await form.getByRole('button', { name: t.player.purchase.toPayment, exact: true }).click();
  expect((await getUrl).status()).toBe(200);
  await page.waitForURL((url) => url.pathname.startsWith('/sandbox-pay/'));
  await page.locator('#cardNumber').waitFor();
  // The sandbox page names the game, the amount and the buyer.
  const summary = (await page.locator('main').textContent()) ?? '';
  expect(summary).toContain(game.content.metadata.name);
  expect(summary).toContain('₪45');
  expect(summary).toContain(buyer.fullName);
  await expectNoSeriousA11yViolations(page);
}

async function payWith(page: Page, cardNumber: string) {
  await page.locator('#cardNumber').fill(cardNumber);
  await page.locator('#expiry').fill(futureExpiry());
  await page.locator('#cvc').fill('123');
  await page.locator('form button[type="submit"]').click();
}

describe('buying a code with the sandbox provider', () => {
  it('pays with the test card, shows the code, emails the same code, and goes back to the game (he)', async () => {
    const t = texts.he;
    const buyer = newBuyer('נועה בודקת');
    const p = await newPhonePage(e2e.browser, { baseURL: e2e.server.url, language: 'he' });
    const { page, context } = p;
    await stubMapTiles(context);
    try {
      await openGameFromList(page, 'he');
      expect(await htmlLangDir(page)).toEqual({ lang: 'he', dir: 'rtl' });
      await saveScreenshot(page, 'player-intro-he');
      await expectNoSeriousA11yViolations(page);

      await purchaseToSandbox(page, buyer);
      expect(await htmlLangDir(page), 'the sandbox page follows the buyer’s language').toEqual({ lang: 'he', dir: 'rtl' });
      await saveScreenshot(page, 'player-sandbox-pay-he', { fullPage: true });

      await payWith(page, SANDBOX_CARDS.succeeds);
      await page.waitForURL((url) => url.pathname === '/payment-success' && url.searchParams.has('Token'));
      const approved = page.getByTestId('payment-approved');
      await approved.waitFor();
      await approved.getByText(t.paymentSuccess.emailed).waitFor();
      const pageCode = ((await page.getByTestId('game-code').textContent()) ?? '').trim();
      expect(pageCode).toMatch(CODE_PATTERN);
      await saveScreenshot(page, 'player-payment-success-he');
      await expectNoSeriousA11yViolations(page);

      // The same code, in the buyer's email, in Hebrew, with the link to the game.
      const mail = await e2e.server.waitForMail((m) => m.to.includes(buyer.email));
      const mailCodes = mail.text.split('\n').map((line) => line.trim()).filter((line) => CODE_PATTERN.test(line));
      expect(mailCodes, `one code line in:\n${mail.text}`).toEqual([pageCode]);
      expect(mail.html).toContain(pageCode);
      expect(mail.html).toContain('dir="rtl"');
      // The product's Hebrew name in the Hebrew game's email.
      expect(mail.text).toContain(t.common.appName);
      expect(mail.text).toContain(`${e2e.server.url}/game/${game.id}`);

      // A second look at the same payment returns the same code and sends no second email.
      const again = await fetch(`${e2e.server.url}/api/payment/checkToken`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token: new URL(page.url()).searchParams.get('Token') }),
      });
      expect(again.status).toBe(200);
      expect(((await again.json()) as { data: { secretCode: string } }).data.secretCode).toBe(pageCode);

      // Back to the game: the code screen, the bought code filled in, kept as the active game.
      await approved.getByRole('link', { name: t.paymentSuccess.backToGame, exact: true }).click();
      await page.waitForURL((url) => url.pathname === `/game/${game.id}`);
      await page.getByTestId('code-entry').waitFor();
      await expectGameLine(page.getByTestId('code-entry'));
      expect(await page.getByTestId('code-input').inputValue()).toBe(pageCode);
      await expect.poll(() => keptRecord(page, 'activeGame')).toEqual({ game_id: game.id, game_secret: pageCode });
      await saveScreenshot(page, 'player-back-from-payment-he');
      await expectNoSeriousA11yViolations(page);

      // The Questions item before sending the code leads back to the code screen, not a dead end.
      await page.getByTestId('header-questions').click();
      await page.getByTestId('questions-unavailable').waitFor();
      await page.getByTestId('header-intro').click();
      // The bought code waits, filled in, on the code screen; sending it starts the play.
      await page.getByTestId('intro-page').getByRole('button', { name: t.player.intro.letsPlay, exact: true }).click();
      expect(await page.getByTestId('code-input').inputValue()).toBe(pageCode);
      await enterCode(page, t, pageCode, { fromIntro: false });
      await page.getByTestId('area-step').waitFor();
      expect((await e2e.server.readOutbox()).filter((m) => m.to.includes(buyer.email))).toHaveLength(1);
      p.expectNoErrors({ allowConsole: [TILE_FAILURES] });
    } finally {
      await p.close();
    }
  });

  it('a declined card says so, sends no code and creates none (English visitor: the sandbox page in English)', async () => {
    const buyer = newBuyer('Dana Declined');
    const p = await newPhonePage(e2e.browser, { baseURL: e2e.server.url, language: 'en' });
    const { page, context } = p;
    await stubMapTiles(context);
    try {
      await openGameFromList(page, 'en');
      // The game's language (Hebrew) switches the interface, for an English visitor too.
      await expect.poll(() => htmlLangDir(page)).toEqual({ lang: 'he', dir: 'rtl' });
      await purchaseToSandbox(page, buyer);
      // The sandbox page speaks the browser's language (Accept-Language: en-US).
      expect(await htmlLangDir(page)).toEqual({ lang: 'en', dir: 'ltr' });
      const sandboxUrl = new URL(page.url());

      await payWith(page, SANDBOX_CARDS.declined);
      const alert = page.getByRole('alert');
      await alert.waitFor();
      expect((await alert.textContent())?.trim()).toMatch(/declined/i);
      expect(new URL(page.url()).pathname).toBe(sandboxUrl.pathname);
      await saveScreenshot(page, 'player-sandbox-declined-en', { fullPage: true });
      await expectNoSeriousA11yViolations(page);

      // Nothing was made: the payment's reference redeems no code, and no email goes to the buyer.
      const ref = sandboxUrl.pathname.split('/').pop()!;
      const check = await fetch(`${e2e.server.url}/api/payment/checkToken`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token: ref }),
      });
      expect(check.status).toBeGreaterThanOrEqual(400);
      expect(check.status).toBeLessThan(500);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect((await e2e.server.readOutbox()).filter((m) => m.to.includes(buyer.email))).toEqual([]);

      // The form is still there for another card.
      await page.locator('#cardNumber').waitFor();
      // The browser logs the 402 of the declined payment's page itself.
      p.expectNoErrors({ allowConsole: [TILE_FAILURES, /status of 402/] });
    } finally {
      await p.close();
    }
  });
});
