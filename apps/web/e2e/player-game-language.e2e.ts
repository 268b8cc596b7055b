import { beforeAll, describe, expect, it } from 'vitest';
import { gameTexts, startTimeReplySchema, type Translation } from '@streethunt/shared';
import { htmlLangDir, openPage } from './support/app.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { newPhonePage } from './support/browser.ts';
import { freeGame, type DemoGame } from './support/demo-games.ts';
import { fetchProgress, nextProgressReply, questionView } from './support/player.ts';
import { saveScreenshot } from './support/screenshots.ts';
import { startE2e } from './support/fixture.ts';
import { DEMO_ADMIN, editableCopy, loginViaApi, ownerGame, studioApi } from './support/studio.ts';

// DESIGN.md section 13: a team plays a translated game in the language each phone chooses, and
// switching mid-game keeps the play. The lead's longer test covers the rest; this one is the phone's
// choice on a real server at 360x800.

const e2e = startE2e();
let game: DemoGame;
const ENGLISH_NAME = 'A taste of the market';
const ENGLISH_ANSWER = 'english answer';

/** Every text the free demo game has, in English (marked so the test can tell), by its paths and ids. */
function englishOf(content: DemoGame['content']): Translation {
  const translation: Record<string, unknown> = {};
  for (const { path, field } of gameTexts(content)) {
    const parts = path.split('.');
    const text =
      path === 'metadata.name' ? ENGLISH_NAME : parts.at(-2) === 'say' || path.endsWith('.answers') ? ENGLISH_ANSWER : field.kind === 'rich' ? `<p>In English: ${path}</p>` : `In English: ${path}`;
    let node = translation;
    parts.slice(0, -1).forEach((part, i) => {
      node[part] ??= /^\d+$/.test(parts[i + 1] ?? '') ? [] : {};
      node = node[part] as Record<string, unknown>;
    });
    node[parts.at(-1)!] = text;
  }
  return translation as Translation;
}

beforeAll(async () => {
  game = await freeGame();
  // The admin publishes the free demo game with a complete English translation.
  const admin = await loginViaApi(e2e.server, DEMO_ADMIN);
  const stored = await ownerGame(e2e.server, admin, game.id);
  await studioApi(e2e.server, admin, `/api/games/${game.id}`, { ...editableCopy(stored), translations: { en: englishOf(game.content) }, version: stored.version });
});

describe('a game in two languages, on a 360 px phone', () => {
  it('is played in English from the intro, then switched to Hebrew mid-game, keeping the play', { timeout: 150_000 }, async () => {
    const p = await newPhonePage(e2e.browser, { baseURL: e2e.server.url, language: 'he', viewport: { width: 360, height: 800 } });
    const { page } = p;
    try {
      // On the list, its card shows both flags.
      await openPage(page, '/games');
      const card = page.getByTestId('game-card').filter({ hasText: game.content.metadata.name });
      expect(await card.getByTestId('game-languages').locator('svg').count()).toBe(2);
      await card.scrollIntoViewIfNeeded();
      await saveScreenshot(page, 'player-language-card-he-360');
      await card.getByRole('link').click();
      await page.waitForURL((url) => url.pathname === `/game/${game.id}`);
      const choice = page.getByRole('group', { name: 'שפת המשחק' });
      await choice.waitFor();
      expect(await choice.getByRole('button').allTextContents()).toEqual(['עברית', 'אנגלית']);

      const english = page.waitForResponse((r) => r.url().endsWith(`/api/games/${game.id}?lang=en`));
      await choice.getByRole('button', { name: 'אנגלית' }).click();
      expect((await english).status()).toBe(200);
      await page.getByTestId('intro-page').getByRole('heading', { level: 1, name: ENGLISH_NAME }).waitFor();
      await expect.poll(() => htmlLangDir(page)).toEqual({ lang: 'en', dir: 'ltr' });
      await saveScreenshot(page, 'player-language-intro-en-360');
      await expectNoSeriousA11yViolations(page);

      const started = nextProgressReply(page, 'set-start-time');
      await page.getByTestId('free-start').click();
      const code = startTimeReplySchema.parse(await (await started).json()).gameProgress.game_secret;
      const first = questionView(page, 0);
      await first.getByText(`In English: questions.${game.content.questions[0]!.id}.content`).waitFor();
      // An English answer of the translation is right.
      const answered = nextProgressReply(page, 'set-question-status', 'ANSWERED');
      await page.getByTestId('answer-input').fill(ENGLISH_ANSWER);
      await page.getByRole('button', { name: 'Check answer' }).click();
      expect((await answered).status()).toBe(200);
      await first.getByTestId('question-continue').waitFor();
      await saveScreenshot(page, 'player-language-question-en-360');
      const before = await fetchProgress(e2e.server, game.id, code);

      // Mid-game, the header's switch: the same question, still answered, now in Hebrew.
      const hebrew = page.waitForResponse((r) => r.url().endsWith(`/api/games/${game.id}?lang=he`));
      await page.getByTestId('header-language').click();
      expect((await hebrew).status()).toBe(200);
      await expect.poll(() => htmlLangDir(page)).toEqual({ lang: 'he', dir: 'rtl' });
      await first.getByTestId('question-continue').waitFor();
      expect(await first.textContent()).not.toContain('In English');
      // The choice is this phone's, kept for this game.
      expect(await page.evaluate((id) => localStorage.getItem(`player.language.${id}`), game.id)).toBe('"he"');
      const after = await fetchProgress(e2e.server, game.id, code);
      expect({ startTime: after.startTime, score: after.score, questions: after.questions }).toEqual({ startTime: before.startTime, score: before.score, questions: before.questions });
      await saveScreenshot(page, 'player-language-question-he-360');
      await expectNoSeriousA11yViolations(page);
      p.expectNoErrors();
    } finally {
      await p.close();
    }
  });
});
