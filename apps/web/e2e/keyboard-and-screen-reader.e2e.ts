import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { areaCenter, distanceToArea, type ControlRoom, type EditableGame, type EventSummary } from '@streethunt/shared';
import { openGameIntro } from './support/app.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { newPhonePage, type Language, type PhonePage } from './support/browser.ts';
import { freeGame, mapGame, writtenAnswers } from './support/demo-games.ts';
import { startE2e } from './support/fixture.ts';
import { stubMapTiles } from './support/player.ts';
import { expectFitsScreen } from './support/phone-layout.ts';
import { saveAriaSnapshot, saveScreenshot } from './support/screenshots.ts';
import { expectFocusOnHeading, focused, tabTo, watchFocus } from './support/keyboard.ts';
import { DEMO_ADMIN, DEMO_CREATOR, editableCopy, loginViaApi, ownerGame, studioApi } from './support/studio.ts';
import { fill, liveTexts, texts, type Texts } from './support/texts.ts';

// A whole game with the keyboard alone, read as a screen reader reads it (Playwright's accessibility
// snapshot): the free demo game from the intro through every question (a hint, a wrong answer, a skip)
// to game over and the feedback, in Hebrew at 360 px and English at 390 px. Each new screen takes
// focus to its heading; Tab follows the reading direction; dialogs keep focus inside and give it back.
// Then the map in words: an event team's list of open stops beside the map, with distance and
// direction, the organiser's message and the arrival each announced once through the live regions.

const e2e = startE2e();

const runs = [
  { language: 'he' as const, width: 360, height: 800 },
  { language: 'en' as const, width: 390, height: 844 },
];

/** The free game as played in English: the demo game rewritten in English by the admin (the Hebrew run plays it as seeded). */
const englishQuestions: EditableGame['questions'] = [
  {
    id: 'kb-square',
    content: '<p>Six streets meet at the market’s entrance, at a square named after a six-pointed symbol. <strong>What is the square called?</strong></p>',
    location: null,
    hints: [{ id: 'kb-square-hint', content: '<p>Count the streets, then think of a symbol with as many points.</p>' }],
    answer: { kind: 'text', value: 'Magen David, Star of David', content: '', contentAfterAnswer: '<p>Right! The market starts here.</p>' },
  },
  {
    id: 'kb-fair',
    content: '<p>Artists sell their own work on Nahalat Binyamin twice a week. <strong>Name one of the days.</strong></p>',
    location: null,
    hints: [{ id: 'kb-fair-hint', content: '<p>One of the days is the eve of Shabbat.</p>' }],
    answer: { kind: 'text', value: 'Tuesday, Friday', content: '', contentAfterAnswer: '<p>Right!</p>' },
  },
  {
    id: 'kb-founders',
    content: '<p>West of the market lies a quarter of narrow lanes. <strong>Where did its founders come from?</strong></p>',
    location: null,
    hints: [],
    answer: { kind: 'text', value: 'Yemen', content: '', contentAfterAnswer: '<p>Right!</p>' },
  },
];

async function rewriteInEnglish(gameId: string): Promise<{ name: string; answers: string[] }> {
  const admin = await loginViaApi(e2e.server, DEMO_ADMIN);
  const stored = await ownerGame(e2e.server, admin, gameId);
  const copy = editableCopy(stored);
  const name = 'A taste of the market';
  await studioApi(e2e.server, admin, `/api/games/${gameId}`, {
    ...copy,
    metadata: { ...copy.metadata, name, language: 'en' },
    questions: englishQuestions,
    version: stored.version,
  });
  return { name, answers: ['Magen David', 'Tuesday', 'Yemen'] };
}


/**
 * The order Tab visits the question screen's controls follows the reading direction: of two
 * controls one after the other on the same line, the second is to the left in Hebrew and to the
 * right in English.
 */
async function expectTabFollowsReading(page: Page, language: Language, presses: number): Promise<number> {
  const seen: Array<NonNullable<Awaited<ReturnType<typeof focused>>['box']>> = [];
  const screen = page.viewportSize()!.width;
  for (let i = 0; i < presses; i++) {
    await page.keyboard.press('Tab');
    const box = (await focused(page)).box;
    // Only what shows on the screen has a place in the reading order (the skip links wait off-screen until focused).
    if (box && box.x >= 0 && box.x + box.width <= screen + 1) seen.push(box);
  }
  let sameLine = 0;
  for (let i = 1; i < seen.length; i++) {
    const [before, after] = [seen[i - 1]!, seen[i]!];
    if (Math.abs(before.y - after.y) > 4 || before.width === 0 || after.width === 0) continue;
    sameLine++;
    if (language === 'he') expect(after.x + after.width).toBeLessThanOrEqual(before.x + 1);
    else expect(after.x).toBeGreaterThanOrEqual(before.x + before.width - 1);
  }
  return sameLine;
}

