import { beforeAll, describe, expect, it } from 'vitest';
import type { Language } from '@streethunt/shared';
import { openPage } from './support/app.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { newPhonePage } from './support/browser.ts';
import { englishGame, writtenAnswers, type DemoGame } from './support/demo-games.ts';
import { startE2e } from './support/fixture.ts';
import { expectFitsScreen } from './support/phone-layout.ts';
import { buyCodeViaApi, enterCode, fetchProgress, nextProgressReply, questionView } from './support/player.ts';
import { saveScreenshot } from './support/screenshots.ts';
import { DEMO_ADMIN, editableCopy, loginViaApi, ownerGame, studioApi } from './support/studio.ts';
import { fill, texts } from './support/texts.ts';

// A game played in any order: the admin sets the English demo game's order to 'free' (this file's
// server is its own), and a phone answers its last question first.

const e2e = startE2e();
let game: DemoGame;

beforeAll(async () => {
  game = await englishGame();
});

/** The admin sets the game's order to free, in this language (the player speaks the game's language). */
async function freeOrderIn(language: Language): Promise<void> {
  const admin = await loginViaApi(e2e.server, DEMO_ADMIN);
  const stored = await ownerGame(e2e.server, admin, game.id);
  const copy = editableCopy(stored);
  await studioApi(e2e.server, admin, `/api/games/${game.id}`, { ...copy, metadata: { ...copy.metadata, order: 'free', language }, version: stored.version });
}

describe('a game in any order, on a phone', () => {
  it.each([
    ['en', 390, 844],
    ['he', 360, 800],
  ] as const)('%s at %i px: the list, the last question answered first, back to the list', async (language, width, height) => {
    await freeOrderIn(language);
    const t = texts[language];
    const total = game.content.questions.length;
    const last = total - 1;
    const code = (await buyCodeViaApi(e2e.server, game.id)).code;
    const p = await newPhonePage(e2e.browser, { baseURL: e2e.server.url, language, viewport: { width, height } });
    const { page } = p;
    try {
      await openPage(page, `/game/${game.id}`);
      await enterCode(page, t, code);
      const chooser = page.getByTestId('question-chooser');
      await chooser.waitFor();
      expect(await chooser.getByTestId('choose-question').count()).toBe(total);
      expect(await page.getByTestId('question-progress').textContent()).toBe(fill(t.player.freeOrder.done, { n: '0', total: String(total) }));
      await expectFitsScreen(page, `the question list (${language}, ${width})`);
      await expectNoSeriousA11yViolations(page);
      await saveScreenshot(page, `player-free-order-list-${language}-${width}`);

      await chooser.locator(`[data-testid="choose-question"][data-index="${last}"]`).click();
      await questionView(page, last).waitFor();
      const answered = nextProgressReply(page, 'set-question-status', 'ANSWERED');
      await page.getByTestId('answer-input').fill(writtenAnswers(game, last)[0]!);
      await page.getByTestId('answer-input').press('Enter');
      expect((await answered).status()).toBe(200);
      const done = nextProgressReply(page, 'set-question-status', 'DONE');
      await page.getByTestId('after-answer').getByTestId('question-continue').click();
      expect((await done).status()).toBe(200);

      await chooser.waitFor();
      expect(await chooser.locator(`[data-testid="choose-question"][data-index="${last}"]`).getAttribute('data-state')).toBe('answered');
      expect(await page.getByTestId('question-progress').textContent()).toBe(fill(t.player.freeOrder.done, { n: '1', total: String(total) }));
      const stored = await fetchProgress(e2e.server, game.id, code);
      expect(stored.questions.map((q) => q.status)).toEqual([...Array.from({ length: last }, () => null), 'DONE']);
      p.expectNoErrors();
    } finally {
      await p.close();
    }
  });
});
