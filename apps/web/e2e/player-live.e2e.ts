import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { openPage } from './support/app.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { newPhonePage, type PhonePage } from './support/browser.ts';
import { englishGame, writtenAnswers, type DemoGame } from './support/demo-games.ts';
import { buyCodeViaApi, enterCode, fetchProgress, nextProgressReply, questionView } from './support/player.ts';
import { saveScreenshot } from './support/screenshots.ts';
import { startE2e } from './support/fixture.ts';
import { fill, texts } from './support/texts.ts';

// Live team play (DESIGN.md section 4): two phones on one code share one play; what
// one does shows on the other within about a second, without a reload, over the play's socket room.

const e2e = startE2e();
let game: DemoGame;

beforeAll(async () => {
  game = await englishGame();
});

/** How long the other phone may take to show a change: "within a second". */
const LIVE_MS = 1_000;

const t = texts.en;

/** Marks the page's window, so a later check can tell that it was never reloaded. */
async function markWindow(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { e2eNoReload?: boolean }).e2eNoReload = true;
  });
}

async function stillSameWindow(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { e2eNoReload?: boolean }).e2eNoReload === true);
}

/** Waits until `what` shows on the watching page, and says how long that took after the acting page's reply. */
async function shownWithin(what: () => Promise<void>, since: number): Promise<number> {
  await what();
  return Date.now() - since;
}

async function openHint(page: Page, hintNumber: number, title: string) {
  await page.getByTestId(`hint-${hintNumber}`).click();
  const dialog = page.getByRole('dialog', { name: title });
  const reply = nextProgressReply(page, 'show-question-hint');
  await dialog.getByRole('button', { name: t.player.hints.confirmYes, exact: true }).click();
  expect((await reply).status()).toBe(200);
}

describe('two phones on one code', () => {
  it('see each other’s hints and answers within a second, without reloading', async () => {
    const { code } = await buyCodeViaApi(e2e.server, game.id);
    let a: PhonePage | null = null;
    let b: PhonePage | null = null;
    try {
      a = await newPhonePage(e2e.browser, { baseURL: e2e.server.url, language: 'en' });
      b = await newPhonePage(e2e.browser, { baseURL: e2e.server.url, language: 'en' });
      const [pageA, pageB] = [a.page, b.page];
      // The updates come over the play's socket (Socket.IO on a WebSocket), not by polling.
      const sockets: string[] = [];
      pageB.on('websocket', (socket) => sockets.push(new URL(socket.url()).pathname));
      for (const page of [pageA, pageB]) {
        await openPage(page, `/game/${game.id}`);
        await enterCode(page, t, code);
        await questionView(page, 0).waitFor();
      }
      // The second phone joined the same play: one start time for both.
      const started = (await fetchProgress(e2e.server, game.id, code)).startTime;
      expect(started).not.toBeNull();
      await markWindow(pageB);
      await markWindow(pageA);
      const navigations: string[] = [];
      pageB.on('framenavigated', (frame) => {
        if (frame === pageB.mainFrame()) navigations.push(frame.url());
      });

      // A opens the first hint: B shows it open.
      const hint = game.content.questions[0].hints[0];
      await openHint(pageA, 1, hint.title?.trim() || fill(t.player.hints.untitled, { n: '1' }));
      let since = Date.now();
      const hintDelay = await shownWithin(() => pageB.locator('[data-testid="hint-1"][data-open="true"]').waitFor({ timeout: LIVE_MS }), since);
      await pageB.getByTestId('hint-1').getByText(hint.content.replace(/<[^>]+>/g, '')).waitFor();
      expect(await pageB.locator('[data-testid="hint-2"][data-open="false"]').count()).toBe(1);

      // A answers: B's question turns ANSWERED (its box read-only, the text after the answer shown).
      const answered = nextProgressReply(pageA, 'set-question-status', 'ANSWERED');
      await pageA.getByTestId('answer-input').fill(writtenAnswers(game, 0)[0]);
      await pageA.getByTestId('answer-input').press('Enter');
      expect((await answered).status()).toBe(200);
      since = Date.now();
      const answerDelay = await shownWithin(
        () => questionView(pageB, 0).and(pageB.locator('[data-status="ANSWERED"]')).waitFor({ timeout: LIVE_MS }),
        since,
      );
      await pageB.getByTestId('after-answer').waitFor();
      expect(await pageB.getByTestId('answer-input').getAttribute('readonly')).not.toBeNull();
      await saveScreenshot(pageB, 'player-live-other-phone-answered');
      await expectNoSeriousA11yViolations(pageB);

      // A continues: B moves on to question 2.
      const done = nextProgressReply(pageA, 'set-question-status', 'DONE');
      await pageA.getByTestId('question-continue').click();
      expect((await done).status()).toBe(200);
      since = Date.now();
      const advanceDelay = await shownWithin(() => questionView(pageB, 1).waitFor({ timeout: LIVE_MS }), since);

      // And the other way round: B opens a hint of question 2, A shows it.
      const hint2 = game.content.questions[1].hints[0];
      await openHint(pageB, 1, hint2.title?.trim() || fill(t.player.hints.untitled, { n: '1' }));
      since = Date.now();
      const backDelay = await shownWithin(() => pageA.locator('[data-testid="hint-1"][data-open="true"]').waitFor({ timeout: LIVE_MS }), since);
      await expectNoSeriousA11yViolations(pageA);

      const delays = { hintDelay, answerDelay, advanceDelay, backDelay };
      console.info(`shown on the other phone after the acting phone's reply (ms): ${JSON.stringify(delays)}`);
      for (const delay of Object.values(delays)) expect(delay).toBeLessThanOrEqual(LIVE_MS + 100);
      expect(sockets).toContain('/socket.io/');
      expect(navigations, 'B was never reloaded or sent elsewhere').toEqual([]);
      expect(await stillSameWindow(pageB)).toBe(true);
      expect(await stillSameWindow(pageA)).toBe(true);

      // Both phones and the server agree.
      const progress = await fetchProgress(e2e.server, game.id, code);
      expect(progress.startTime).toBe(started);
      expect(progress.questions[0]).toMatchObject({ status: 'DONE', hints: [{ isOpen: true }, { isOpen: false }] });
      expect(progress.questions[1].hints[0].isOpen).toBe(true);
      a.expectNoErrors();
      b.expectNoErrors();
    } finally {
      await a?.close();
      await b?.close();
    }
  });
});
