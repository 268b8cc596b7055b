import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { ControlRoom } from '@streethunt/shared';
import { fieldLabel, openPage } from './support/app.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { newPhonePage, type Language, type PhonePage } from './support/browser.ts';
import { englishGame, mapGame, writtenAnswers, type DemoGame } from './support/demo-games.ts';
import { expectFitsScreen } from './support/phone-layout.ts';
import { enterCode, nextProgressReply, questionView, stubMapTiles } from './support/player.ts';
import { saveScreenshot } from './support/screenshots.ts';
import { DEMO_CREATOR, loginViaApi, storeSession, studioApi } from './support/studio.ts';
import { startE2e } from './support/fixture.ts';
import { fill, studioTexts, texts } from './support/texts.ts';

// A live event end to end: the organiser makes it in the browser and watches the control room in a
// desktop window while three team phones (both languages, 390 and 360 px) name their teams, send
// their positions, get the organiser's message, answer, and see the final ranking when it ends.

const e2e = startE2e();

/** Positions go every 5 s; the room shows them within a second of their arrival. */
const POSITION_WAIT_MS = 15_000;

type Phone = { phone: PhonePage; team: string; language: Language; width: number };

type Run = { name: string; game: () => Promise<DemoGame>; organiser: Language; phones: { language: Language; width: number }[]; answers: boolean };

const runs: Run[] = [
  { name: 'the English game, organiser in English', game: englishGame, organiser: 'en', phones: [{ language: 'en', width: 390 }, { language: 'he', width: 360 }, { language: 'en', width: 360 }], answers: true },
  { name: 'the Hebrew map game, organiser in Hebrew', game: mapGame, organiser: 'he', phones: [{ language: 'he', width: 390 }, { language: 'he', width: 360 }, { language: 'en', width: 390 }], answers: false },
];

/** The game's pages speak the game's language, whatever the phone's. */
const gameTexts = (game: DemoGame) => texts[game.content.metadata.language === 'en' ? 'en' : 'he'];

async function nameTeam(page: Page, game: DemoGame, name: string) {
  const t = gameTexts(game);
  const step = page.getByTestId('team-naming');
  await step.waitFor({ timeout: 10_000 });
  await step.getByTestId('event-position-note').waitFor();
  // A name the rule refuses says why, in the page's words, and sends nothing.
  await page.getByTestId('team-name-input').fill('<b>');
  await step.getByRole('button', { name: t.player.event.name.save }).click();
  await step.getByText(t.player.event.name.chars).waitFor();
  await page.getByTestId('team-name-input').fill(name);
  await step.getByRole('button', { name: t.player.event.name.save }).click();
  await step.waitFor({ state: 'detached' });
}