/** The text twice its size (a phone's largest font setting): the screen still fits the phone. */
async function expectFitsAtDoubleText(page: Page, where: string): Promise<void> {
  const style = await page.addStyleTag({ content: 'html { font-size: 200% !important; }' });
  await saveScreenshot(page, `${where}-200`);
  await expectFitsScreen(page, `${where} at 200% text`);
  await style.evaluate((element) => (element as Element).remove());
}

/** With reduced motion asked for, nothing on the page moves: every animation and transition lasts no time. */
async function expectNothingMoves(page: Page): Promise<void> {
  const moving = await page.evaluate(() => {
    const seconds = (list: string) => Math.max(...list.split(',').map((value) => (value.trim().endsWith('ms') ? parseFloat(value) / 1000 : parseFloat(value))));
    return Array.from(document.querySelectorAll<HTMLElement>('body *'))
      .filter((element) => {
        const style = getComputedStyle(element);
        return seconds(style.animationDuration) > 0.001 || seconds(style.transitionDuration) > 0.001;
      })
      .map((element) => `${element.tagName.toLowerCase()}.${String(element.className).split(' ')[0]}`)
      .slice(0, 5);
  });
  expect(moving).toEqual([]);
}

/** The accessibility snapshot of the page's main content, as a screen reader would read it. */
const readMain = (page: Page) => page.locator('main').ariaSnapshot();

/** Opens the hint by keyboard: the confirmation keeps focus inside, opens the hint and says so once. */
async function openHintByKeyboard(page: Page, t: Texts, hintLabel: string): Promise<void> {
  await tabTo(page, page.getByTestId('hint-1'));
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  await expect.poll(async () => (await focused(page)).inDialog).toBe(true);
  // The dialog opens without a fade: the player asked for less motion.
  await expectNothingMoves(page);
  // Focus is trapped: many Tabs never leave the dialog.
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press('Tab');
    expect((await focused(page)).inDialog).toBe(true);
  }
  await tabTo(page, dialog.getByRole('button', { name: t.player.hints.confirmYes, exact: true }), 8);
  await page.keyboard.press('Enter');
  await dialog.waitFor({ state: 'detached' });
  await page.locator('[data-testid="hint-1"][data-open="true"]').waitFor();
  // Focus goes to the hint opened in its button's place.
  await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-open'))).toBe('true');
  await expect.poll(() => page.getByTestId('announce-polite').textContent()).toBe(fill(t.player.hints.opened, { label: hintLabel }));
}

/** Types an answer in the answer field by keyboard and sends it with Enter. */
async function typeAnswer(page: Page, text: string): Promise<void> {
  const input = page.getByTestId('answer-input');
  if (!(await input.evaluate((element) => element === document.activeElement))) await tabTo(page, input);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
}

async function continueByKeyboard(page: Page): Promise<void> {
  await tabTo(page, page.getByTestId('question-continue'));
  await page.keyboard.press('Enter');
}

