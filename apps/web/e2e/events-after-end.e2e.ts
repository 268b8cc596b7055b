import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { ControlRoom, EditableGame, EventSummary, Language as GameLanguage } from '@streethunt/shared';
import { openPage } from './support/app.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { newPhonePage, type PhonePage } from './support/browser.ts';
import { englishGame } from './support/demo-games.ts';
import { startE2e } from './support/fixture.ts';
import { expectFitsScreen } from './support/phone-layout.ts';
import { enterCode, nextProgressReply, postGameProgress, questionView, stubMapTiles } from './support/player.ts';
import { saveScreenshot } from './support/screenshots.ts';
import { DEMO_ADMIN, DEMO_CREATOR, editableCopy, loginViaApi, ownerGame, studioApi } from './support/studio.ts';
import { texts } from './support/texts.ts';

// An event's details as a team meets them, on a phone (Hebrew at 360x800, English at 390x844): a name
// that only looks different from another team's is taken; the organiser's message stays in view while
// the phone is scrolled down to the answer field; the text after an answer comes from the server once
// the answer is right; and after the end, a new phone entering the other team's code sees the end and
// the final ranking (it was told 'wrong code'). The other team and the organiser act through the API.

const e2e = startE2e();

const words = {
  he: {
    street: 'באיזו שדרה אתם?',
    answer: 'רוטשילד',
    after: 'נכון! השדרה נסללה ב-1910.',
    last: 'מה שם הכיכר?',
    teams: ['הנמרים', 'כיתה ד׳'],
    lookalike: "כיתה  ד'",
    message: 'נפגשים ליד המזרקה בעוד 10 דקות',
  },
  en: {
    street: 'Which boulevard are you on?',
    answer: 'Rothschild',
    after: 'Right! The boulevard was laid out in 1910.',
    last: 'What is the square called?',
    teams: ['Tigers', 'Red Team'],
    // Two spaces and a Cyrillic е: it looks like the other team's name.
    lookalike: 'R\u0435d  Team',
    message: 'Meet at the fountain in 10 minutes',
  },
};

/** A long story before the first answer: the answer field is well below the first screen. */
const story = (language: GameLanguage) =>
  Array.from({ length: 8 }, (_, i) => `<p>${language === 'he' ? `פסקה ${i + 1} של הסיפור על השדרה, העצים, הבתים והאנשים שגרו בהם לפני מאה שנה.` : `Part ${i + 1} of the story of the boulevard, its trees, its houses and the people who lived in them a century ago.`}</p>`).join('');

/** The admin saves the demo game as two text questions, the first with a long text and a text after its answer. */
async function rewriteGame(gameId: string, language: GameLanguage): Promise<void> {
  const admin = await loginViaApi(e2e.server, DEMO_ADMIN);
  const stored = await ownerGame(e2e.server, admin, gameId);
  const copy = editableCopy(stored);
  const w = words[language];
  const questions: EditableGame['questions'] = [
    { id: 'end-street', content: `${story(language)}<p>${w.street}</p>`, location: null, hints: [], answer: { kind: 'text', value: 'Rothschild, רוטשילד', content: '', contentAfterAnswer: `<p>${w.after}</p>` } },
    { id: 'end-square', content: `<p>${w.last}</p>`, location: null, hints: [], answer: { kind: 'text', value: 'Dizengoff, דיזנגוף', content: '', contentAfterAnswer: '' } },
  ];
  await studioApi(e2e.server, admin, `/api/games/${gameId}`, { ...copy, metadata: { ...copy.metadata, language, map: false }, questions, version: stored.version });
}

/** Whether the element's box is wholly inside the page's viewport. */
async function inView(page: Page, testId: string): Promise<boolean> {
  const box = await page.getByTestId(testId).boundingBox();
  const size = page.viewportSize();
  return Boolean(box && size && box.y >= 0 && box.y + box.height <= size.height);
}

/** A screenshot to look at, at the phone's size and at the other phone size (then back). */
async function shootBoth(page: Page, name: string, language: GameLanguage): Promise<void> {
  const own = page.viewportSize()!;
  const other = own.width === 360 ? { width: 390, height: 844 } : { width: 360, height: 800 };
  await saveScreenshot(page, `${name}-${language}-${own.width}x${own.height}`);
  await page.setViewportSize(other);
  await saveScreenshot(page, `${name}-${language}-${other.width}x${other.height}`);
  await page.setViewportSize(own);
}

const runs = [
  { language: 'he' as const, width: 360, height: 800 },
  { language: 'en' as const, width: 390, height: 844 },
];