describe.each(runs)('a live event: $name', (run) => {
  it('three teams play while the control room follows them, messages arrive, and the end shows the final ranking', { timeout: 240_000 }, async () => {
    const game = await run.game();
    const t = gameTexts(game);
    const s = studioTexts[run.organiser];
    const session = await loginViaApi(e2e.server, DEMO_CREATOR);
    const eventName = `${run.organiser === 'he' ? 'יום כיף' : 'Team day'} ${Date.now() % 100000}`;
    const opened: PhonePage[] = [];
    try {
      // The organiser makes the event in the browser, from the game's link.
      const room = await newPhonePage(e2e.browser, { baseURL: e2e.server.url, language: run.organiser, viewport: { width: 1280, height: 900 } });
      opened.push(room);
      await stubMapTiles(room.context);
      await storeSession(room.context, session);
      const roomPage = room.page;
      await openPage(roomPage, `/events/new?gameId=${game.id}`);
      await roomPage.getByLabel(fieldLabel(s.events.form.name.label)).fill(eventName);
      await roomPage.getByLabel(fieldLabel(s.events.form.teamCount.label)).fill('3');
      await expectNoSeriousA11yViolations(roomPage);
      await roomPage.getByRole('button', { name: s.events.form.submit }).click();
      await roomPage.getByTestId('control-room').waitFor();
      await roomPage.waitForURL(/\/events\/[A-Za-z0-9_-]+$/);
      const eventId = new URL(roomPage.url()).pathname.split('/').pop()!;
      await roomPage.locator('[data-testid="live-status"][data-state="live"]').waitFor();
      const controlRoom = await studioApi<{ data: ControlRoom }>(e2e.server, session, `/api/events/${eventId}`);
      const codes = controlRoom.data.teams.map((team) => team.code);
      expect(codes).toHaveLength(3);
      await roomPage.getByTestId('team-codes').getByText(codes[0]).waitFor();

      // Three phones, one per team: code, name, questions.
      const phones: Phone[] = [];
      for (const [i, spec] of run.phones.entries()) {
        const phone = await newPhonePage(e2e.browser, { baseURL: e2e.server.url, language: spec.language, viewport: { width: spec.width, height: 800 } });
        opened.push(phone);
        await stubMapTiles(phone.context);
        const team = `${run.organiser === 'he' ? 'הנמרים' : 'Tigers'} ${i + 1}`;
        await openPage(phone.page, `/game/${game.id}`);
        await enterCode(phone.page, t, codes[i]);
        await nameTeam(phone.page, game, team);
        phones.push({ phone, team, ...spec });
      }
      const first = phones[0].phone.page;
      if (run.answers) await questionView(first, 0).waitFor();
      await saveScreenshot(first, `event-phone-playing-${run.organiser}-${phones[0].width}`);
      await expectFitsScreen(first, 'event phone playing');
      await expectNoSeriousA11yViolations(first);

      // The room: every team named, and on the map once their phones sent a position.
      for (const { team } of phones) await roomPage.getByTestId('teams').getByText(team, { exact: true }).waitFor();
      // The three phones are at one spot: one circle of three on the map, and a tap lists the teams.
      const here = roomPage.getByRole('button', { name: s.events.map.cluster_other.replace('{{count}}', '3') });
      await here.waitFor({ timeout: POSITION_WAIT_MS });
      await here.click();
      for (const { team } of phones) await roomPage.getByTestId('teams-here').getByText(team, { exact: true }).waitFor();

      // A message to all teams reaches every phone, and stays until read.
      const message = run.organiser === 'he' ? 'נפגשים בכיכר בעוד 20 דקות' : 'Meet at the square in 20 minutes';
      const form = roomPage.getByTestId('message-form');
      await form.getByLabel(fieldLabel(s.events.message.text)).fill(message);
      await form.getByRole('button', { name: s.events.message.send }).click();
      await roomPage.getByTestId('live-feed').getByText(message).waitFor();
      for (const { phone, language, width } of phones) {
        await phone.page.getByTestId('event-message').getByText(message).waitFor({ timeout: 5_000 });
        await saveScreenshot(phone.page, `event-phone-message-${language}-${width}`);
        await expectFitsScreen(phone.page, 'event message');
      }
      await expectNoSeriousA11yViolations(phones[1].phone.page);

      if (run.answers) {
        // The first team answers question 1: the server judges it (no hashes on an event's phone), the room sees it.
        const answered = nextProgressReply(first, 'set-question-status', 'ANSWERED');
        await first.getByTestId('answer-input').fill(writtenAnswers(game, 0)[0]);
        await first.getByTestId('answer-input').press('Enter');
        expect((await answered).status()).toBe(200);
        await first.locator('[data-testid="answer-result"][data-result="right"]').waitFor();
        await roomPage.locator('[data-testid="feed-item"][data-kind="answered"]').getByText(phones[0].team).waitFor();

        // Another team opens a hint: its text came with no phone, the server sends it once opened.
        const second = phones[1].phone.page;
        await questionView(second, 0).waitFor();
        const hint = game.content.questions[0].hints[0];
        const hintText = hint.content.replace(/<[^>]+>/g, '');
        expect(await second.getByText(hintText).count()).toBe(0);
        await second.getByTestId('hint-1').click();
        const hintDialog = second.getByRole('dialog', { name: hint.title?.trim() || fill(t.player.hints.untitled, { n: '1' }) });
        await hintDialog.getByRole('button', { name: t.player.hints.confirmYes, exact: true }).click();
        await second.locator('[data-testid="hint-1"][data-open="true"]').getByText(hintText).waitFor({ timeout: 5_000 });
        await roomPage.locator('[data-testid="feed-item"][data-kind="hint"]').getByText(phones[1].team).waitFor();

        // The organiser pushes the same hint to the third team: its phone shows it without a tap.
        const third = phones[2].phone.page;
        await questionView(third, 0).waitFor();
        await roomPage.getByRole('button', { name: fill(s.events.pushHint.buttonFor, { team: phones[2].team }) }).click();
        const pushDialog = roomPage.getByRole('dialog', { name: fill(s.events.pushHint.title, { team: phones[2].team }) });
        await pushDialog.getByRole('button', { name: s.events.pushHint.send }).click();
        await third.locator('[data-testid="hint-1"][data-open="true"]').getByText(hintText).waitFor({ timeout: 5_000 });
      }
      await saveScreenshot(roomPage, `event-control-room-${run.organiser}`, { fullPage: true });
      await expectNoSeriousA11yViolations(roomPage);

      // The organiser ends the event: every phone shows the final ranking with its own place.
      await roomPage.getByRole('button', { name: s.events.end.button }).click();
      const dialog = roomPage.getByRole('dialog', { name: s.events.end.title });
      await dialog.getByRole('button', { name: s.events.end.confirm }).click();
      await roomPage.getByTestId('event-ended').waitFor();
      for (const { phone, team, language, width } of phones) {
        const ranking = phone.page.getByTestId('event-ranking');
        await ranking.waitFor({ timeout: 5_000 });
        await ranking.getByTestId('event-own-rank').getByText(team, { exact: false }).waitFor();
        await saveScreenshot(phone.page, `event-phone-final-${language}-${width}`);
        await expectFitsScreen(phone.page, 'event final ranking');
      }
      await expectNoSeriousA11yViolations(phones[2].phone.page);
      if (run.answers) {
        // The team that answered is first, with the score the server keeps.
        const final = await studioApi<{ data: ControlRoom }>(e2e.server, session, `/api/events/${eventId}`);
        const leader = final.data.teams.find((team) => team.name === phones[0].team);
        const own = fill(t.player.event.ranking.own, { name: phones[0].team, rank: '1', count: '3', score: String(leader?.score) });
        expect(await phones[0].phone.page.getByTestId('event-own-rank').textContent()).toBe(own);
      }
      await expectFitsScreen(roomPage, 'control room');
      for (const page of opened) page.expectNoErrors({ allowConsole: [/tile\.openstreetmap\.org|net::ERR_/] });
    } finally {
      await Promise.allSettled(opened.map((page) => page.close()));
    }
  });
});
