import { describe, expect, it } from 'vitest';
import { fieldLabel, htmlLangDir, openPage } from './support/app.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { newPhonePage } from './support/browser.ts';
import { englishGame } from './support/demo-games.ts';
import { expectFitsScreen } from './support/phone-layout.ts';
import { SANDBOX_CARDS, futureExpiry, stubMapTiles } from './support/player.ts';
import { saveScreenshot } from './support/screenshots.ts';
import { loginViaApi, storeSession, studioApi, type StoredSession } from './support/studio.ts';
import { startE2e } from './support/fixture.ts';
import { fill, studioTexts, texts } from './support/texts.ts';

// An organiser who is not the game's creator buys an event for their group: from the game's page to
// the event form (the total as the teams are counted), our sandbox payment page, the success page,
// and the control room with one code per team; the receipt email links to it.

const e2e = startE2e();

/** A new account, its email confirmed, logged in: an organiser who owns no game. */
async function newOrganiser(): Promise<{ email: string; session: StoredSession }> {
  const email = `organiser-${Date.now()}@example.com`;
  const password = 'correct-horse-battery-42';
  await studioApi(e2e.server, null, '/api/signup', { firstName: 'Dana', lastName: 'Teacher', email, password, phone: '050-1234567', language: 'en' });
  const mail = await e2e.server.waitForMail((m) => m.to.includes(email));
  const token = mail.text.match(/\/validate-email\/([A-Za-z0-9_-]+)/)?.[1];
  expect(token, mail.text).toBeDefined();
  await studioApi(e2e.server, null, '/api/user/validate-email', { token });
  return { email, session: await loginViaApi(e2e.server, { email, password }) };
}

describe('buying an event for a group', () => {
  it('pays for 4 teams through the sandbox page and opens the control room with 4 team codes (en, 360 px)', { timeout: 120_000 }, async () => {
    const game = await englishGame();
    const t = texts.en;
    const s = studioTexts.en;
    const { email, session } = await newOrganiser();
    const phone = await newPhonePage(e2e.browser, { baseURL: e2e.server.url, language: 'en', viewport: { width: 360, height: 800 } });
    try {
      await stubMapTiles(phone.context);
      await storeSession(phone.context, session);
      const { page } = phone;

      // From the game's page, a plain link to the event page.
      await openPage(page, `/game/${game.id}`);
      await page.getByTestId('intro-page').waitFor();
      await page.getByRole('link', { name: t.player.intro.forGroup }).click();
      await page.waitForURL((url) => url.pathname === `/events/buy/${game.id}`);
      await page.getByTestId('buy-game-name').getByText(game.content.metadata.name).waitFor();
      expect(await htmlLangDir(page)).toEqual({ lang: 'en', dir: 'ltr' });
      expect((await page.getByTestId('buy-price').textContent())?.trim()).toBe(fill(s.events.buy.perTeam, { price: '₪60' }));

      const name = `Class 7B ${Date.now() % 100000}`;
      await page.getByLabel(fieldLabel(s.events.form.name.label)).fill(name);
      await page.getByLabel(fieldLabel(s.events.form.teamCount.label)).fill('4');
      expect((await page.getByTestId('event-total').textContent())?.trim()).toBe(fill(s.events.buy.total, { total: '₪240', perTeam: '₪60' }));
      await expectFitsScreen(page, 'the event purchase form');
      await expectNoSeriousA11yViolations(page);
      await saveScreenshot(page, 'events-buy-en-360', { fullPage: true });
      await page.getByRole('button', { name: s.events.buy.submit }).click();

      // Our sandbox payment page names the game, the event and the total.
      await page.waitForURL((url) => url.pathname.startsWith('/sandbox-pay/'));
      await page.locator('#cardNumber').waitFor();
      const summary = (await page.locator('main').textContent()) ?? '';
      expect(summary).toContain(game.content.metadata.name);
      expect(summary).toContain(`${name}, 4 teams`);
      expect(summary).toContain('₪240');
      await expectFitsScreen(page, 'the sandbox payment page');
      await page.locator('#cardNumber').fill(SANDBOX_CARDS.succeeds);
      await page.locator('#expiry').fill(futureExpiry());
      await page.locator('#cvc').fill('123');
      await page.locator('form button[type="submit"]').click();

      await page.waitForURL((url) => url.pathname === '/payment-success' && url.searchParams.has('Token'));
      const approved = page.getByTestId('event-approved');
      await approved.getByText(t.paymentSuccess.eventReady).waitFor();
      await expectNoSeriousA11yViolations(page);
      await approved.getByRole('link', { name: t.paymentSuccess.toControlRoom }).click();

      const room = page.getByTestId('control-room');
      await room.waitFor();
      await expect.poll(() => page.getByTestId('team-codes').getByTestId('team-code').count()).toBe(4);
      const eventId = new URL(page.url()).pathname.split('/').at(-1);
      expect((await room.textContent()) ?? '').toContain(name);

      const mail = await e2e.server.waitForMail((m) => m.to.includes(email) && m.subject.includes(name));
      expect(mail.text).toContain(`${e2e.server.url}/events/${eventId}`);
    } finally {
      await phone.context.close();
    }
  });

  it('the event page fits a 390 px phone in Hebrew, right to left', { timeout: 60_000 }, async () => {
    const game = await englishGame();
    const s = studioTexts.he;
    const { session } = await newOrganiser();
    const phone = await newPhonePage(e2e.browser, { baseURL: e2e.server.url, language: 'he', viewport: { width: 390, height: 844 } });
    try {
      await storeSession(phone.context, session);
      const { page } = phone;
      await openPage(page, `/events/buy/${game.id}`);
      await page.getByTestId('buy-game-name').waitFor();
      expect(await htmlLangDir(page)).toEqual({ lang: 'he', dir: 'rtl' });
      await page.getByRole('button', { name: s.events.buy.submit }).waitFor();
      await expectFitsScreen(page, 'the event purchase form');
      await expectNoSeriousA11yViolations(page);
      await saveScreenshot(page, 'events-buy-he-390', { fullPage: true });
    } finally {
      await phone.context.close();
    }
  });
});