describe.each(runs)('an event’s details on a team’s phone ($language at $width px)', ({ language, width, height }) => {
  it('refuses a lookalike name, keeps the message in view, reads the text after the answer, and shows a new phone the final ranking', { timeout: 240_000 }, async () => {
    const game = await englishGame();
    await rewriteGame(game.id, language);
    const t = texts[language];
    const w = words[language];
    const session = await loginViaApi(e2e.server, DEMO_CREATOR);
    const now = Date.now();
    const made = await studioApi<{ data: EventSummary }>(e2e.server, session, '/api/events', {
      gameId: game.id,
      name: `${language === 'he' ? 'יום סיום' : 'Closing day'} ${now % 100000}`,
      startsAt: new Date(now - 60_000).toISOString(),
      endsAt: new Date(now + 3_600_000).toISOString(),
      teamCount: 2,
      showLeaderboard: true,
    });
    expect(made.data.gameName).not.toBe('');
    const eventId = made.data.id;
    const [mine, other] = (await studioApi<{ data: ControlRoom }>(e2e.server, session, `/api/events/${eventId}`)).data.teams;
    const opened: PhonePage[] = [];
    try {
      // The other team names itself first (through the API).
      await studioApi(e2e.server, null, '/api/event-team/name', { gameId: game.id, secretCode: other.code, name: w.teams[1] });

      const phone = await newPhonePage(e2e.browser, { baseURL: e2e.server.url, language, viewport: { width, height } });
      opened.push(phone);
      await stubMapTiles(phone.context);
      const page = phone.page;
      await openPage(page, `/game/${game.id}`);
      await enterCode(page, t, mine.code);

      // A name that only looks different is the other team's: the phone says it is taken.
      const naming = page.getByTestId('team-naming');
      await naming.waitFor({ timeout: 10_000 });
      await page.getByTestId('team-name-input').fill(w.lookalike);
      await naming.getByRole('button', { name: t.player.event.name.save }).click();
      await naming.getByText(t.player.event.name.taken).waitFor();
      await shootBoth(page, 'event-name-taken', language);
      await expectFitsScreen(page, 'a lookalike team name refused');
      await page.getByTestId('team-name-input').fill(w.teams[0]);
      await naming.getByRole('button', { name: t.player.event.name.save }).click();
      await naming.waitFor({ state: 'detached' });
      const question = questionView(page, 0);
      await question.waitFor();

      // The text after the answer is not on the phone before the answer.
      expect(await page.getByText(w.after).count()).toBe(0);

      // Scrolled down to the answer field, the organiser's message arrives: it shows where the team is.
      await page.getByTestId('answer-input').scrollIntoViewIfNeeded();
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
      await studioApi(e2e.server, session, `/api/events/${eventId}/messages`, { text: w.message });
      await page.getByTestId('event-message').getByText(w.message).waitFor({ timeout: 10_000 });
      await expect.poll(() => inView(page, 'event-message'), { timeout: 5_000 }).toBe(true);
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
      await shootBoth(page, 'event-message-scrolled', language);
      await expectFitsScreen(page, 'the message over a scrolled question');
      await expectNoSeriousA11yViolations(page);
      await page.getByTestId('event-message').getByRole('button', { name: t.player.event.message.dismiss }).click();
      await page.getByTestId('event-message').waitFor({ state: 'detached' });

      // The right answer: the server sends the text after it.
      const answered = nextProgressReply(page, 'set-question-status', 'ANSWERED');
      await page.getByTestId('answer-input').fill(w.answer);
      await page.getByTestId('answer-input').press('Enter');
      expect((await answered).status()).toBe(200);
      await page.getByTestId('after-answer').getByText(w.after).waitFor({ timeout: 10_000 });
      await shootBoth(page, 'event-after-answer', language);

      // The other team plays a little (through the API), then the organiser ends the event.
      expect((await postGameProgress(e2e.server, { action: 'set-start-time', gameId: game.id, secretCode: other.code })).status).toBe(200);
      const otherAnswer = { action: 'set-question-status' as const, gameId: game.id, secretCode: other.code, questionIndex: 0, questionStatus: 'ANSWERED' as const, answer: w.answer };
      expect((await postGameProgress(e2e.server, otherAnswer)).status).toBe(200);
      await studioApi(e2e.server, session, `/api/events/${eventId}/end`, {});
      await page.getByTestId('event-ranking').waitFor({ timeout: 10_000 });

      // A new phone of the other team, after the end: its code is right, and it sees the final ranking.
      const late = await newPhonePage(e2e.browser, { baseURL: e2e.server.url, language, viewport: { width, height } });
      opened.push(late);
      await stubMapTiles(late.context);
      await openPage(late.page, `/game/${game.id}`);
      await late.page.getByTestId('intro-page').getByRole('button', { name: t.player.intro.letsPlay, exact: true }).click();
      await late.page.getByTestId('code-input').fill(other.code);
      const refused = nextProgressReply(late.page, 'set-start-time');
      await late.page.getByTestId('code-entry').getByRole('button', { name: t.player.payment.sendCode, exact: true }).click();
      expect((await refused).status()).toBe(409);
      const ended = late.page.getByTestId('event-ended');
      await ended.waitFor({ timeout: 10_000 });
      await ended.getByRole('heading', { name: t.player.event.ended.title }).waitFor();
      const ranking = ended.getByTestId('event-ranking');
      await ranking.getByRole('heading', { name: t.player.event.ranking.final }).waitFor();
      await ranking.getByTestId('event-own-rank').getByText(w.teams[1], { exact: false }).waitFor();
      expect(await late.page.getByTestId('code-result').count()).toBe(0);
      await shootBoth(late.page, 'event-new-phone-after-end', language);
      await expectFitsScreen(late.page, 'a new phone after the end');
      await expectNoSeriousA11yViolations(late.page);
      for (const each of opened) each.expectNoErrors({ allowConsole: [/tile\.openstreetmap\.org|net::ERR_|409/] });
    } finally {
      await Promise.allSettled(opened.map((each) => each.close()));
    }
  });
});
