import { writeFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import QRCode from 'qrcode';
import { beforeAll, describe, expect, it } from 'vitest';
import { presenceQrText, type NewGameReply, type PresenceCodesReply } from '@streethunt/shared';
import presenceEn from '../src/i18n/player/presence.en.json';
import presenceHe from '../src/i18n/player/presence.he.json';
import spotCodesEn from '../src/i18n/studio/spot-codes.en.json';
import spotCodesHe from '../src/i18n/studio/spot-codes.he.json';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { CHROMIUM_ARGS, newPhonePage, type Language } from './support/browser.ts';
import { findChromium } from './support/paths.ts';
import { englishGame, type DemoGame } from './support/demo-games.ts';
import { startE2e } from './support/fixture.ts';
import { expectFitsScreen } from './support/phone-layout.ts';
import { nextProgressReply, questionView } from './support/player.ts';
import { saveScreenshot } from './support/screenshots.ts';
import { createCodeViaApi, DEMO_CREATOR, editableCopy, loginViaApi, nextReply, ownerGame, storeSession, studioApi, type StoredSession } from './support/studio.ts';
import { studioTexts, texts } from './support/texts.ts';

// A question proven by the QR sign at its spot: the creator sets it in the editor on a phone, saves,
// opens the sheet of signs and reads the code off it; a player's phone then types that code (camera
// scanning cannot be driven in headless Chromium) after a wrong one, and the question opens.

const e2e = startE2e();
let creator: StoredSession;
let demo: DemoGame;
const presenceTexts = { he: presenceHe.presence, en: presenceEn.presence };
const spotTexts = { he: spotCodesHe.spotCodes, en: spotCodesEn.spotCodes };

beforeAll(async () => {
  creator = await loginViaApi(e2e.server, DEMO_CREATOR);
  demo = await englishGame();
});

/** The creator's own draft of the English demo game (no map), in `language`. */
async function draftIn(language: Language): Promise<string> {
  const copy = await studioApi<NewGameReply>(e2e.server, creator, `/api/games/duplicate/${demo.id}`, {});
  const gameId = copy.data._id;
  const stored = await ownerGame(e2e.server, creator, gameId);
  const game = editableCopy(stored);
  await studioApi(e2e.server, creator, `/api/games/${gameId}`, { ...game, metadata: { ...game.metadata, language }, version: stored.version });
  return gameId;
}

describe('proof of presence by a QR sign', () => {
  it.each([
    ['he', 390, 844],
    ['en', 360, 800],
  ] as const)('%s at %i px: the editor sets QR and prints the sign; the phone types its code to open the question', async (language, width, height) => {
    const s = studioTexts[language];
    const spot = spotTexts[language];
    const gameId = await draftIn(language);

    // The creator, on a phone: the question's panel, QR, save, the sheet of signs.
    const studio = await newPhonePage(e2e.browser, { baseURL: e2e.server.url, language, viewport: { width, height } });
    let code = '';
    try {
      await storeSession(studio.context, creator);
      const page = studio.page;
      await page.goto(`/game-editor/${gameId}`);
      await page.getByRole('tab', { name: s.editor.layout.tree }).click();
      await page.getByTestId('node-q0').click();
      await page.getByRole('tab', { name: s.editor.layout.edit }).click();
      await page.locator('[data-testid="edit-panel"][data-kind="question"]').waitFor();
      const field = page.getByTestId('field-presence');
      await field.getByRole('radio', { name: spot.qr }).check();
      await expectFitsScreen(page, `the proof field (${language}, ${width})`);
      const saved = nextReply(page, 'POST', `/api/games/${gameId}`);
      await page.getByTestId('save').click();
      expect((await saved).status()).toBe(200);
      await saveScreenshot(page, `presence-editor-field-${language}-${width}`);

      await page.getByTestId('presence-print').click();
      const sheet = page.getByRole('dialog');
      const printed = sheet.getByTestId('presence-sign-code');
      await printed.waitFor();
      expect(await sheet.getByTestId('presence-sign').count()).toBe(1);
      code = (await printed.textContent()) ?? '';
      expect(code).toMatch(/^[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/);
      await sheet.getByRole('img', { name: spot.qrAlt.replace('{{n}}', '1') }).waitFor();
      await expectFitsScreen(page, `the sheet of signs (${language}, ${width})`);
      await expectNoSeriousA11yViolations(page);
      await saveScreenshot(page, `presence-sheet-${language}-${width}`);
      // On paper only the sheet: the app and the dialog stay off.
      await page.emulateMedia({ media: 'print' });
      expect(await page.getByTestId('presence-print-sheet').isVisible()).toBe(true);
      expect(await page.getByTestId('game-editor').isVisible()).toBe(false);
      await saveScreenshot(page, `presence-sheet-print-${language}-${width}`, { fullPage: true });
      await page.emulateMedia({ media: 'screen' });
      studio.expectNoErrors();
    } finally {
      await studio.close();
    }

    // The player's phone: the code of the game, then the spot's code, typed.
    const secret = await createCodeViaApi(e2e.server, creator, gameId);
    const t = texts[language];
    const p = presenceTexts[language];
    const player = await newPhonePage(e2e.browser, { baseURL: e2e.server.url, language, viewport: { width, height } });
    try {
      const page = player.page;
      // A draft: not listed, it opens with the creator's code (a play-test).
      await page.goto(`/game/${gameId}`);
      const unlisted = page.getByTestId('unlisted-code');
      await unlisted.getByLabel(t.player.payment.codeLabel).fill(secret);
      const startedPlay = nextProgressReply(page, 'set-start-time');
      await unlisted.getByRole('button', { name: t.player.payment.sendCode, exact: true }).click();
      expect((await startedPlay).status()).toBe(200);
      await page.getByTestId('intro-page').getByRole('button', { name: t.player.intro.continue, exact: true }).click();
      const proof = page.getByTestId('presence-proof');
      await proof.getByRole('heading', { name: p.title.replace('{{n}}', '1') }).waitFor();
      expect(await page.locator('html').getAttribute('dir')).toBe(language === 'he' ? 'rtl' : 'ltr');
      expect(await questionView(page, 0).count()).toBe(0);
      await expectFitsScreen(page, `the spot-code step (${language}, ${width})`);
      await expectNoSeriousA11yViolations(page);
      await saveScreenshot(page, `presence-player-${language}-${width}`);
      // The other phone size too, then back.
      const other = width === 390 ? { width: 360, height: 800 } : { width: 390, height: 844 };
      await page.setViewportSize(other);
      await expectFitsScreen(page, `the spot-code step (${language}, ${other.width})`);
      await saveScreenshot(page, `presence-player-${language}-${other.width}`);
      await page.setViewportSize({ width, height });

      // The phone holds nothing to judge a code by: the server does, online.
      expect(JSON.stringify(await page.evaluate(() => Object.entries(localStorage)))).not.toMatch(/presenceHash/);
      const input = proof.getByLabel(p.codeLabel);
      const refused = nextProgressReply(page, 'set-question-status', 'STARTED');
      await input.fill('ABCD-2345' === code ? 'WXYZ-6789' : 'ABCD-2345');
      await input.press('Enter');
      expect((await refused).status()).toBe(422);
      await proof.locator('[data-testid="presence-result"][data-result="wrong"]').waitFor();
      await proof.getByText(p.wrong).first().waitFor();
      await saveScreenshot(page, `presence-player-wrong-${language}-${width}`);

      // Offline the right code is kept, and the phone says so; the question waits for the server.
      await player.context.setOffline(true);
      await input.fill(code.toLowerCase());
      await proof.getByRole('button', { name: p.check }).click();
      await proof.getByTestId('presence-queued').getByText(p.queued).waitFor();
      expect(await questionView(page, 0).count()).toBe(0);
      await expectFitsScreen(page, `the spot code kept offline (${language}, ${width})`);
      await saveScreenshot(page, `presence-player-queued-${language}-${width}`);

      const begun = nextProgressReply(page, 'set-question-status', 'STARTED');
      await player.context.setOffline(false);
      const reply = await begun;
      expect(reply.status()).toBe(200);
      expect(reply.request().postDataJSON()).toMatchObject({ presenceCode: code.replace('-', '') });
      await questionView(page, 0).waitFor();
      // The draft is not listed: its page is a 404 until the code is in; the wrong code is the server's 422.
      player.expectNoErrors({ allowConsole: [/status of 404 \(Not Found\) \(http:\/\/[^)]*\/game\//, /status of 422/, /ERR_INTERNET_DISCONNECTED/] });
    } finally {
      await player.close();
    }
  });
});

/**
 * A video for Chromium's fake camera (--use-file-for-fake-video-capture): a few frames of the QR code of
 * `text`, black on white, as YUV4MPEG2 (4:2:0), which Chromium loops.
 */
async function qrVideo(file: string, text: string): Promise<void> {
  const [width, height, frames] = [640, 480, 5];
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const scale = Math.floor((height - 40) / (modules.size + 8));
  const side = scale * (modules.size + 8);
  const [left, top] = [Math.floor((width - side) / 2), Math.floor((height - side) / 2)];
  const luma = Buffer.alloc(width * height, 235);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const [row, column] = [Math.floor(y / scale) - 4, Math.floor(x / scale) - 4];
      const dark = row >= 0 && column >= 0 && row < modules.size && column < modules.size && modules.get(row, column);
      if (dark) luma[(top + y) * width + left + x] = 16;
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  await writeFile(file, Buffer.concat([Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`), ...Array.from({ length: frames }, () => frame)]));
}

describe('proof of presence by a QR sign, scanned', () => {
  it('en at 390 px: the camera (a fake one showing the sign) reads the code and the question opens', async () => {
    const gameId = await draftIn('en');
    const stored = await ownerGame(e2e.server, creator, gameId);
    const game = editableCopy(stored);
    game.questions[0] = { ...game.questions[0]!, presence: 'qr' };
    await studioApi(e2e.server, creator, `/api/games/${gameId}`, { ...game, version: stored.version });
    const codes = await studioApi<PresenceCodesReply>(e2e.server, creator, `/api/games/presence-codes/${gameId}`);
    const code = codes.data.codes[0]!.code;
    const secret = await createCodeViaApi(e2e.server, creator, gameId);

    const dir = await mkdtemp(path.join(tmpdir(), 'streethunt-camera-'));
    const video = path.join(dir, 'sign.y4m');
    await qrVideo(video, presenceQrText(`${e2e.server.url}/game/${codes.data.gameId}`, code));
    const executablePath = findChromium();
    if (!executablePath) throw new Error('Chromium not found');
    const browser = await chromium.launch({
      executablePath,
      args: [...CHROMIUM_ARGS, '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${video}`],
    });
    const t = texts.en;
    const player = await newPhonePage(browser, { baseURL: e2e.server.url, language: 'en' });
    try {
      const page = player.page;
      await page.goto(`/game/${gameId}`);
      const unlisted = page.getByTestId('unlisted-code');
      await unlisted.getByLabel(t.player.payment.codeLabel).fill(secret);
      await unlisted.getByRole('button', { name: t.player.payment.sendCode, exact: true }).click();
      await page.getByTestId('intro-page').getByRole('button', { name: t.player.intro.continue, exact: true }).click();
      const proof = page.getByTestId('presence-proof');
      const begun = nextProgressReply(page, 'set-question-status', 'STARTED');
      await proof.getByRole('button', { name: presenceTexts.en.scan }).click();
      const reply = await begun;
      expect(reply.status()).toBe(200);
      expect(reply.request().postDataJSON()).toMatchObject({ presenceCode: code });
      await questionView(page, 0).waitFor();
      // The camera is off again once the code is read.
      expect(await page.evaluate(() => document.querySelectorAll('video').length)).toBe(0);
      player.expectNoErrors({ allowConsole: [/status of 404 \(Not Found\) \(http:\/\/[^)]*\/game\//] });
    } finally {
      await player.close();
      await browser.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
