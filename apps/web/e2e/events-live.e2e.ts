import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { ControlRoom, EditableGame, EventSummary, Language as GameLanguage, PlayPhoto } from '@streethunt/shared';
import { openPage } from './support/app.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { newPhonePage, type PhonePage } from './support/browser.ts';
import { englishGame } from './support/demo-games.ts';
import { startE2e } from './support/fixture.ts';
import { expectFitsScreen } from './support/phone-layout.ts';
import { enterCode, postGameProgress, questionView, stubMapTiles } from './support/player.ts';
import { DEMO_ADMIN, DEMO_CREATOR, editableCopy, loginViaApi, noisePng, ownerGame, studioApi, type StoredSession } from './support/studio.ts';
import { fill, liveTexts, texts } from './support/texts.ts';

// The event as a team lives it, on one phone (Hebrew at 360x800, English at 390x844) with its own
// 5 minutes: the ranking on the phone moves when another team answers, with no organiser action; its
// photo, rejected while the team is on the next question, reaches it there, is taken again from the
// message and then accepted with points and a comment; and its timer counts down to its end and warns
// in the last minute. The other team plays through the API; the organiser judges through the API.

const e2e = startE2e();

const words = {
  he: { street: 'באיזו שדרה אתם?', answer: 'רוטשילד', photo: 'צלמו את הקבוצה ליד האולם.', last: 'מה שם הכיכר?', teams: ['הנמרים', 'השועלים'], bad: 'זה לא האולם', good: 'יפה מאוד!' },
  en: { street: 'Which boulevard are you on?', answer: 'Rothschild', photo: 'Take a photo of your team at the hall.', last: 'What is the square called?', teams: ['Tigers', 'Foxes'], bad: 'not at the hall', good: 'very nice!' },
};

/** The admin saves the demo game as: a text question, a photo question (judged later), another text question. */
async function rewriteGame(gameId: string, language: GameLanguage): Promise<void> {
  const admin = await loginViaApi(e2e.server, DEMO_ADMIN);
  const stored = await ownerGame(e2e.server, admin, gameId);
  const copy = editableCopy(stored);
  const w = words[language];
  const questions: EditableGame['questions'] = [
    { id: 'live-street', content: `<p>${w.street}</p>`, location: null, hints: [], answer: { kind: 'text', value: 'Rothschild, רוטשילד', content: '', contentAfterAnswer: '' } },
    { id: 'live-photo', content: `<p>${w.photo}</p>`, location: null, hints: [], answer: { kind: 'photo', judging: 'later', content: '', contentAfterAnswer: '' } },
    { id: 'live-square', content: `<p>${w.last}</p>`, location: null, hints: [], answer: { kind: 'text', value: 'Dizengoff, דיזנגוף', content: '', contentAfterAnswer: '' } },
  ];
  await studioApi(e2e.server, admin, `/api/games/${gameId}`, { ...copy, metadata: { ...copy.metadata, language, map: false }, questions, version: stored.version });
}

/** A screenshot to look at (not compared), at the phone's size. */
async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `/tmp/event-live-${name}.png`, animations: 'disabled' });
}

async function judge(session: StoredSession, eventId: string, verdict: { status: 'accepted' | 'rejected'; points?: number; comment: string }): Promise<void> {
  const photos = await studioApi<{ data: PlayPhoto[] }>(e2e.server, session, `/api/events/${eventId}/photos`);
  const pending = photos.data.find((photo) => photo.status === 'pending');
  expect(pending).toBeDefined();
  await studioApi(e2e.server, session, `/api/play-photos/${pending!.id}/judge`, verdict);
}

const runs = [
  { language: 'he' as const, width: 360, height: 800 },
  { language: 'en' as const, width: 390, height: 844 },
];

