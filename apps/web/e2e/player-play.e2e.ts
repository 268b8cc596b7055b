import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { areaCenter, computeScore, elapsedMinutes, type GameProgressRequest } from '@streethunt/shared';
import { htmlLangDir, openGameIntro } from './support/app.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { TEL_AVIV, newPhonePage, type PhonePage } from './support/browser.ts';
import { englishGame, mapGame, writtenAnswers, type DemoGame } from './support/demo-games.ts';
import {
  TILE_FAILURES,
  answer,
  answerRight,
  buyCodeViaApi,
  enterCode,
  fetchProgress,
  nextProgressReply,
  questionView,
  recordProgressCalls,
  stubMapTiles,
} from './support/player.ts';
import { saveScreenshot } from './support/screenshots.ts';
import { startE2e } from './support/fixture.ts';
import { fill, texts, type Texts } from './support/texts.ts';

// Playing on foot: the Hebrew map game from the intro to the feedback, with
// emulated geolocation at each area, one wrong answer, one hint, one skip and the rest right; the
// summary's score against the shared formula; and the English game without a map, far enough to
// show that the game's language switches the interface.

const e2e = startE2e();
let hebrew: DemoGame;
let english: DemoGame;

beforeAll(async () => {
  [hebrew, english] = await Promise.all([mapGame(), englishGame()]);
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The area step of question `index`: far away it shows distance and direction; at the area, arrival. Then continue. */
async function walkToArea(p: PhonePage, t: Texts, index: number, options: { screenshot?: string } = {}) {
  const { page, context } = p;
  const step = page.getByTestId('area-step');
  await step.getByRole('heading', { name: fill(t.player.area.title, { n: String(index + 1) }) }).waitFor();
  await context.setGeolocation(TEL_AVIV);
  await step.getByTestId('area-guide-heading').waitFor();
  await step.getByTestId('game-map').locator('.leaflet-tile-loaded').first().waitFor();
  if (options.screenshot) await saveScreenshot(page, options.screenshot);
  await expectNoSeriousA11yViolations(page);

  const location = hebrew.content.questions[index].location;
  if (!location) throw new Error(`question ${index + 1} of the map game has no area`);
  const { lat, lng } = areaCenter(location);
  await context.setGeolocation({ latitude: lat, longitude: lng, accuracy: 5 });
  await step.getByTestId('area-guide-arrived').getByText(t.map.guide.arrived).waitFor();
  expect(await step.getByTestId('area-guide').getAttribute('data-arrived')).toBe('true');
  if (options.screenshot) await saveScreenshot(page, `${options.screenshot}-arrived`);

  const started = nextProgressReply(page, 'set-question-status', 'STARTED');
  await step.getByTestId('area-continue').click();
  expect((await started).status()).toBe(200);
  await questionView(page, index).waitFor();
  expect(await questionView(page, index).getAttribute('data-status')).toBe('STARTED');
}

/** The test ids of the header items marked as the page shown. */
function currentHeaderItems(page: Page): Promise<string[]> {
  return page.locator('#root header [aria-current="page"]').evaluateAll((items) => items.map((item) => item.getAttribute('data-testid') ?? item.textContent ?? ''));
}

/**
 * The start S and marker 1 (a few metres apart in this game) do not cover each other, and the player's
 * dot, standing at question 1, is drawn above both.
 */
async function expectMarkersApartAndPlayerOnTop(page: Page) {
  const map = page.getByTestId('map-page').getByTestId('game-map');
  const start = await map.locator('.sh-map-marker--start').boundingBox();
  const one = await map.locator('.sh-map-marker').filter({ hasText: /^1$/ }).boundingBox();
  expect(start && one, 'both markers are drawn').toBeTruthy();
  const apart = start!.x + start!.width <= one!.x || one!.x + one!.width <= start!.x || start!.y + start!.height <= one!.y || one!.y + one!.height <= start!.y;
  expect(apart, `S ${JSON.stringify(start)} and 1 ${JSON.stringify(one)} do not overlap`).toBe(true);
  const dot = await map.locator('.leaflet-sh-position-pane path').boundingBox();
  expect(dot, "the player's dot is drawn").not.toBeNull();
  const onTop = await page.evaluate(
    ({ x, y }) => Boolean(document.elementFromPoint(x, y)?.closest('.leaflet-sh-position-pane')),
    { x: dot!.x + dot!.width / 2, y: dot!.y + dot!.height / 2 },
  );
  expect(onTop, "the player's dot is not hidden by a marker").toBe(true);
}

describe('playing the Hebrew map game to the end', () => {
  it('walks to each area, answers one wrong, opens a hint, skips one, ends with the right score, and leaves feedback', { timeout: 180_000 }, async () => {
    const t = texts.he;
    const { code, buyer } = await buyCodeViaApi(e2e.server, hebrew.id);
    const p = await newPhonePage(e2e.browser, { baseURL: e2e.server.url, language: 'he' });
    const { page, context } = p;
    await stubMapTiles(context);
    const calls = recordProgressCalls(page);
    try {
      // Intro, in Hebrew and right to left; the Map item is in the header (the game has a map).
      await openGameIntro(page, { id: hebrew.id, name: hebrew.content.metadata.name });
      expect(await htmlLangDir(page)).toEqual({ lang: 'he', dir: 'rtl' });
      for (const item of ['map', 'questions', 'intro']) await page.getByTestId(`header-${item}`).waitFor();
      expect(await currentHeaderItems(page), 'the header marks the page shown').toEqual(['header-intro']);
      await expectNoSeriousA11yViolations(page);

      // A wrong code: the red X, nothing started.
      await page.getByTestId('intro-page').getByRole('button', { name: t.player.intro.letsPlay, exact: true }).click();
      await page.getByTestId('code-entry').waitFor();
      // The code entry is none of Map, Questions, Intro: no header item is marked.
      expect(await currentHeaderItems(page), 'no header item during code entry').toEqual([]);
      // An empty code is not sent: the send button waits for something typed.
      const sendCode = page.getByTestId('code-entry').getByRole('button', { name: t.player.payment.sendCode, exact: true });
      expect(await sendCode.isDisabled(), 'send is disabled while the code is empty').toBe(true);
      await page.getByTestId('code-input').fill('   ');
      expect(await sendCode.isDisabled(), 'spaces are no code').toBe(true);
      await page.getByTestId('code-input').fill('WRONGCODE9');
      await sendCode.click();
      await page.locator('[data-testid="code-result"][data-result="wrong"]').waitFor();
      expect(await page.getByTestId('code-continue').count()).toBe(0);
      // ... and said in words to screen readers, the box marked invalid.
      const codeNews = page.getByTestId('code-announcement');
      expect(await codeNews.getAttribute('aria-live')).toBe('polite');
      expect((await codeNews.textContent())?.trim()).toBe(t.player.payment.codeWrong);
      expect(await page.getByTestId('code-input').getAttribute('aria-invalid')).toBe('true');
      await expectNoSeriousA11yViolations(page);
      await page.getByTestId('header-intro').click();

      // The bought code, typed with spaces around it, is accepted.
      await enterCode(page, t, `  ${code.toLowerCase()} `);

      // Question 1: walk there; the timer ticks every second.
      await walkToArea(p, t, 0, { screenshot: 'player-area-step-he' });
      const timer = page.getByTestId('timer');
      const before = await timer.textContent();
      await sleep(1_300);
      expect(await timer.textContent()).not.toBe(before);

      // A wrong answer: the red X and nothing sent.
      const sentBefore = calls.length;
      await answer(page, 'תשובה שגויה');
      await page.locator('[data-testid="answer-result"][data-result="wrong"]').waitFor();
      expect(await page.getByTestId('answer-result').getAttribute('aria-label')).toBe(t.player.answer.wrong);
      const answerNews = page.getByTestId('answer-announcement');
      expect(await answerNews.getAttribute('aria-live')).toBe('polite');
      expect((await answerNews.textContent())?.trim()).toBe(t.player.answer.wrong);
      expect(await page.getByTestId('answer-input').getAttribute('aria-invalid')).toBe('true');
      expect(await currentHeaderItems(page)).toEqual(['header-questions']);
      await sleep(300);
      expect(calls.slice(sentBefore), 'a wrong answer is judged on the phone and not sent').toEqual([]);
      expect(await questionView(page, 0).getAttribute('data-status')).toBe('STARTED');
      await saveScreenshot(page, 'player-question-he');
      await expectNoSeriousA11yViolations(page);

      // One hint: asked first, then open for good.
      const hintButton = page.getByTestId('hint-1');
      const hintTitle = hebrew.content.questions[0].hints[0].title ?? fill(t.player.hints.untitled, { n: '1' });
      expect(await hintButton.getAttribute('aria-label')).toBe(fill(t.player.hints.openLabel, { label: hintTitle }));
      await hintButton.click();
      const dialog = page.getByRole('dialog', { name: hintTitle });
      await dialog.getByText(t.player.hints.confirm).waitFor();
      await expectNoSeriousA11yViolations(page);
      const hinted = nextProgressReply(page, 'show-question-hint');
      await dialog.getByRole('button', { name: t.player.hints.confirmYes, exact: true }).click();
      expect((await hinted).status()).toBe(200);
      await page.locator('[data-testid="hint-1"][data-open="true"]').waitFor();
      const hintText = hebrew.content.questions[0].hints[0].content.replace(/<[^>]+>/g, '');
      await page.getByTestId('hint-1').getByText(hintText).waitFor();
      expect(await page.locator('[data-testid="hint-2"][data-open="false"]').count(), 'the other hint stays closed').toBe(1);

      // The right answer, typed loosely (case and spaces do not matter).
      expect(writtenAnswers(hebrew, 0)).toContain('Yaacov Agam');
      await answerRight(page, t, 0, '  yaacov   AGAM ');

      // The map page from the header, mid-game.
      await page.getByTestId('header-map').click();
      await page.getByTestId('map-page').getByTestId('game-map').locator('.leaflet-tile-loaded').first().waitFor();
      expect(await currentHeaderItems(page)).toEqual(['header-map']);
      await expectMarkersApartAndPlayerOnTop(page);
      await saveScreenshot(page, 'player-map-page-he');
      await expectNoSeriousA11yViolations(page);
      await page.getByTestId('header-questions').click();

      // Question 2: skip it; the server reveals the first accepted answer; continue sends SKIPPED.
      await walkToArea(p, t, 1);
      await page.getByRole('button', { name: t.player.skip.button, exact: true }).click();
      const skipDialog = page.getByRole('dialog', { name: t.player.skip.title });
      await skipDialog.getByText(t.player.skip.confirm).waitFor();
      // Every text the solution box shows on the way is recorded: online, it says the answer is on its
      // way (the reply is held back a moment here), never that it waits for the connection.
      await page.evaluate(() => {
        const seen: string[] = [];
        (window as unknown as { __solutionTexts: string[] }).__solutionTexts = seen;
        new MutationObserver(() => {
          const box = document.querySelector('[data-testid="solution"]');
          if (box?.textContent) seen.push(box.textContent);
        }).observe(document.body, { subtree: true, childList: true, characterData: true });
      });
      await page.route('**/api/game-progress', async (route) => {
        if (route.request().postData()?.includes('"SOLUTION"')) await new Promise((resolve) => setTimeout(resolve, 700));
        await route.continue();
      });
      const solution = nextProgressReply(page, 'set-question-status', 'SOLUTION');
      await skipDialog.getByRole('button', { name: t.player.skip.confirmYes, exact: true }).click();
      await page.getByTestId('solution-loading').getByText(t.player.question.solutionLoading).waitFor();
      expect((await solution).status()).toBe(200);
      const shown = page.getByTestId('solution');
      await shown.getByText(writtenAnswers(hebrew, 1)[0], { exact: true }).waitFor();
      await page.unroute('**/api/game-progress');
      const solutionTexts = await page.evaluate(() => (window as unknown as { __solutionTexts: string[] }).__solutionTexts);
      expect(solutionTexts.some((text) => text.includes(t.player.question.solutionLoading))).toBe(true);
      expect(solutionTexts.filter((text) => text.includes(t.player.question.solutionPending))).toEqual([]);
      expect(await page.getByTestId('answer-input').count(), 'no answer box after a skip').toBe(0);
      await expectNoSeriousA11yViolations(page);
      const skipped = nextProgressReply(page, 'set-question-status', 'SKIPPED');
      await shown.getByTestId('question-continue').click();
      expect((await skipped).status()).toBe(200);

      // Questions 3 to 5: walk there, answer right (a point area, then polygons).
      await walkToArea(p, t, 2);
      await answerRight(page, t, 2, '22');
      await walkToArea(p, t, 3);
      await answerRight(page, t, 3, 'שישים ושש');
      await walkToArea(p, t, 4);
      const ended = nextProgressReply(page, 'set-end-time');
      await answerRight(page, t, 4, '1948');

      // Game over: the end time is set once; the summary agrees with the server and the formula.
      const over = page.getByTestId('game-over');
      await over.getByRole('heading', { level: 1, name: t.player.gameOver.title }).waitFor();
      expect((await ended).status()).toBe(200);
      const progress = await fetchProgress(e2e.server, hebrew.id, code);
      expect(progress.endTime).not.toBeNull();
      expect(progress.questions.map((q) => q.status)).toEqual(['DONE', 'SKIPPED', 'DONE', 'DONE', 'DONE']);
      expect(progress.questions.map((q) => q.hints.map((h) => h.isOpen))).toEqual([[true, false], [false], [false, false], [false, false], [false, false]]);
      const score = computeScore(progress);
      expect(score).toBe(4 * 100 - 1 * 10 - elapsedMinutes(progress));
      expect(progress.score, 'the score the server stores').toBe(score);
      const summary = over.getByTestId('summary');
      const cell = async (key: string) => ((await summary.getByTestId(`summary-${key}`).textContent()) ?? '').trim();
      expect(await cell('answered')).toBe('4');
      expect(await cell('skipped')).toBe('1');
      expect(await cell('hints')).toBe('1');
      expect(await cell('score')).toBe(String(score));
      expect(await cell('time')).toMatch(/^\d+:\d{2}(:\d{2})?$/);
      await over.getByTestId('feedback-widget').waitFor();
      // The spec's order: the summary, the rating, the creator's closing words; the page ends with a way on.
      const order = await over.evaluate((root) =>
        [...root.querySelectorAll('[data-testid="rich-content"], [data-testid="feedback-widget"], [data-testid="game-over-next"]')].map((e) => e.getAttribute('data-testid')),
      );
      expect(order).toEqual(['feedback-widget', 'rich-content', 'game-over-next']);
      const next = over.getByTestId('game-over-next');
      expect(await next.getByRole('link', { name: t.player.gameOver.allGames, exact: true }).getAttribute('href')).toBe('/games');
      const creatorGames = next.getByRole('link', { name: t.player.gameOver.creatorGames, exact: true });
      expect(await creatorGames.getAttribute('href')).toMatch(/^\/games\?user=[0-9a-f]{24}$/);
      await saveScreenshot(page, 'player-game-over-he', { fullPage: true });
      await expectNoSeriousA11yViolations(page);
      // Coming back to the play does not end it again.
      expect(calls.filter((c) => c.action === 'set-end-time')).toHaveLength(1);

      // The buyer is invited by email to give feedback on the ended game.
      const invitation = await e2e.server.waitForMail((m) => m.to.includes(buyer.email) && m.text.includes(`/game-feedback/${hebrew.id}/`));
      expect(invitation.subject).not.toBe('');

      // Feedback: three star screens, continue disabled until a star is chosen, then the comment.
      const widget = over.getByTestId('feedback-widget');
      for (const [step, stars] of [
        ['general', 5],
        ['questions', 4],
        ['path', 3],
      ] as const) {
        await widget.getByRole('radiogroup', { name: t.feedback[step] }).waitFor();
        const next = widget.getByRole('button', { name: t.feedback.continue, exact: true });
        expect(await next.isDisabled(), `continue before a star (${step})`).toBe(true);
        await widget.getByRole('radio', { name: fill(t.feedback.star, { value: String(stars) }), exact: true }).check();
        expect(await next.isDisabled()).toBe(false);
        if (step === 'general') await expectNoSeriousA11yViolations(page);
        await next.click();
      }
      await widget.getByLabel(t.feedback.comment).fill('מסלול יפה, השאלות היו מעולות');
      await expectNoSeriousA11yViolations(page);
      const sent = page.waitForResponse((r) => new URL(r.url()).pathname === `/api/feedback/game/${hebrew.id}`);
      await widget.getByRole('button', { name: t.feedback.send, exact: true }).click();
      const sentReply = await sent;
      expect(sentReply.status()).toBe(200);
      expect(sentReply.request().postDataJSON()).toMatchObject({ general: 5, questions: 4, path: 3, openAnswer: 'מסלול יפה, השאלות היו מעולות', secretCode: code });
      await over.getByTestId('feedback-thanks').getByText(t.feedback.thanks).waitFor();
      await expectNoSeriousA11yViolations(page);

      // The way on: this creator's games.
      await creatorGames.click();
      await page.waitForURL((url) => url.pathname === '/games' && url.searchParams.has('user'));
      await page.getByTestId('game-card').filter({ hasText: hebrew.content.metadata.name }).waitFor();

      // Stored: a second feedback for this play is refused as given already.
      const again = await fetch(`${e2e.server.url}/api/feedback/game/${hebrew.id}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ general: 1, questions: 1, path: 1, openAnswer: '', secretCode: code }),
      });
      expect(again.status).toBe(409);
      expect(((await again.json()) as { message: string }).message).toMatch(/already/i);

      // What the page sent, in order: no ANSWERED for the wrong answer, each question's steps in order.
      const statusCalls = calls
        .filter((c): c is Extract<GameProgressRequest, { action: 'set-question-status' }> => c.action === 'set-question-status')
        .map((c) => `${c.questionIndex}:${c.questionStatus}`);
      expect(statusCalls).toEqual([
        '0:STARTED',
        '0:ANSWERED',
        '0:DONE',
        '1:STARTED',
        '1:SOLUTION',
        '1:SKIPPED',
        '2:STARTED',
        '2:ANSWERED',
        '2:DONE',
        '3:STARTED',
        '3:ANSWERED',
        '3:DONE',
        '4:STARTED',
        '4:ANSWERED',
        '4:DONE',
      ]);
      p.expectNoErrors({ allowConsole: [TILE_FAILURES, /status of 403/] });
    } finally {
      await p.close();
    }
  });
});

describe('the English game without a map', () => {
  it('switches a Hebrew visitor to English (ltr) and plays the first question', { timeout: 120_000 }, async () => {
    const t = texts.en;
    const { code } = await buyCodeViaApi(e2e.server, english.id);
    const p = await newPhonePage(e2e.browser, { baseURL: e2e.server.url, language: 'he' });
    const { page } = p;
    try {
      await openGameIntro(page, { id: english.id, name: english.content.metadata.name });
      await expect.poll(() => htmlLangDir(page)).toEqual({ lang: 'en', dir: 'ltr' });
      await page.getByTestId('header-questions').waitFor();
      expect(await page.getByTestId('header-map').count(), 'no Map item without a map').toBe(0);
      await saveScreenshot(page, 'player-intro-en');
      await expectNoSeriousA11yViolations(page);

      await enterCode(page, t, code);
      // No map: straight to the question, no area step.
      const question = questionView(page, 0);
      await question.getByRole('heading', { level: 1, name: fill(t.player.question.title, { n: '1' }) }).waitFor();
      expect(await page.getByTestId('area-step').count()).toBe(0);
      expect(await page.getByTestId('question-progress').textContent()).toBe(fill(t.player.questions.progress, { n: '1', total: String(english.content.questions.length) }));
      await saveScreenshot(page, 'player-question-en');
      await expectNoSeriousA11yViolations(page);

      await answerRight(page, t, 0, 'abdul hamid ii');
      await questionView(page, 1).waitFor();
      expect(await questionView(page, 1).getAttribute('data-status')).toBe('none');
      expect(await htmlLangDir(page)).toEqual({ lang: 'en', dir: 'ltr' });

      // The Map item is absent; the map page itself would say there is no map.
      const progress = await fetchProgress(e2e.server, english.id, code);
      expect(progress.questions.map((q) => q.status)).toEqual(['DONE', null, null, null]);
      await expectNoSeriousA11yViolations(page);
      p.expectNoErrors();
    } finally {
      await p.close();
    }
  });
});
