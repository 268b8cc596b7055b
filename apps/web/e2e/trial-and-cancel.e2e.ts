import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { areaCenter, formatMoney, type Language } from '@streethunt/shared';
import { openGameIntro } from './support/app.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { TEL_AVIV, newPhonePage, type PhonePage } from './support/browser.ts';
import { englishGame, mapGame, writtenAnswers, type DemoGame } from './support/demo-games.ts';
import { expectFitsScreen } from './support/phone-layout.ts';
import {
  TILE_FAILURES,
  answerRight,
  fetchProgress,
  newBuyer,
  nextProgressReply,
  payOnSandboxPage as payOnSandbox,
  postGameProgress,
  questionView,
  stubMapTiles,
  type Buyer,
} from './support/player.ts';
import { saveScreenshot } from './support/screenshots.ts';
import { startE2e } from './support/fixture.ts';
import { DEMO_ADMIN, DEMO_CREATOR, editableCopy, loginViaApi, ownerGame, storeSession, studioApi } from './support/studio.ts';
import { fill, texts, type Texts } from './support/texts.ts';

// Try before you buy, and cancel within the law (DESIGN.md section 15), in a real browser: a visitor in
// Hebrew at 360 px tries the demo map game, plays its free stop, buys on the sandbox page and goes on at
// the second stop with the first kept; another in English at 390 px buys and cancels from the payment
// page, and sees the refund.

const e2e = startE2e();

/** The admin lets the first `count` questions of the game be tried free. */
async function offerTrial(game: DemoGame, count: number): Promise<void> {
  const admin = await loginViaApi(e2e.server, DEMO_ADMIN);
  const stored = await ownerGame(e2e.server, admin, game.id);
  const copy = editableCopy(stored);
  await studioApi(e2e.server, admin, `/api/games/${game.id}`, { ...copy, metadata: { ...copy.metadata, freeQuestions: count }, version: stored.version });
}

/** The purchase form, which says the purchase may be cancelled, then the sandbox page and /payment-success. */
async function payOnSandboxPage(page: Page, t: Texts, buyer: Buyer): Promise<void> {
  await page.getByTestId('purchase-form').getByTestId('cancel-note').getByText(t.cancelNote).waitFor();
  await payOnSandbox(page, t, buyer);
}

/** The area step of question `index`: the phone is put in its area, then continue (STARTED). */
async function arriveAt(p: PhonePage, game: DemoGame, index: number): Promise<void> {
  const step = p.page.getByTestId('area-step');
  await step.waitFor();
  const location = game.content.questions[index]?.location;
  if (!location) throw new Error(`question ${index + 1} of the map game has no area`);
  const { lat, lng } = areaCenter(location);
  await p.context.setGeolocation({ latitude: lat, longitude: lng, accuracy: 5 });
  await step.getByTestId('area-guide-arrived').waitFor();
  const started = nextProgressReply(p.page, 'set-question-status', 'STARTED');
  await step.getByTestId('area-continue').click();
  expect((await started).status()).toBe(200);
  await questionView(p.page, index).waitFor();
}

describe('trying the map game, then buying it', () => {
  it('Hebrew at 360 px: the free stop, the purchase in place, and the second stop with the first kept', { timeout: 240_000 }, async () => {
    const language: Language = 'he';
    const t = texts[language];
    const game = await mapGame();
    await offerTrial(game, 1);
    const p = await newPhonePage(e2e.browser, { baseURL: e2e.server.url, language, viewport: { width: 360, height: 800 } });
    const { page, context } = p;
    await stubMapTiles(context);
    await context.setGeolocation(TEL_AVIV);
    try {
      await openGameIntro(page, { id: game.id, name: game.content.metadata.name });
      const tryIt = page.getByTestId('intro-page').getByRole('button', { name: fill(t.player.intro.tryFree_one, {}), exact: true });
      await tryIt.waitFor();
      await expectFitsScreen(page, 'the intro offering a trial (he, 360)');
      await saveScreenshot(page, 'trial-intro-he-360');

      // The trial's code starts the play without a purchase; the free stop plays as any.
      const started = nextProgressReply(page, 'set-start-time');
      await tryIt.click();
      const startReply = await started;
      expect(startReply.status()).toBe(200);
      const code = ((await startReply.json()) as { gameProgress: { game_secret: string } }).gameProgress.game_secret;
      await arriveAt(p, game, 0);
      const [firstAnswer] = writtenAnswers(game, 0);
      await answerRight(page, t, 0, firstAnswer!);

      // The second stop is not the trial's: the purchase in place, with what the team did so far.
      const locked = page.getByTestId('trial-locked');
      await locked.waitFor();
      expect(await locked.getByTestId('summary-answered').textContent()).toBe('1');
      expect(await locked.getByTestId('trial-price').textContent()).toContain('45');
      await expectFitsScreen(page, 'the purchase in place after the free stop (he, 360)');
      await expectNoSeriousA11yViolations(page);
      await saveScreenshot(page, 'trial-locked-he-360');
      // The server refuses the trial anything past its free stop.
      const refused = await postGameProgress(e2e.server, { action: 'set-question-status', gameId: game.id, secretCode: code, questionIndex: 1, questionStatus: 'STARTED' });
      expect(refused.status).toBe(402);
      expect(((await refused.json()) as { code: string }).code).toBe('payment_required');

      await locked.getByTestId('trial-buy').click();
      await payOnSandboxPage(page, t, newBuyer('נועה בודקת'));
      // The bought play is the trial's: the same code.
      expect(((await page.getByTestId('game-code').textContent()) ?? '').trim()).toBe(code);
      await page.getByTestId('back-to-game').click();
      await page.waitForURL((url) => url.pathname === `/game/${game.id}`);

      // On to the second stop, the first kept.
      await page.getByTestId('header-questions').click();
      await arriveAt(p, game, 1);
      await saveScreenshot(page, 'trial-bought-second-stop-he-360');
      const progress = await fetchProgress(e2e.server, game.id, code);
      expect(progress.questions[0]?.status).toBe('DONE');
      expect(progress.questions[1]?.status).toBe('STARTED');
      await expectFitsScreen(page, 'the second stop after buying (he, 360)');
      p.expectNoErrors({ allowConsole: [TILE_FAILURES] });
    } finally {
      await p.close();
    }
  });
});

