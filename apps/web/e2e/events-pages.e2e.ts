import { describe, expect, it } from 'vitest';
import { fieldLabel, openPage } from './support/app.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { newPhonePage, type Language } from './support/browser.ts';
import { englishGame } from './support/demo-games.ts';
import { expectFitsScreen } from './support/phone-layout.ts';
import { stubMapTiles } from './support/player.ts';
import { saveScreenshot } from './support/screenshots.ts';
import { DEMO_CREATOR, loginViaApi, storeSession } from './support/studio.ts';
import { startE2e } from './support/fixture.ts';
import { studioTexts } from './support/texts.ts';

// The organiser's pages on a phone: making an event, the control room and the list of events fit a
// 390 and a 360 px screen in both languages (the control room is a desktop page, usable on a tablet,
// and must still not pan sideways on a phone).

const e2e = startE2e();

const screens: { language: Language; width: number; height: number }[] = [
  { language: 'he', width: 390, height: 844 },
  { language: 'en', width: 360, height: 800 },
  { language: 'en', width: 390, height: 844 },
  { language: 'he', width: 360, height: 800 },
];

describe.each(screens)('the organiser’s pages in $language at $width px', ({ language, width, height }) => {
  it('makes an event, opens its control room and finds it in the list, all on the phone', { timeout: 120_000 }, async () => {
    const game = await englishGame();
    const s = studioTexts[language];
    const session = await loginViaApi(e2e.server, DEMO_CREATOR);
    const phone = await newPhonePage(e2e.browser, { baseURL: e2e.server.url, language, viewport: { width, height } });
    try {
      await stubMapTiles(phone.context);
      await storeSession(phone.context, session);
      const { page } = phone;
      const name = `${language === 'he' ? 'טיול שנתי' : 'Class trip'} ${width} ${Date.now() % 100000}`;

      await openPage(page, `/events/new?gameId=${game.id}`);
      await page.getByLabel(fieldLabel(s.events.form.name.label)).fill(name);
      await page.getByLabel(fieldLabel(s.events.form.teamCount.label)).fill('4');
      await page.getByLabel(fieldLabel(s.events.form.timeLimit.label)).fill('45');
      await expectFitsScreen(page, 'the new event form');
      await expectNoSeriousA11yViolations(page);
      await saveScreenshot(page, `events-new-${language}-${width}`, { fullPage: true });
      await page.getByRole('button', { name: s.events.form.submit }).click();

      const room = page.getByTestId('control-room');
      await room.waitFor();
      await page.locator('[data-testid="live-status"][data-state="live"]').waitFor();
      // Each team's own 45 minutes, beside the event's times.
      expect(await page.getByTestId('event-time-limit').textContent()).toContain('45');
      await expect.poll(() => page.getByTestId('team-codes').getByTestId('team-code').count()).toBe(4);
      await expectFitsScreen(page, 'the control room');
      await expectNoSeriousA11yViolations(page);
      await saveScreenshot(page, `events-room-${language}-${width}`, { fullPage: true });

      await openPage(page, '/events');
      await page.getByText(name).waitFor();
      await expectFitsScreen(page, 'my events');
      await expectNoSeriousA11yViolations(page);
      await saveScreenshot(page, `events-list-${language}-${width}`, { fullPage: true });
    } finally {
      await phone.context.close();
    }
  });
});
