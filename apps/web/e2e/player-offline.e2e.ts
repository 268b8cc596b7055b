import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { GameProgressRequest } from '@streethunt/shared';
import { openPage } from './support/app.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { newPhonePage } from './support/browser.ts';
import { englishGame, freeGame, writtenAnswers, type DemoGame } from './support/demo-games.ts';
import outboxTexts from '../src/i18n/player/outbox.en.json';
import outboxTextsHe from '../src/i18n/player/outbox.he.json';
import { oldStoresLeft, outboxLength, photosKept, seedOldStores } from './support/offline-store.ts';
import { buyCodeViaApi, enterCode, fetchProgress, postGameProgress, questionView, recordDeliveredProgressCalls } from './support/player.ts';
import { saveScreenshot } from './support/screenshots.ts';
import { startE2e } from './support/fixture.ts';
import { fill, texts } from './support/texts.ts';

// Offline play: the network drops mid-game; answers and opened hints are judged and
// shown on the phone, kept, and sent in order when the network returns; nothing is lost and the
// screen says it is offline.

const e2e = startE2e();
let game: DemoGame;
let free: DemoGame;

beforeAll(async () => {
  game = await englishGame();
  free = await freeGame();
});

/** The outbox line's words for `count` changes waiting (the English texts). */
const changesWaiting = (count: number) => fill(outboxTexts.waiting, { what: fill(count === 1 ? outboxTexts.changes_one : outboxTexts.changes_other, { count: String(count) }) });

const t = texts.en;

const describeCall = (c: GameProgressRequest) =>
  c.action === 'set-question-status'
    ? `${c.action} ${c.questionIndex} ${c.questionStatus}`
    : c.action === 'show-question-hint'
      ? `${c.action} ${c.questionIndex}/${c.hintIndex}`
      : c.action;

async function answerRight(page: Page, index: number) {
  await page.getByTestId('answer-input').fill(writtenAnswers(game, index)[0]);
  await page.getByTestId('answer-input').press('Enter');
  await page.locator('[data-testid="answer-result"][data-result="right"]').waitFor();
  expect(await page.getByTestId('answer-input').getAttribute('readonly')).not.toBeNull();
  await page.getByTestId('after-answer').getByTestId('question-continue').click();
  await questionView(page, index + 1).waitFor();
}

async function openFirstHint(page: Page, index: number) {
  const title = game.content.questions[index].hints[0].title?.trim() || fill(t.player.hints.untitled, { n: '1' });
  await page.getByTestId('hint-1').click();
  await page.getByRole('dialog', { name: title }).getByRole('button', { name: t.player.hints.confirmYes, exact: true }).click();
  await page.locator('[data-testid="hint-1"][data-open="true"]').waitFor();
}

/** The server cannot be reached, though the page itself still loads: every API call and the socket fail. */
async function cutOffApi(page: Page) {
  await page.route(
    (url) => url.pathname.startsWith('/api/') || url.pathname.startsWith('/socket.io'),
    (route) => route.abort('internetdisconnected'),
  );
}

async function restoreApi(page: Page) {
  await page.unrouteAll({ behavior: 'ignoreErrors' });
}

