import type { EditorGame, NewGameReply } from '@streethunt/shared';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { approveViaApi } from './support/admin.ts';
import { openPage } from './support/app.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { newPhonePage, type Language } from './support/browser.ts';
import { englishGame, freeGame, type DemoGame } from './support/demo-games.ts';
import { startE2e } from './support/fixture.ts';
import { expectFitsScreen } from './support/phone-layout.ts';
import { buyCodeViaApi, enterCode, questionView } from './support/player.ts';
import { saveScreenshot } from './support/screenshots.ts';
import { DEMO_ADMIN, DEMO_CREATOR, editableCopy, loginViaApi, ownerGame, studioApi, type StoredSession } from './support/studio.ts';
import { fill, texts } from './support/texts.ts';

// A creator's recordings: the intro and the first question carry the creator's own recording
// (uploaded and saved through the API, as the editor does), and the player hears them from a labelled
// control, the text staying below as the transcript. Headless Chromium plays after a tap without any
// autoplay flag: the play button is pressed as a player would.

const e2e = startE2e();

/**
 * A real MP3 of `seconds` of silence: MPEG-1 Layer III frames (128 kbit/s, 44.1 kHz, mono) whose side
 * information is all zero, which every decoder plays as silence; an ID3v2 tag in front.
 */
function silentMp3(seconds: number): Buffer {
  const frame = Buffer.alloc(417);
  Buffer.from([0xff, 0xfb, 0x90, 0xc0]).copy(frame);
  const tag = Buffer.concat([Buffer.from('ID3', 'latin1'), Buffer.from([4, 0, 0, 0, 0, 0, 0x10]), Buffer.alloc(16)]);
  return Buffer.concat([tag, ...Array.from({ length: Math.round((seconds * 44_100) / 1152) }, () => frame)]);
}

async function uploadRecording(session: StoredSession, seconds: number): Promise<{ secure_url: string; durationMs: number }> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(silentMp3(seconds))], { type: 'audio/mpeg' }), 'voice.mp3');
  const response = await fetch(`${e2e.server.url}/api/media/upload/`, { method: 'POST', headers: { 'x-access-token': session.accessToken }, body: form });
  expect(response.status).toBe(200);
  const { data } = (await response.json()) as { data: { resource_type: string; secure_url: string; durationMs: number } };
  expect(data.resource_type).toBe('audio');
  return data;
}

/** A copy of a demo game with the creator's recordings on its intro and its first question, approved. */
async function recordedGame(from: DemoGame, creator: StoredSession, admin: StoredSession): Promise<{ id: string; intro: string; question: string }> {
  const intro = await uploadRecording(creator, 4);
  expect(intro.durationMs).toBeGreaterThan(3900);
  const question = await uploadRecording(creator, 6);
  const gameId = (await studioApi<NewGameReply>(e2e.server, creator, `/api/games/duplicate/${from.id}`, {})).data._id;
  const game = await ownerGame(e2e.server, creator, gameId);
  const copy = editableCopy(game);
  copy.metadata.audio = intro.secure_url;
  // A free game is not sent to approval: the copy is sold, and played with a bought code.
  if (!copy.metadata.price) copy.metadata.price = 30;
  copy.questions[0]!.audio = question.secure_url;
  await studioApi<{ data: EditorGame }>(e2e.server, creator, `/api/games/${gameId}`, { ...copy, version: game.version });
  await studioApi<{ data: EditorGame }>(e2e.server, creator, `/api/games/status/${gameId}`, { status: 'PENDING', notifyAdmin: true });
  await approveViaApi(e2e.server, admin, gameId);
  return { id: gameId, intro: intro.secure_url, question: question.secure_url };
}

/** Presses the play button of the browser's own audio controls, as a finger would: Chromium draws it at the bar's left end, in Hebrew pages too. */
async function pressPlay(page: Page, audio: Locator): Promise<void> {
  await audio.scrollIntoViewIfNeeded();
  const box = (await audio.boundingBox())!;
  await page.mouse.click(box.x + 24, box.y + box.height / 2);
}

/** The element plays: not paused, and its time moves on. */
async function expectPlaying(audio: Locator): Promise<void> {
  await expect.poll(() => audio.evaluate((element: HTMLAudioElement) => !element.paused && element.currentTime > 0.3), { timeout: 10_000 }).toBe(true);
}

let games: Record<Language, DemoGame>;
let creator: StoredSession;
let admin: StoredSession;
beforeAll(async () => {
  const [he, en] = await Promise.all([freeGame(), englishGame()]);
  games = { he, en };
  [creator, admin] = await Promise.all([loginViaApi(e2e.server, DEMO_CREATOR), loginViaApi(e2e.server, DEMO_ADMIN)]);
});

describe('the creator’s recordings in a game', () => {
  const cases: Array<[Language, { width: number; height: number }]> = [
    ['he', { width: 360, height: 800 }],
    ['en', { width: 390, height: 844 }],
  ];
  for (const [language, viewport] of cases) {
    it(`plays the intro’s and a question’s recording from a labelled control, the text below as its transcript (${language}, ${viewport.width} px)`, { timeout: 120_000 }, async () => {
      const t = texts[language];
      const from = games[language];
      const game = await recordedGame(from, creator, admin);
      const p = await newPhonePage(e2e.browser, { baseURL: e2e.server.url, language, viewport });
      const { page } = p;
      try {
        await openPage(page, `/game/${game.id}`);
        const intro = page.getByTestId('intro-page');
        const introAudio = intro.getByLabel(t.player.recording.intro, { exact: true });
        await introAudio.waitFor();
        expect(await introAudio.evaluate((element) => element.tagName)).toBe('AUDIO');
        expect(await introAudio.getAttribute('src')).toBe(game.intro);
        expect(await intro.getByText(t.player.recording.intro, { exact: true }).isVisible()).toBe(true);
        // The transcript: the intro's own text, under the control.
        const firstWords = from.content.introPage.content.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 20);
        expect(await intro.textContent()).toContain(firstWords);
        const choice = intro.getByRole('switch', { name: t.player.recording.playOnArrival });
        expect(await choice.isChecked()).toBe(false);
        await expectFitsScreen(page, `recording-intro-${language}-${viewport.width}`);
        await expectNoSeriousA11yViolations(page);
        await saveScreenshot(page, `recording-intro-${language}-${viewport.width}`);

        await pressPlay(page, introAudio);
        await expectPlaying(introAudio);
        await saveScreenshot(page, `recording-intro-playing-${language}-${viewport.width}`);

        // The choice to hear a question's recording as it opens, kept on the phone.
        await intro.getByTestId('play-recordings-switch').click();
        expect(await choice.isChecked()).toBe(true);
        expect(await page.evaluate(() => localStorage.getItem('playRecordings'))).toBe('on');

        await enterCode(page, t, (await buyCodeViaApi(e2e.server, game.id)).code);
        const question = questionView(page, 0);
        await question.waitFor();
        const questionAudio = question.getByLabel(fill(t.player.recording.question, { n: '1' }), { exact: true });
        await questionAudio.waitFor();
        expect(await questionAudio.getAttribute('src')).toBe(game.question);
        // It started by itself as the question opened (the choice is on).
        await expectPlaying(questionAudio);
        const questionWords = from.content.questions[0]!.content.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 20);
        expect(await question.textContent()).toContain(questionWords);
        await expectFitsScreen(page, `recording-question-${language}-${viewport.width}`);
        await expectNoSeriousA11yViolations(page);
        await saveScreenshot(page, `recording-question-${language}-${viewport.width}`);
        p.expectNoErrors();
      } finally {
        await p.close();
      }
    });
  }
});