describe.each(runs)('a live event on a team’s phone ($language at $width px)', ({ language, width, height }) => {
  it('follows the ranking, gets its photo’s verdicts on another question, takes the photo again, and counts down its own time', { timeout: 240_000 }, async () => {
    const game = await englishGame();
    await rewriteGame(game.id, language);
    const t = texts[language];
    const l = liveTexts[language];
    const w = words[language];
    const size = `${language}-${width}x${height}`;
    const session = await loginViaApi(e2e.server, DEMO_CREATOR);
    const now = Date.now();
    const made = await studioApi<{ data: EventSummary }>(e2e.server, session, '/api/events', {
      gameId: game.id,
      name: `${language === 'he' ? 'יום כיף' : 'Fun day'} ${now % 100000}`,
      startsAt: new Date(now - 60_000).toISOString(),
      endsAt: new Date(now + 3_600_000).toISOString(),
      teamCount: 2,
      timeLimitMinutes: 5,
      showLeaderboard: true,
    });
    const eventId = made.data.id;
    const [mine, other] = (await studioApi<{ data: ControlRoom }>(e2e.server, session, `/api/events/${eventId}`)).data.teams;
    const opened: PhonePage[] = [];
    try {
      const phone = await newPhonePage(e2e.browser, { baseURL: e2e.server.url, language, viewport: { width, height } });
      opened.push(phone);
      await stubMapTiles(phone.context);
      // The phone's clock is the test's to move (at the end, to the team's last minute); it runs as usual until then.
      await phone.page.clock.install();
      const page = phone.page;
      await openPage(page, `/game/${game.id}`);
      await enterCode(page, t, mine.code);
      const naming = page.getByTestId('team-naming');
      await naming.waitFor({ timeout: 10_000 });
      await page.getByTestId('team-name-input').fill(w.teams[0]);
      await naming.getByRole('button', { name: t.player.event.name.save }).click();
      await naming.waitFor({ state: 'detached' });
      await questionView(page, 0).waitFor();

      // The team's own 5 minutes count down from its start.
      const timer = page.getByTestId('timer');
      await page.locator('[data-testid="timer"][data-mode="left"]').waitFor({ timeout: 10_000 });
      expect(await timer.textContent()).toMatch(/^0:0[45]:\d\d$/);

      // The other team names itself, starts and answers (through the API): the ranking open on this phone follows, no organiser needed.
      await studioApi(e2e.server, null, '/api/event-team/name', { gameId: game.id, secretCode: other.code, name: w.teams[1] });
      expect((await postGameProgress(e2e.server, { action: 'set-start-time', gameId: game.id, secretCode: other.code })).status).toBe(200);
      await page.getByTestId('event-ranking-open').click();
      const rankingDialog = page.getByRole('dialog', { name: t.player.event.ranking.title });
      await rankingDialog.getByText(w.teams[1]).waitFor({ timeout: 10_000 });
      const answered = await postGameProgress(e2e.server, { action: 'set-question-status', gameId: game.id, secretCode: other.code, questionIndex: 0, questionStatus: 'ANSWERED', answer: w.answer });
      expect(answered.status).toBe(200);
      expect((await postGameProgress(e2e.server, { action: 'set-question-status', gameId: game.id, secretCode: other.code, questionIndex: 0, questionStatus: 'DONE' })).status).toBe(200);
      const otherScore = (await studioApi<{ data: ControlRoom }>(e2e.server, session, `/api/events/${eventId}`)).data.teams.find((team) => team.id === other.id)!.score;
      expect(otherScore).toBeGreaterThan(0);
      const otherRow = rankingDialog.getByRole('row').filter({ hasText: w.teams[1] });
      await otherRow.getByRole('cell', { name: String(otherScore), exact: true }).waitFor({ timeout: 5_000 });
      expect(await rankingDialog.getByRole('row').nth(1).textContent()).toContain(w.teams[1]);
      await shoot(page, `ranking-${size}`);
      await expectFitsScreen(page, 'the ranking on the phone');
      await rankingDialog.getByRole('button', { name: t.player.common.close }).click();

      // This team answers, takes its photo and moves on to question 3 before anyone judges it.
      await page.getByTestId('answer-input').fill(w.answer);
      await page.getByTestId('answer-input').press('Enter');
      await page.locator('[data-testid="answer-result"][data-result="right"]').waitFor();
      await page.getByRole('button', { name: t.player.question.continue, exact: true }).click();
      await questionView(page, 1).waitFor();
      await page.getByTestId('photo-pick-input').setInputFiles({ name: 'hall.png', mimeType: 'image/png', buffer: noisePng(600, 400, 3) });
      await page.getByTestId('photo-verdict').getByText(t.player.photo.waitingOrganiser).waitFor({ timeout: 15_000 });
      await page.getByRole('button', { name: t.player.question.continue, exact: true }).click();
      await questionView(page, 2).waitFor();

      // Rejected: the verdict reaches the phone on question 3, with the comment, and offers another photo.
      await judge(session, eventId, { status: 'rejected', comment: w.bad });
      const rejected = page.locator('[data-testid="verdict-notice"][data-status="rejected"]');
      await rejected.waitFor({ timeout: 10_000 });
      await rejected.getByText(fill(l.player.photo.notice.rejected, { n: '2' })).waitFor();
      await rejected.getByTestId('verdict-notice-comment').getByText(w.bad).waitFor();
      await questionView(page, 2).waitFor();
      await shoot(page, `verdict-rejected-${size}`);
      await expectFitsScreen(page, 'a rejected photo’s verdict on another question');
      await expectNoSeriousA11yViolations(page);

      // Taken again from the message: it waits for the organiser anew.
      await rejected.getByTestId('verdict-notice-retake').click();
      const retake = page.getByRole('dialog', { name: fill(l.player.photo.notice.retakeTitle, { n: '2' }) });
      await retake.getByTestId('photo-take').waitFor({ timeout: 10_000 });
      await shoot(page, `retake-${size}`);
      await expectFitsScreen(page, 'taking a photo again');
      const uploaded = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/play-photos' && response.request().method() === 'POST');
      await retake.getByTestId('photo-pick-input').setInputFiles({ name: 'hall-2.png', mimeType: 'image/png', buffer: noisePng(600, 400, 4) });
      expect((await uploaded).status()).toBe(200);
      await retake.getByTestId('photo-verdict').getByText(t.player.photo.waitingOrganiser).waitFor({ timeout: 15_000 });
      await rejected.waitFor({ state: 'detached' });
      await retake.getByRole('button', { name: t.player.common.close }).click();

      // Accepted with 80 points and a word: on question 3 too, until read.
      await judge(session, eventId, { status: 'accepted', points: 80, comment: w.good });
      const accepted = page.locator('[data-testid="verdict-notice"][data-status="accepted"]');
      await accepted.waitFor({ timeout: 10_000 });
      await accepted.getByTestId('verdict-notice-points').getByText(fill(t.player.photo.points_other, { count: '80' })).waitFor();
      await accepted.getByTestId('verdict-notice-comment').getByText(w.good).waitFor();
      await shoot(page, `verdict-accepted-${size}`);
      await expectFitsScreen(page, 'an accepted photo’s verdict on another question');
      await accepted.getByTestId('verdict-notice-read').click();
      await accepted.waitFor({ state: 'detached' });

      // The team's last minute: the timer says so and a warning shows, once, until read.
      const left = (await timer.textContent())!.split(':').map(Number);
      const leftMs = ((left[0] * 60 + left[1]) * 60 + left[2]) * 1000;
      await page.clock.fastForward(Math.max(0, leftMs - 50_000));
      const warning = page.locator('[data-testid="time-warning"][data-level="one"]');
      await warning.waitFor({ timeout: 5_000 });
      await warning.getByText(l.player.event.timeWarning.one).waitFor();
      // Said once through the app's live region (the warning itself is a region, so it is not said twice).
      expect(await warning.getAttribute('role')).toBe('region');
      await expect.poll(() => page.getByTestId('announce-assertive').textContent()).toBe(l.player.event.timeWarning.one);
      expect(await timer.textContent()).toMatch(/^0:00:\d\d$/);
      await shoot(page, `last-minute-${size}`);
      await expectFitsScreen(page, 'the last minute');
      await warning.getByRole('button', { name: l.player.event.timeWarning.dismiss }).click();
      await warning.waitFor({ state: 'detached' });
      for (const one of opened) one.expectNoErrors({ allowConsole: [/tile\.openstreetmap\.org|net::ERR_/] });
    } finally {
      await Promise.allSettled(opened.map((one) => one.close()));
    }
  });
});
