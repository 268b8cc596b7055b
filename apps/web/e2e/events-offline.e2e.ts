import { describe, expect, it } from 'vitest';
import type { ControlRoom, EditableGame, EventSummary, Language as GameLanguage } from '@streethunt/shared';
import { openPage } from './support/app.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { newPhonePage } from './support/browser.ts';
import { englishGame } from './support/demo-games.ts';
import { startE2e } from './support/fixture.ts';
import { expectFitsScreen } from './support/phone-layout.ts';
import { enterCode, fetchProgress, postGameProgress, questionView, recordDeliveredProgressCalls } from './support/player.ts';
import { saveScreenshot } from './support/screenshots.ts';
import { DEMO_ADMIN, DEMO_CREATOR, editableCopy, loginViaApi, ownerGame, studioApi } from './support/studio.ts';
import { texts } from './support/texts.ts';

// An event team's phone that loses the network (Hebrew at 360x800, English at 390x844): in an event the
// server judges every answer, so one given offline waits on the phone, which says it will be checked once
// back online; the organiser's message sent meanwhile, and the final ranking of an event ended while the
// phone was offline, arrive when it returns; the answer reaches the server once. The organiser and the
// other team act through the API.

const e2e = startE2e();

const words = {
  he: { street: 'באיזו שדרה אתם?', answer: 'רוטשילד', last: 'מה שם הכיכר?', team: 'הנמרים', message: 'נפגשים ליד המזרקה בעוד 10 דקות' },
  en: { street: 'Which boulevard are you on?', answer: 'Rothschild', last: 'What is the square called?', team: 'Tigers', message: 'Meet at the fountain in 10 minutes' },
};

/** The admin saves the demo game as two text questions, in this language. */
async function rewriteGame(gameId: string, language: GameLanguage): Promise<void> {
  const admin = await loginViaApi(e2e.server, DEMO_ADMIN);
  const stored = await ownerGame(e2e.server, admin, gameId);
  const copy = editableCopy(stored);
  const w = words[language];
  const questions: EditableGame['questions'] = [
    { id: 'offline-street', content: `<p>${w.street}</p>`, location: null, hints: [], answer: { kind: 'text', value: 'Rothschild, רוטשילד', content: '', contentAfterAnswer: '' } },
    { id: 'offline-square', content: `<p>${w.last}</p>`, location: null, hints: [], answer: { kind: 'text', value: 'Dizengoff, דיזנגוף', content: '', contentAfterAnswer: '' } },
  ];
  await studioApi(e2e.server, admin, `/api/games/${gameId}`, { ...copy, metadata: { ...copy.metadata, language, map: false }, questions, version: stored.version });
}

describe.each([
  { language: 'he' as const, width: 360, height: 800 },
  { language: 'en' as const, width: 390, height: 844 },
])('an event team’s phone offline ($language at $width px)', ({ language, width, height }) => {
  it('keeps its answer until it is back online, then gets the message and the final ranking sent meanwhile', { timeout: 180_000 }, async () => {
    const game = await englishGame();
    await rewriteGame(game.id, language);
    const t = texts[language];
    const w = words[language];
    const session = await loginViaApi(e2e.server, DEMO_CREATOR);
    const now = Date.now();
    const made = await studioApi<{ data: EventSummary }>(e2e.server, session, '/api/events', {
      gameId: game.id,
      name: `${language === 'he' ? 'יום שטח' : 'Field day'} ${now % 100000}`,
      startsAt: new Date(now - 60_000).toISOString(),
      endsAt: new Date(now + 3_600_000).toISOString(),
      teamCount: 2,
      showLeaderboard: true,
    });
    const eventId = made.data.id;
    const [mine, other] = (await studioApi<{ data: ControlRoom }>(e2e.server, session, `/api/events/${eventId}`)).data.teams;
    const phone = await newPhonePage(e2e.browser, { baseURL: e2e.server.url, language, viewport: { width, height } });
    const { page, context } = phone;
    const delivered = recordDeliveredProgressCalls(page);
    try {
      await openPage(page, `/game/${game.id}`);
      await enterCode(page, t, mine.code);
      const naming = page.getByTestId('team-naming');
      await naming.waitFor({ timeout: 10_000 });
      await page.getByTestId('team-name-input').fill(w.team);
      await naming.getByRole('button', { name: t.player.event.name.save }).click();
      await naming.waitFor({ state: 'detached' });
      await questionView(page, 0).waitFor();

      // The network drops: the answer waits on the phone, which says it will be checked.
      await context.setOffline(true);
      await page.getByTestId('answer-input').fill(w.answer);
      await page.getByTestId('answer-input').press('Enter');
      const queued = page.getByTestId('answer-queued');
      await queued.waitFor();
      expect(await queued.textContent()).toBe(t.player.answer.queued);
      await page.getByTestId('offline-banner').waitFor();
      await expectFitsScreen(page, `an event answer kept offline (${language}, ${width})`);
      await expectNoSeriousA11yViolations(page);
      await saveScreenshot(page, `event-answer-offline-${language}-${width}`);

      // Meanwhile the organiser writes to every team.
      await studioApi(e2e.server, session, `/api/events/${eventId}/messages`, { text: w.message });

      // Back online: the answer reaches the server once, and the message arrives.
      await context.setOffline(false);
      await page.evaluate(() => window.dispatchEvent(new Event('online')));
      await page.getByTestId('event-message').getByText(w.message).waitFor({ timeout: 15_000 });
      await expect
        .poll(async () => (await fetchProgress(e2e.server, game.id, mine.code)).questions[0]?.status, { timeout: 15_000, interval: 1_000 })
        .toBe('ANSWERED');
      await page.getByTestId('event-message').getByRole('button', { name: t.player.event.message.dismiss }).click();
      // The server judged it right: the team moves on.
      await page.getByRole('button', { name: t.player.question.continue, exact: true }).click();
      await questionView(page, 1).waitFor();
      await expect
        .poll(async () => (await fetchProgress(e2e.server, game.id, mine.code)).questions[0]?.status, { timeout: 15_000, interval: 500 })
        .toBe('DONE');

      // Offline again while the other team plays and the organiser ends the event: the final ranking comes when the phone is back.
      await context.setOffline(true);
      expect((await postGameProgress(e2e.server, { action: 'set-start-time', gameId: game.id, secretCode: other.code })).status).toBe(200);
      await studioApi(e2e.server, session, `/api/events/${eventId}/end`, {});
      await context.setOffline(false);
      await page.evaluate(() => window.dispatchEvent(new Event('online')));
      const ranking = page.getByTestId('event-ranking');
      await ranking.waitFor({ timeout: 15_000 });
      await ranking.getByRole('heading', { name: t.player.event.ranking.final }).waitFor();
      await saveScreenshot(page, `event-ranking-after-offline-${language}-${width}`);
      // The team's summary counts the answer given offline.
      const summary = page.getByTestId('summary');
      expect(await summary.getByTestId('summary-answered').textContent()).toContain('1');
      await expectFitsScreen(page, `the final ranking after the phone was offline (${language}, ${width})`);

      const answers = delivered.filter((call) => call.action === 'set-question-status' && call.questionIndex === 0 && call.questionStatus === 'ANSWERED');
      expect(answers).toHaveLength(1);
      phone.expectNoErrors({ allowConsole: [/net::ERR_|WebSocket|Failed to fetch/] });
    } finally {
      await phone.close();
    }
  });
});