describe('cancelling a purchase within the 14 days', () => {
  it('English at 390 px: bought, cancelled from the payment page after a confirmation, refunded, the code stopped', { timeout: 180_000 }, async () => {
    const language: Language = 'en';
    const t = texts[language];
    const game = await englishGame();
    const p = await newPhonePage(e2e.browser, { baseURL: e2e.server.url, language, viewport: { width: 390, height: 844 } });
    const { page, context } = p;
    await stubMapTiles(context);
    try {
      await openGameIntro(page, { id: game.id, name: game.content.metadata.name });
      await page.getByTestId('intro-page').getByRole('button', { name: t.player.intro.letsPlay, exact: true }).click();
      await page.getByTestId('code-entry').waitFor();
      await page.getByRole('button', { name: t.player.payment.purchase, exact: true }).click();
      await payOnSandboxPage(page, t, newBuyer('Noa Tester'));
      const code = ((await page.getByTestId('game-code').textContent()) ?? '').trim();

      const section = page.getByTestId('cancel-purchase');
      await section.waitFor();
      await expectFitsScreen(page, 'the payment page with its cancellation (en, 390)');
      await saveScreenshot(page, 'purchase-cancel-offer-en-390');
      await section.getByRole('button', { name: t.cancel.button, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: t.cancel.confirmTitle });
      await dialog.waitFor();
      expect(await dialog.textContent()).toContain(code);
      await saveScreenshot(page, 'purchase-cancel-confirm-en-390');
      await dialog.getByRole('button', { name: t.cancel.confirmYes, exact: true }).click();

      const done = page.getByTestId('purchase-cancelled');
      await done.waitFor();
      expect(await done.textContent()).toBe(fill(t.cancel.done, { amount: formatMoney(Math.round(Number(game.content.metadata.price) * 100), language) }));
      expect(await page.getByTestId('game-code').count()).toBe(0);
      await expectNoSeriousA11yViolations(page);
      await saveScreenshot(page, 'purchase-cancelled-en-390');

      // The code stopped: the server refuses a play with it.
      const start = await postGameProgress(e2e.server, { action: 'set-start-time', gameId: game.id, secretCode: code });
      expect(start.status).toBeGreaterThanOrEqual(400);
      expect(((await start.json()) as { code: string }).code).toBe('code_refunded');
      p.expectNoErrors({ allowConsole: [TILE_FAILURES] });
    } finally {
      await p.close();
    }
  });
});

describe('cancelling from the account', () => {
  it('Hebrew at 360 px: a signed-in buyer finds the purchase on the account page and cancels it there', { timeout: 180_000 }, async () => {
    const language: Language = 'he';
    const t = texts[language];
    const game = await mapGame();
    const p = await newPhonePage(e2e.browser, { baseURL: e2e.server.url, language, viewport: { width: 360, height: 800 } });
    const { page, context } = p;
    await stubMapTiles(context);
    await storeSession(context, await loginViaApi(e2e.server, DEMO_CREATOR));
    try {
      await openGameIntro(page, { id: game.id, name: game.content.metadata.name });
      await page.getByTestId('intro-page').getByRole('button', { name: t.player.intro.letsPlay, exact: true }).click();
      await page.getByTestId('code-entry').waitFor();
      await page.getByRole('button', { name: t.player.payment.purchase, exact: true }).click();
      await payOnSandboxPage(page, t, newBuyer('דנה קונה'));
      const code = ((await page.getByTestId('game-code').textContent()) ?? '').trim();

      await page.goto('/update-profile');
      const item = page.getByTestId('own-purchase').filter({ hasText: code });
      await item.waitFor();
      await item.getByTestId('cancel-purchase').scrollIntoViewIfNeeded();
      await expectFitsScreen(page, 'the account page with a purchase to cancel (he, 360)');
      await saveScreenshot(page, 'account-purchases-he-360');
      await item.getByRole('button', { name: t.cancel.button, exact: true }).click();
      await page.getByRole('dialog', { name: t.cancel.confirmTitle }).getByRole('button', { name: t.cancel.confirmYes, exact: true }).click();
      await item.getByTestId('purchase-cancelled').waitFor();
      await expectNoSeriousA11yViolations(page);
      await saveScreenshot(page, 'account-purchase-cancelled-he-360');
      const start = await postGameProgress(e2e.server, { action: 'set-start-time', gameId: game.id, secretCode: code });
      expect(((await start.json()) as { code: string }).code).toBe('code_refunded');
      p.expectNoErrors({ allowConsole: [TILE_FAILURES] });
    } finally {
      await p.close();
    }
  });
});