describe.each(runs)('a whole game by keyboard and screen reader ($language at $width px)', ({ language, width, height }) => {
  it('plays the free game from the intro to the feedback with the keyboard alone, each screen read from its heading', { timeout: 180_000 }, async () => {
    const game = await freeGame();
    const t = texts[language];
    const played = language === 'he' ? { name: game.content.metadata.name, answers: [0, 1, 2].map((i) => writtenAnswers(game, i)[0]!) } : await rewriteInEnglish(game.id);
    const hintLabel = fill(t.player.hints.untitled, { n: '1' });
    const phone: PhonePage = await newPhonePage(e2e.browser, { baseURL: e2e.server.url, language, viewport: { width, height } });
    try {
      const { page } = phone;
      await watchFocus(page);
      // This player asked the phone for less motion.
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await openGameIntro(page, { id: game.id, name: played.name });
      const intro = await readMain(page);
      expect(intro).toContain(`heading "${played.name}" [level=1]`);
      expect(intro).toContain(`button "${t.player.intro.letsPlay}"`);

      // The intro: Tab reaches the free start; Enter starts, and focus goes to the first question's heading.
      await tabTo(page, page.getByTestId('free-start'));
      await page.keyboard.press('Enter');
      const first = fill(t.player.question.title, { n: '1' });
      await expectFocusOnHeading(page, first);
      const question = await saveAriaSnapshot(page, `keyboard-question-${language}-${width}`);
      expect(question).toContain(`heading "${first}" [level=1]`);
      expect(question).toContain(`form "${t.player.answer.form}"`);
      expect(question).toContain(`textbox "${t.player.answer.label}"`);
      expect(question).toContain(`button "${t.player.skip.button}"`);
      // The running timer is a timer, which screen readers do not read out as it changes.
      expect(await page.getByTestId('timer').getAttribute('role')).toBe('timer');
      expect(await page.getByTestId('timer').getAttribute('aria-live')).toBeNull();
      await saveScreenshot(page, `keyboard-question-${language}-${width}`);
      await expectNoSeriousA11yViolations(page);
      await expectFitsAtDoubleText(page, `keyboard-question-${language}-${width}`);
      await expectNothingMoves(page);
      expect(await expectTabFollowsReading(page, language, 12)).toBeGreaterThan(0);

      // Question 1: a hint by keyboard, then a wrong answer (said), then the right one.
      await openHintByKeyboard(page, t, hintLabel);
      await typeAnswer(page, 'no such answer');
      await expect.poll(() => page.getByTestId('answer-announcement').textContent()).toContain(t.player.answer.wrong);
      await typeAnswer(page, played.answers[0]!);
      await page.locator('[data-testid="answer-result"][data-result="right"]').waitFor();
      await continueByKeyboard(page);

      // Question 2: focus on its heading, answered right.
      const second = fill(t.player.question.title, { n: '2' });
      await expectFocusOnHeading(page, second);
      await typeAnswer(page, played.answers[1]!);
      await page.locator('[data-testid="answer-result"][data-result="right"]').waitFor();
      await continueByKeyboard(page);

      // Question 3: skipped through its confirmation, which gives focus back to the page.
      await expectFocusOnHeading(page, fill(t.player.question.title, { n: '3' }));
      await tabTo(page, page.getByRole('button', { name: t.player.skip.button, exact: true }));
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      await tabTo(page, dialog.getByRole('button', { name: t.player.skip.confirmYes, exact: true }), 8);
      await page.keyboard.press('Enter');
      await dialog.waitFor({ state: 'detached' });
      await page.getByTestId('solution').waitFor();
      // Focus goes to the answer shown in the skip button's place, not to the page.
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('solution');
      await continueByKeyboard(page);

      // Game over: focus on its heading; the feedback rated with the arrow keys and sent by keyboard.
      const over = page.getByTestId('game-over');
      await over.waitFor({ timeout: 10_000 });
      const overHeading = (await over.getByRole('heading', { level: 1 }).textContent())?.trim() ?? '';
      await expectFocusOnHeading(page, overHeading);
      const end = await readMain(page);
      expect(end).toContain(`heading "${overHeading}" [level=1]`);
      expect(end).toContain(`heading "${t.feedback.title}" [level=2]`);
      expect(end).toContain(`radiogroup "${t.feedback.general}"`);
      for (let step = 0; step < 3; step++) {
        await tabTo(page, page.getByTestId('feedback-widget').getByRole('radiogroup'));
        // The first star has focus; the arrow keys move along the stars and choose.
        await page.keyboard.press('Space');
        await page.keyboard.press(language === 'he' ? 'ArrowLeft' : 'ArrowRight');
        await tabTo(page, page.getByTestId('feedback-widget').getByRole('button', { name: t.feedback.continue, exact: true }), 6);
        await page.keyboard.press('Enter');
      }
      await tabTo(page, page.getByTestId('feedback-widget').getByRole('textbox'));
      await page.keyboard.type(language === 'he' ? 'תודה!' : 'Thanks!');
      await tabTo(page, page.getByRole('button', { name: t.feedback.send, exact: true }), 8);
      await page.keyboard.press('Enter');
      await page.getByTestId('feedback-thanks').waitFor({ timeout: 10_000 });
      await expectFitsAtDoubleText(page, `keyboard-game-over-${language}-${width}`);
      await saveScreenshot(page, `keyboard-feedback-sent-${language}-${width}`);
      phone.expectNoErrors();
    } finally {
      await phone.close();
    }
  });

  it('reads the map in words beside it, and says an organiser’s message and the arrival once', { timeout: 180_000 }, async () => {
    const game = await mapGame();
    const t = texts[language];
    const l = liveTexts[language];
    const creator = await loginViaApi(e2e.server, DEMO_CREATOR);
    if (language === 'en') {
      // The same game with its interface in English (its texts stay as written).
      const admin = await loginViaApi(e2e.server, DEMO_ADMIN);
      const stored = await ownerGame(e2e.server, admin, game.id);
      const copy = editableCopy(stored);
      await studioApi(e2e.server, admin, `/api/games/${game.id}`, { ...copy, metadata: { ...copy.metadata, language: 'en' }, version: stored.version });
    }
    const now = Date.now();
    const made = await studioApi<{ data: EventSummary }>(e2e.server, creator, '/api/events', {
      gameId: game.id,
      name: `Map in words ${language} ${now % 100000}`,
      startsAt: new Date(now - 60_000).toISOString(),
      endsAt: new Date(now + 3_600_000).toISOString(),
      teamCount: 1,
    });
    const eventId = made.data.id;
    const [team] = (await studioApi<{ data: ControlRoom }>(e2e.server, creator, `/api/events/${eventId}`)).data.teams;
    const first = game.content.questions[0]!.location!;
    const center = areaCenter(first);
    // 300 m south of the first area: the list says how far and which way.
    const away = { latitude: center.lat - 300 / 111_195, longitude: center.lng };

    const phone = await newPhonePage(e2e.browser, { baseURL: e2e.server.url, language, viewport: { width, height } });
    try {
      const { page, context } = phone;
      await watchFocus(page);
      await stubMapTiles(context);
      await context.setGeolocation(away);
      await openGameIntro(page, { id: game.id, name: game.content.metadata.name });

      // The code by keyboard, then the team's name.
      await tabTo(page, page.getByTestId('intro-page').getByRole('button', { name: t.player.intro.letsPlay, exact: true }));
      await page.keyboard.press('Enter');
      await page.getByTestId('code-entry').waitFor();
      await tabTo(page, page.getByTestId('code-input'));
      await page.keyboard.type(team!.code);
      await page.keyboard.press('Enter');
      await page.locator('[data-testid="code-result"][data-result="right"]').waitFor({ timeout: 10_000 });
      await tabTo(page, page.getByTestId('code-continue'));
      await page.keyboard.press('Enter');
      await tabTo(page, page.getByTestId('team-name-input'));
      await page.keyboard.type(language === 'he' ? 'הינשופים' : 'Owls');
      await page.keyboard.press('Enter');
      await page.getByTestId('area-step').waitFor({ timeout: 10_000 });
      await expectFocusOnHeading(page, fill(t.player.area.title, { n: '1' }));

      // The map page from the header, by keyboard: its heading takes focus, the list of stops is beside the map.
      // The header is above the page: back from the heading with Shift+Tab.
      const toMap = page.locator('#root header').getByRole('button', { name: t.player.header.map, exact: true });
      await tabTo(page, toMap, 30, true);
      await page.keyboard.press('Enter');
      await expectFocusOnHeading(page, t.player.map.title);
      // A phone on foot sends fixes all the time; the emulated one only when told, so it tells the map's new watch once more.
      await context.setGeolocation(away);
      const list = page.getByTestId('stops-list');
      await list.getByTestId('stops-list-item').first().waitFor();
      const stop = fill(t.map.question, { number: '1' });
      const meters = String(Math.round(distanceToArea({ lat: away.latitude, lng: away.longitude }, first)));
      const where = fill(l.player.map.stops.where, { distance: fill(t.map.guide.meters, { value: meters }), direction: t.map.compass.N });
      // The list reads again once the position is known: then it says how far, and which way.
      await expect.poll(() => list.ariaSnapshot(), { timeout: 20_000 }).toContain(where);
      const words = await list.ariaSnapshot();
      expect(words).toContain(`listitem:\n      - paragraph: ${stop}\n      - paragraph: ${where}`);
      expect(words).toContain(`heading "${l.player.map.stops.title}" [level=2]`);
      expect(words).toContain(l.player.map.stops.next);
      await saveScreenshot(page, `keyboard-map-list-${language}-${width}`);
      await expectFitsAtDoubleText(page, `keyboard-map-list-${language}-${width}`);
      await expectNoSeriousA11yViolations(page, { exclude: ['.leaflet-container'] });

      // The organiser's message: said once, assertively, with its words.
      const said = language === 'he' ? 'נפגשים ליד המזרקה' : 'Meet at the fountain';
      await studioApi(e2e.server, creator, `/api/events/${eventId}/messages`, { text: said });
      const assertive = page.getByTestId('announce-assertive');
      await expect.poll(() => assertive.textContent(), { timeout: 15_000 }).toBe(`${t.player.event.message.title}: ${said}`);
      expect(await page.locator('body').ariaSnapshot()).toContain(`region "${t.player.event.message.title}"`);

      // Walking into the first area: the list says so, and the arrival is said once.
      await context.setGeolocation({ latitude: center.lat, longitude: center.lng, accuracy: 5 });
      await list.locator('[data-testid="stops-list-item"][data-arrived="true"]').waitFor({ timeout: 10_000 });
      await expect.poll(() => assertive.textContent()).toBe(fill(l.player.map.stops.arrivedNews, { n: '1' }));
      expect(await list.ariaSnapshot()).toContain(l.player.map.stops.here);
      await saveScreenshot(page, `keyboard-map-arrived-${language}-${width}`);
      phone.expectNoErrors({ allowConsole: [/tile\.openstreetmap\.org|Failed to load resource/] });
    } finally {
      await phone.close();
    }
  });
});
