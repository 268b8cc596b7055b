import { describe, expect, it } from 'vitest';
import type { ControlRoom, EventSummary } from '@streethunt/shared';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { newPhonePage } from './support/browser.ts';
import { englishGame, mapGame } from './support/demo-games.ts';
import { startE2e } from './support/fixture.ts';
import { focused, tabTo, watchFocus } from './support/keyboard.ts';
import { stubMapTiles } from './support/player.ts';
import { saveScreenshot } from './support/screenshots.ts';
import { DEMO_CREATOR, loginViaApi, nextReply, storeSession, studioApi } from './support/studio.ts';
import { fill, studioTexts } from './support/texts.ts';

// The creator's editor and the organiser's control room with the keyboard alone, read as a screen
// reader reads them (Hebrew at 360 px, English at 390 px): the editor's tabs and tree lead to a
// question's fields, a change is typed and saved; the flow view opens as a dialog that keeps focus
// and gives it back; in the control room a message is written and sent to every team.

const e2e = startE2e();

const runs = [
  { language: 'he' as const, width: 360, height: 800 },
  { language: 'en' as const, width: 390, height: 844 },
];

describe.each(runs)('the studio by keyboard ($language at $width px)', ({ language, width, height }) => {
  it('edits and saves a question, and opens and closes the flow view, with the keyboard alone', { timeout: 180_000 }, async () => {
    const game = language === 'he' ? await mapGame() : await englishGame();
    const s = studioTexts[language];
    const creator = await loginViaApi(e2e.server, DEMO_CREATOR);
    const phone = await newPhonePage(e2e.browser, { baseURL: e2e.server.url, language, viewport: { width, height } });
    try {
      const { page, context } = phone;
      await watchFocus(page);
      await stubMapTiles(context);
      await storeSession(context, creator);
      await page.goto(`/game-editor/${game.id}`);
      const title = page.getByTestId('game-editor').getByRole('heading', { level: 1 }).first();
      await title.waitFor();
      const read = await page.locator('main').ariaSnapshot();
      expect(read).toContain(`tab "${s.editor.layout.tree}"`);
      expect(read).toContain(`tab "${s.editor.layout.edit}"`);

      // A game on sale is changed in a next version: opened by keyboard.
      await tabTo(page, page.getByRole('button', { name: s.editor.nextVersion.open, exact: true }));
      await page.keyboard.press('Enter');
      await page.getByRole('button', { name: s.editor.save.button, exact: true }).waitFor({ timeout: 15_000 });

      // The phone's tabs: Tab reaches the parts; Enter shows them.
      await tabTo(page, page.getByRole('tab', { name: s.editor.layout.tree, exact: true }));
      await page.keyboard.press('Enter');
      const tree = page.getByRole('navigation', { name: s.editor.tree.label });
      await tree.waitFor();
      // The first question, chosen by keyboard: its fields show, the content's editor among them.
      await tabTo(page, tree.getByTestId('node-q0'));
      await page.keyboard.press('Enter');
      const panel = page.getByTestId('edit-panel');
      const content = panel.getByRole('textbox', { name: fill(s.editor.question.content, { n: '1' }), exact: true });
      await tabTo(page, page.getByRole('tab', { name: s.editor.layout.edit, exact: true }), 40, true).catch(() => undefined);
      if (!(await content.isVisible())) await page.keyboard.press('Enter');
      await tabTo(page, content, 60);
      await page.keyboard.press('ControlOrMeta+End');
      const added = language === 'he' ? ' ובדקו את השלט.' : ' Check the sign.';
      await page.keyboard.type(added);
      await expect.poll(() => content.textContent()).toContain(added.trim());
      await saveScreenshot(page, `studio-keyboard-question-${language}-${width}`);
      await expectNoSeriousA11yViolations(page, { exclude: ['.leaflet-tile-pane'] });

      // Saved with the keyboard: Shift+Tab back up to the toolbar's save.
      // The next version is a game of its own (its own id, in the address now).
      const draftId = new URL(page.url()).pathname.split('/').pop() ?? '';
      expect(draftId).not.toBe(game.id);
      const saved = nextReply(page, 'POST', new RegExp(`/api/games/${draftId}$`));
      await tabTo(page, page.getByRole('button', { name: s.editor.save.button, exact: true }), 80, true);
      await page.keyboard.press('Enter');
      expect((await saved).status()).toBe(200);
      await page.getByText(s.editor.save.allSaved, { exact: true }).waitFor();

      // The flow view: a dialog that keeps focus inside, closes with Escape and gives focus back.
      const open = page.getByTestId('flow-view-open');
      await tabTo(page, open, 80);
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: s.editor.flowView.title });
      await dialog.waitFor();
      await expect.poll(async () => (await focused(page)).inDialog).toBe(true);
      for (let i = 0; i < 8; i++) {
        await page.keyboard.press('Tab');
        expect((await focused(page)).inDialog).toBe(true);
      }
      await expectNoSeriousA11yViolations(page);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('flow-view-open');
      phone.expectNoErrors({ allowConsole: [/tile\.openstreetmap\.org|Failed to load resource/] });
    } finally {
      await phone.close();
    }
  });

  it('sends a message to every team from the control room with the keyboard alone', { timeout: 120_000 }, async () => {
    const game = await englishGame();
    const s = studioTexts[language];
    const creator = await loginViaApi(e2e.server, DEMO_CREATOR);
    const now = Date.now();
    const made = await studioApi<{ data: EventSummary }>(e2e.server, creator, '/api/events', {
      gameId: game.id,
      name: `Keyboard ${language} ${now % 100000}`,
      startsAt: new Date(now - 60_000).toISOString(),
      endsAt: new Date(now + 3_600_000).toISOString(),
      teamCount: 2,
    });
    const eventId = made.data.id;
    const phone = await newPhonePage(e2e.browser, { baseURL: e2e.server.url, language, viewport: { width, height } });
    try {
      const { page, context } = phone;
      await watchFocus(page);
      await stubMapTiles(context);
      await storeSession(context, creator);
      await page.goto(`/events/${eventId}`);
      await page.locator('main h1').first().waitFor();
      const form = page.getByTestId('message-form');
      await form.waitFor();
      const text = form.getByRole('textbox', { name: s.events.message.text });
      await tabTo(page, text, 120);
      const words = language === 'he' ? 'נפגשים ליד המזרקה' : 'Meet at the fountain';
      await page.keyboard.type(words);
      await tabTo(page, form.getByRole('button', { name: s.events.message.send, exact: true }), 10);
      await page.keyboard.press('Enter');
      // Sent: the text box has focus back, empty, for the next message.
      await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('TEXTAREA');
      await expect
        .poll(async () => (await studioApi<{ data: ControlRoom }>(e2e.server, creator, `/api/events/${eventId}`)).data.feed.some((item) => JSON.stringify(item).includes(words)), {
          timeout: 10_000,
        })
        .toBe(true);
      await saveScreenshot(page, `studio-keyboard-control-room-${language}-${width}`);
      await expectNoSeriousA11yViolations(page, { exclude: ['.leaflet-tile-pane'] });
      expect(await text.inputValue()).toBe('');
      phone.expectNoErrors({ allowConsole: [/tile\.openstreetmap\.org|Failed to load resource/] });
    } finally {
      await phone.close();
    }
  });
});
