import { beforeAll, describe, expect, it } from 'vitest';
import { CODE_ALPHABET, startTimeReplySchema } from '@streethunt/shared';
import { appHeader, htmlLangDir, openGameIntro, openPage } from './support/app.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { newPhonePage } from './support/browser.ts';
import { englishGame, freeGame, type DemoGame } from './support/demo-games.ts';
import { keptRecord } from './support/offline-store.ts';
import { enterCode, fetchProgress, nextProgressReply, questionView, recordDeliveredProgressCalls } from './support/player.ts';
import { saveScreenshot } from './support/screenshots.ts';
import { startE2e } from './support/fixture.ts';
import { texts } from './support/texts.ts';

// Issue 6 items 5 and 8: the free market game is played from the list without a code (the server
// issues the play's code, shown on the intro for the team), and a game's language holds only inside
// that game.

const e2e = startE2e();
let free: DemoGame;
let english: DemoGame;

beforeAll(async () => {
  [free, english] = await Promise.all([freeGame(), englishGame()]);
});

/** A code the server issues: no prefix, 9 symbols of the phone-friendly alphabet. */
const ISSUED_CODE = new RegExp(`^[${CODE_ALPHABET}]{9}$`);

/** What the browser logs while it is offline on purpose. */
const OFFLINE_ERRORS = /ERR_INTERNET_DISCONNECTED|Failed to fetch|socket\.io/;

describe('a free game', () => {
  it('is played from the list without a code; offline it says so and keeps nothing; a teammate joins with the code (he)', async () => {
    const t = texts.he;
    const { name } = free.content.metadata;
    const p = await newPhonePage(e2e.browser, { baseURL: e2e.server.url, language: 'he' });
    const { page, context } = p;
    const delivered = recordDeliveredProgressCalls(page);
    let mate: Awaited<ReturnType<typeof newPhonePage>> | null = null;
    try {
      await openPage(page, '/games');
      const card = page.getByTestId('game-card').filter({ hasText: name });
      await card.waitFor();
      expect((await card.getByTestId('price').textContent())?.trim()).toBe(t.price.free);
      await card.getByRole('link', { name }).click();
      await page.waitForURL((url) => url.pathname === `/game/${free.id}`);
      const intro = page.getByTestId('intro-page');
      await intro.getByRole('heading', { level: 1, name }).waitFor();
      expect((await intro.getByTestId('price').textContent())?.trim()).toBe(t.price.free);
      expect(await htmlLangDir(page)).toEqual({ lang: 'he', dir: 'rtl' });
      await saveScreenshot(page, 'player-free-intro-he');
      await expectNoSeriousA11yViolations(page);

      // No network: the tap says so, and nothing is kept.
      await context.setOffline(true);
      await intro.getByRole('button', { name: t.player.intro.letsPlay, exact: true }).click();
      const error = page.getByTestId('free-start-error');
      await error.waitFor();
      expect((await error.textContent())?.trim()).toBe(t.player.free.offline);
      expect(await error.getAttribute('role')).toBe('alert');
      await saveScreenshot(page, 'player-free-offline-he');
      await expectNoSeriousA11yViolations(page);
      await expect.poll(() => keptRecord(page, 'activeGame')).toEqual({ game_id: free.id, game_secret: null });
      expect(delivered).toEqual([]);

      // Back online, the same tap starts the play: straight to the first question.
      await context.setOffline(false);
      const started = nextProgressReply(page, 'set-start-time');
      await intro.getByRole('button', { name: t.player.intro.letsPlay, exact: true }).click();
      const reply = await started;
      expect(reply.status()).toBe(200);
      expect(reply.request().postDataJSON()).toEqual({ action: 'set-start-time', gameId: free.id });
      const code = startTimeReplySchema.parse(await reply.json()).gameProgress.game_secret;
      expect(code).toMatch(ISSUED_CODE);
      await questionView(page, 0).waitFor();
      expect(await page.getByTestId('code-entry').count()).toBe(0);
      await saveScreenshot(page, 'player-free-question-he');
      await expectNoSeriousA11yViolations(page);
      expect((await fetchProgress(e2e.server, free.id, code)).startTime).not.toBeNull();
      await expect.poll(() => keptRecord(page, 'activeGame')).toEqual({ game_id: free.id, game_secret: code });

      // The intro now shows the play's code, to share with the team.
      await page.getByTestId('header-intro').click();
      const playCode = page.getByTestId('play-code');
      await playCode.waitFor();
      expect((await playCode.getByTestId('play-code-value').textContent())?.trim()).toBe(code);
      await intro.getByRole('button', { name: t.player.intro.continue, exact: true }).waitFor();
      await saveScreenshot(page, 'player-free-play-code-he', { fullPage: true });
      await expectNoSeriousA11yViolations(page);

      // A teammate's phone joins the same play with that code.
      mate = await newPhonePage(e2e.browser, { baseURL: e2e.server.url, language: 'he' });
      await openPage(mate.page, `/game/${free.id}`);
      await mate.page.getByTestId('intro-page').getByRole('button', { name: t.player.intro.joinTeam, exact: true }).click();
      const entry = mate.page.getByTestId('code-entry');
      await entry.waitFor();
      expect(await entry.getByRole('button', { name: t.player.payment.purchase, exact: true }).count()).toBe(0);
      expect((await entry.getByTestId('game-line').textContent()) ?? '').toContain(name);
      await saveScreenshot(mate.page, 'player-free-join-he');
      await expectNoSeriousA11yViolations(mate.page);
      await enterCode(mate.page, t, code, { fromIntro: false });
      await questionView(mate.page, 0).waitFor();
      expect((await fetchProgress(e2e.server, free.id, code)).game_secret).toBe(code);
      p.expectNoErrors({ allowConsole: [OFFLINE_ERRORS] });
      mate.expectNoErrors();
    } finally {
      await mate?.close();
      await p.close();
    }
  });
});

describe('the game’s language, only inside the game', () => {
  it('the English game switches a Hebrew visitor to English; leaving to /games gives Hebrew back, also on reload', async () => {
    const p = await newPhonePage(e2e.browser, { baseURL: e2e.server.url, language: 'he' });
    const { page } = p;
    try {
      await openGameIntro(page, { id: english.id, name: english.content.metadata.name });
      await expect.poll(() => htmlLangDir(page)).toEqual({ lang: 'en', dir: 'ltr' });
      await page.getByTestId('intro-page').getByRole('button', { name: texts.en.player.intro.letsPlay, exact: true }).waitFor();
      // The game's language is not the visitor's choice: it is not kept.
      expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('he');

      // Leaving through the logo (in the app, no reload): Hebrew again.
      await appHeader(page).getByRole('link', { name: texts.en.header.logoLabel }).click();
      await page.waitForURL((url) => url.pathname === '/games');
      await expect.poll(() => htmlLangDir(page)).toEqual({ lang: 'he', dir: 'rtl' });
      expect((await page.getByTestId('games-heading').textContent())?.trim()).toBe(texts.he.games.title);
      await expectNoSeriousA11yViolations(page);

      // Back into the game: English again; a reload of another page: Hebrew.
      await page.goBack();
      await page.getByTestId('intro-page').waitFor();
      await expect.poll(() => htmlLangDir(page)).toEqual({ lang: 'en', dir: 'ltr' });
      await openPage(page, '/games');
      expect(await htmlLangDir(page)).toEqual({ lang: 'he', dir: 'rtl' });
      expect((await page.getByTestId('games-heading').textContent())?.trim()).toBe(texts.he.games.title);
      expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('he');
      p.expectNoErrors();
    } finally {
      await p.close();
    }
  });
});