describe('offline play', () => {
  it('keeps answers and hints made offline and sends them in order when the network returns', async () => {
    const { code } = await buyCodeViaApi(e2e.server, game.id);
    const p = await newPhonePage(e2e.browser, { baseURL: e2e.server.url, language: 'en', viewport: { width: 360, height: 800 } });
    const { page, context } = p;
    const delivered = recordDeliveredProgressCalls(page);
    const outbox = page.getByTestId('outbox-status');
    const changesDelivered = (from: number) => delivered.slice(from).filter((c) => c.action !== 'get-game-progress').map(describeCall);
    try {
      await openPage(page, `/game/${game.id}`);
      await enterCode(page, t, code);
      await questionView(page, 0).waitFor();
      const banner = page.getByTestId('offline-banner');
      expect(await banner.count()).toBe(0);

      // The network drops: the banner says so. Question 1 is answered (judged on the phone) and
      // continued, and a hint of question 2 opened: the screen moves on, three changes wait.
      await context.setOffline(true);
      await banner.waitFor();
      let mark = delivered.length;
      await answerRight(page, 0);
      await openFirstHint(page, 1);
      await outbox.getByText(changesWaiting(3), { exact: true }).waitFor();
      expect((await banner.textContent()) ?? '').toContain(outboxTexts.offline);
      // The line is in the banner's status region, which screen readers announce.
      expect(await outbox.evaluate((line) => line.closest('[role="status"]') !== null)).toBe(true);
      await saveScreenshot(page, 'player-offline-outbox-en-360');
      await expectNoSeriousA11yViolations(page);
      expect(changesDelivered(mark), 'nothing reached the server while offline').toEqual([]);
      expect((await fetchProgress(e2e.server, game.id, code)).questions[0].status).toBeNull();

      // Back online: the three changes go out in order, the banner goes away, the screen stays put.
      await context.setOffline(false);
      await banner.waitFor({ state: 'detached', timeout: 15_000 });
      await outbox.waitFor({ state: 'detached', timeout: 15_000 });
      await expect.poll(() => changesDelivered(mark), { timeout: 10_000 }).toEqual([
        'set-question-status 0 ANSWERED',
        'set-question-status 0 DONE',
        'show-question-hint 1/0',
      ]);
      let progress = await fetchProgress(e2e.server, game.id, code);
      expect(progress.questions[0].status).toBe('DONE');
      expect(progress.questions[1].hints.map((h) => h.isOpen)).toEqual([true, false]);
      await questionView(page, 1).waitFor();
      await page.locator('[data-testid="hint-1"][data-open="true"]').waitFor();

      // Offline again, then a reload. Service workers are blocked here (support/browser.ts), so with the
      // whole network gone the browser cannot load the page at all (app-shell-offline.e2e.ts reloads
      // offline under the worker): that reload is skipped. What a reload must keep is the outbox in the phone's database, so the page is reloaded with
      // the server unreachable instead (the page's files load, every API call and the socket fail).
      await context.setOffline(true);
      await banner.waitFor();
      mark = delivered.length;
      await answerRight(page, 1);
      await openFirstHint(page, 2);
      await outbox.getByText(changesWaiting(3), { exact: true }).waitFor();
      await cutOffApi(page);
      await context.setOffline(false);
      await page.reload();
      // A reload opens the page it was on: the question, with the play as the phone keeps it.
      await questionView(page, 2).waitFor();
      await page.locator('[data-testid="hint-1"][data-open="true"]').waitFor();
      await outbox.getByText(changesWaiting(3), { exact: true }).waitFor();
      expect(changesDelivered(mark)).toEqual([]);
      await saveScreenshot(page, 'player-offline-after-reload');
      await expectNoSeriousA11yViolations(page);

      // The server is back: the kept changes go out in order, nothing lost.
      await restoreApi(page);
      await banner.waitFor({ state: 'detached', timeout: 15_000 });
      await expect.poll(() => changesDelivered(mark), { timeout: 10_000 }).toEqual([
        'set-question-status 1 ANSWERED',
        'set-question-status 1 DONE',
        'show-question-hint 2/0',
      ]);
      progress = await fetchProgress(e2e.server, game.id, code);
      expect(progress.questions.map((q) => q.status)).toEqual(['DONE', 'DONE', null, null]);
      expect(progress.questions.map((q) => q.hints.map((h) => h.isOpen))).toEqual([
        [false, false],
        [true, false],
        [true],
        [false, false],
      ]);
      await questionView(page, 2).waitFor();
      await expect.poll(() => outboxLength(page)).toBe(0);
      // The browser logs the requests that failed while offline; the page itself threw nothing.
      p.expectNoErrors({ allowConsole: [/ERR_INTERNET_DISCONNECTED/] });
    } finally {
      await p.close();
    }
  });

  it('moves what an older version kept into the one database on its first start, and sends the queued answer once', async () => {
    const { code } = await buyCodeViaApi(e2e.server, game.id);
    // The play as the older app left it: started, question 1 done on the server, question 2 answered
    // offline and queued (ANSWERED then DONE), and a photo in the old photo database.
    for (const body of [
      { action: 'set-start-time', gameId: game.id, secretCode: code },
      { action: 'set-question-status', gameId: game.id, secretCode: code, questionIndex: 0, questionStatus: 'ANSWERED', answer: writtenAnswers(game, 0)[0] },
      { action: 'set-question-status', gameId: game.id, secretCode: code, questionIndex: 0, questionStatus: 'DONE' },
    ] as GameProgressRequest[]) {
      expect((await postGameProgress(e2e.server, body)).status).toBe(200);
    }
    const kept = await fetchProgress(e2e.server, game.id, code);
    const queued = (questionStatus: string, at: string) => ({
      id: `old-${questionStatus}`,
      action: 'set-question-status',
      gameId: game.id,
      secretCode: code,
      questionIndex: 1,
      questionId: game.content.questions[1].id,
      questionStatus,
      ...(questionStatus === 'ANSWERED' && { answer: writtenAnswers(game, 1)[0] }),
      at,
      attempts: 0,
    });
    const p = await newPhonePage(e2e.browser, { baseURL: e2e.server.url, language: 'en' });
    const { page } = p;
    const delivered = recordDeliveredProgressCalls(page);
    const changesDelivered = () => delivered.filter((c) => c.action !== 'get-game-progress').map(describeCall);
    // The photo uploads: after how many changes were delivered, and whether the server refused them.
    const uploads: { after: number; refused: boolean }[] = [];
    page.on('requestfinished', (request) => {
      if (request.method() !== 'POST' || new URL(request.url()).pathname !== '/api/play-photos') return;
      const after = changesDelivered().length;
      void request.response().then((response) => uploads.push({ after, refused: (response?.status() ?? 0) >= 400 }));
    });
    try {
      await seedOldStores(page, {
        localStorage: {
          activeGame: { game_id: game.id, game_secret: code },
          [`player.progress.${game.id}`]: { v: 2, value: kept },
          'player.queue': [queued('ANSWERED', '2026-05-01T10:00:00.000Z'), queued('DONE', '2026-05-01T10:00:05.000Z')],
        },
        photos: [{ id: `${game.id} ${code} photo-q`, gameId: game.id, secretCode: code, questionId: 'photo-q', at: '2026-05-01T10:00:10.000Z' }],
      });

      await openPage(page, `/game/${game.id}`);
      // The kept play: the intro offers to continue it, at the question after the queued answer.
      await page.getByTestId('intro-page').getByRole('button', { name: t.player.intro.continue, exact: true }).click();
      await questionView(page, 2).waitFor();
      await expect.poll(() => changesDelivered(), { timeout: 15_000 }).toEqual(['set-question-status 1 ANSWERED', 'set-question-status 1 DONE']);
      expect((await fetchProgress(e2e.server, game.id, code)).questions.map((q) => q.status)).toEqual(['DONE', 'DONE', null, null]);
      await expect.poll(() => outboxLength(page)).toBe(0);
      // Moved, then removed from the old stores; the photo (taken after the changes) was sent by the
      // same sender after them, once, and left the outbox: the server refuses it (this game has no such
      // question).
      expect(await oldStoresLeft(page)).toEqual({ keys: [], photoDb: false });
      await expect.poll(() => uploads, { timeout: 15_000 }).toHaveLength(1);
      expect(uploads[0]).toMatchObject({ after: 2, refused: true });
      await expect.poll(() => photosKept(page)).toEqual([]);

      // A reload sends nothing again: each change reached the server once.
      await page.reload();
      await questionView(page, 2).waitFor();
      await expect.poll(() => delivered.filter((c) => c.action === 'get-game-progress').length).toBeGreaterThan(1);
      expect(changesDelivered()).toEqual(['set-question-status 1 ANSWERED', 'set-question-status 1 DONE']);
      expect(uploads).toHaveLength(1);
      // The favicon page the old stores were seeded from asked for /favicon.ico, which the app does not have.
      // The refused photo's reply is logged by the browser as a failed resource.
      p.expectNoErrors({ allowConsole: [/favicon\.ico/, /play-photos/] });
    } finally {
      await p.close();
    }
  });

  it('says in Hebrew what waits to be sent, on a 390 phone, and clears it once sent', async () => {
    const p = await newPhonePage(e2e.browser, { baseURL: e2e.server.url, language: 'he' });
    const { page, context } = p;
    const outbox = page.getByTestId('outbox-status');
    try {
      await openPage(page, `/game/${free.id}`);
      await page.getByTestId('intro-page').getByRole('button', { name: texts.he.player.intro.letsPlay, exact: true }).click();
      await questionView(page, 0).waitFor();
      await context.setOffline(true);
      await page.getByTestId('offline-banner').waitFor();
      await page.getByTestId('answer-input').fill(writtenAnswers(free, 0)[0]);
      await page.getByTestId('answer-input').press('Enter');
      await page.locator('[data-testid="answer-result"][data-result="right"]').waitFor();
      const waiting = fill(outboxTextsHe.waiting, { what: fill(outboxTextsHe.changes_one, { count: '1' }) });
      await outbox.getByText(waiting, { exact: true }).waitFor();
      expect((await page.getByTestId('offline-banner').textContent()) ?? '').toContain(outboxTextsHe.offline);
      await saveScreenshot(page, 'player-offline-outbox-he-390');
      await expectNoSeriousA11yViolations(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

      await context.setOffline(false);
      await outbox.waitFor({ state: 'detached', timeout: 15_000 });
      p.expectNoErrors({ allowConsole: [/ERR_INTERNET_DISCONNECTED/] });
    } finally {
      await p.close();
    }
  });
});
