import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { areaCenter, gameTexts, type NewGameReply } from '@streethunt/shared';
import { htmlLangDir, openGameIntro } from './support/app.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { TEL_AVIV, newPhonePage, type PhonePage } from './support/browser.ts';
import { mapGame, writtenAnswers, type DemoGame } from './support/demo-games.ts';
import { answerRight, buyCodeViaApi, enterCode, fetchProgress, nextProgressReply, questionView, stubMapTiles, TILE_FAILURES } from './support/player.ts';
import { expectFitsScreen } from './support/phone-layout.ts';
import { saveScreenshot } from './support/screenshots.ts';
import { startE2e } from './support/fixture.ts';
import { approveViaApi } from './support/admin.ts';
import { DEMO_ADMIN, DEMO_CREATOR, loginViaApi, nextReply, ownerGame, storeSession, studioApi } from './support/studio.ts';
import { fill, studioTexts, texts } from './support/texts.ts';

// One game in two languages, the whole way (DESIGN.md section 13): the creator translates the Hebrew
// demo map game into English in the editor on a 390 px phone (its next version), the admin approves
// it, and a team on a 360 px phone plays two questions in English, switches to Hebrew from the
// header and finishes, its play, score and time kept.

const e2e = startE2e();
let hebrew: DemoGame;

beforeAll(async () => {
  hebrew = await mapGame();
});

/** What the creator types for each text of the game: English, marked with its place so the player's view can be checked. */
function englishFor(path: string): string {
  if (path === 'metadata.name') return 'The heart of the White City';
  if (path.endsWith('.answers')) return `answer ${path.split('.')[1]}`;
  return `In English ${path}`;
}

/** Types the English of every text of the open panel that has none yet. */
async function translateOpenPanel(page: Page): Promise<number> {
  const fields = page.locator('[data-testid="translation-field"]');
  let typed = 0;
  for (let i = 0; i < (await fields.count()); i++) {
    const field = fields.nth(i);
    const path = (await field.getAttribute('data-path'))!;
    const plain = field.getByTestId(`translation-input-${path}`);
    if ((await plain.count()) > 0) {
      if ((await plain.inputValue()) !== '') continue;
      await plain.fill(englishFor(path));
    } else {
      const rich = field.locator('[contenteditable="true"]');
      if (((await rich.textContent()) ?? '').trim() !== '') continue;
      await rich.click();
      await page.keyboard.type(englishFor(path));
    }
    typed++;
  }
  return typed;
}

/** The area step of question `index`: the team walks into its area and goes on to the question. */
async function walkTo(p: PhonePage, index: number) {
  const { page, context } = p;
  const step = page.getByTestId('area-step');
  await step.waitFor();
  await context.setGeolocation(TEL_AVIV);
  const { lat, lng } = areaCenter(hebrew.content.questions[index]!.location!);
  await context.setGeolocation({ latitude: lat, longitude: lng, accuracy: 5 });
  await step.locator('[data-testid="area-guide"][data-arrived="true"]').waitFor();
  const started = nextProgressReply(page, 'set-question-status', 'STARTED');
  await step.getByTestId('area-continue').click();
  expect((await started).status()).toBe(200);
  await questionView(page, index).waitFor();
}

describe('one game in two languages', () => {
  it('is translated in the editor at 390 px, approved, and played in English then Hebrew at 360 px', { timeout: 300_000 }, async () => {
    const total = gameTexts(hebrew.content).length;
    const creator = await loginViaApi(e2e.server, DEMO_CREATOR);
    const draftId = (await studioApi<NewGameReply>(e2e.server, creator, `/api/games/next-version/${hebrew.id}`, {})).data._id;

    // The creator translates every text in the editor's translation view.
    const tr = studioTexts.he.editorTranslation;
    const editor = await newPhonePage(e2e.browser, { baseURL: e2e.server.url, language: 'he', viewport: { width: 390, height: 844 } });
    try {
      await storeSession(editor.context, creator);
      const page = editor.page;
      await page.goto(`/game-editor/${draftId}`);
      await page.getByTestId('game-editor').waitFor();
      await page.getByTestId('tab-tree').click();
      await page.getByTestId('translation-mode').getByText(tr.translation.en, { exact: true }).click();
      const meter = page.getByTestId('translation-meter-text');
      const meterText = (done: number) => fill(tr.meter_other, { language: tr.languages.en, done: String(done), count: String(total) });
      await expect.poll(() => meter.textContent()).toBe(meterText(0));
      await saveScreenshot(page, 'two-languages-editor-tree-he-390');
      for (let round = 0; round < 40; round++) {
        await page.getByTestId('tab-tree').click();
        const next = page.locator('[data-untranslated="true"]').first();
        if ((await next.count()) === 0) break;
        await next.click();
        await page.getByTestId('translation-panel').waitFor();
        expect(await translateOpenPanel(page)).toBeGreaterThan(0);
      }
      await page.getByTestId('tab-tree').click();
      await expect.poll(() => meter.textContent()).toBe(meterText(total));
      await expectFitsScreen(page, 'the translated game in the editor (he, 390)');
      await expectNoSeriousA11yViolations(page);
      await saveScreenshot(page, 'two-languages-editor-done-he-390');
      const saved = nextReply(page, 'POST', `/api/games/${draftId}`);
      await page.getByTestId('save').click();
      expect((await saved).status()).toBe(200);
      editor.expectNoErrors();
    } finally {
      await editor.close();
    }
    const stored = await ownerGame(e2e.server, creator, draftId);
    expect(stored.metadata.languages).toEqual(['he', 'en']);

    // Sent to approval, and approved: the listed game now has its English.
    await studioApi(e2e.server, creator, `/api/games/status/${draftId}`, { status: 'PENDING', notifyAdmin: true });
    const admin = await loginViaApi(e2e.server, DEMO_ADMIN);
    await approveViaApi(e2e.server, admin, draftId);
    const listed = await ownerGame(e2e.server, admin, hebrew.id);
    expect(listed.translations?.en?.metadata?.name).toBe('The heart of the White City');

    // A team on a 360 px phone, Hebrew interface: the intro offers both languages; it plays in English.
    const { code } = await buyCodeViaApi(e2e.server, hebrew.id);
    const p = await newPhonePage(e2e.browser, { baseURL: e2e.server.url, language: 'he', viewport: { width: 360, height: 800 } });
    try {
      const { page } = p;
      await stubMapTiles(p.context);
      await openGameIntro(page, { id: hebrew.id, name: hebrew.content.metadata.name });
      const choice = page.getByRole('group', { name: 'שפת המשחק' });
      await choice.getByRole('button', { name: 'אנגלית' }).click();
      await page.getByTestId('intro-page').getByRole('heading', { level: 1, name: 'The heart of the White City' }).waitFor();
      await expect.poll(() => htmlLangDir(page)).toEqual({ lang: 'en', dir: 'ltr' });
      await expectFitsScreen(page, 'the intro in English (360)');
      await expectNoSeriousA11yViolations(page);
      await saveScreenshot(page, 'two-languages-intro-en-360');

      const en = texts.en;
      await enterCode(page, en, code);
      for (const index of [0, 1]) {
        await walkTo(p, index);
        const id = hebrew.content.questions[index]!.id;
        await questionView(page, index).getByText(`In English questions.${id}.content`).waitFor();
        if (index === 0) {
          await expectFitsScreen(page, 'a question in English (360)');
          await expectNoSeriousA11yViolations(page);
          await saveScreenshot(page, 'two-languages-question-en-360');
        }
        // The translation's own accepted answer.
        await answerRight(page, en, index, `answer ${id}`);
      }
      const before = await fetchProgress(e2e.server, hebrew.id, code);

      // Mid-game, the header's switch to Hebrew: the play goes on where it was.
      await page.getByTestId('header-language').click();
      await expect.poll(() => htmlLangDir(page)).toEqual({ lang: 'he', dir: 'rtl' });
      const after = await fetchProgress(e2e.server, hebrew.id, code);
      expect({ startTime: after.startTime, score: after.score, questions: after.questions }).toEqual({ startTime: before.startTime, score: before.score, questions: before.questions });
      const he = texts.he;
      for (const index of [2, 3, 4]) {
        await walkTo(p, index);
        if (index === 2) {
          expect(await questionView(page, index).textContent()).not.toContain('In English');
          await expectFitsScreen(page, 'a question in Hebrew after the switch (360)');
          await expectNoSeriousA11yViolations(page);
          await saveScreenshot(page, 'two-languages-question-he-360');
        }
        // The game-over screen shows before the end time reaches the server: wait for its reply.
        const ended = index === 4 ? nextProgressReply(page, 'set-end-time') : null;
        await answerRight(page, he, index, writtenAnswers(hebrew, index)[0]!);
        if (ended) expect((await ended).status()).toBe(200);
      }
      const over = page.getByTestId('game-over');
      await over.getByRole('heading', { level: 1, name: he.player.gameOver.title }).waitFor();
      const finished = await fetchProgress(e2e.server, hebrew.id, code);
      expect(finished.endTime).not.toBeNull();
      expect(finished.startTime).toBe(before.startTime);
      expect(finished.questions.map((q) => q.status)).toEqual(['DONE', 'DONE', 'DONE', 'DONE', 'DONE']);
      await expectNoSeriousA11yViolations(page);
      await saveScreenshot(page, 'two-languages-game-over-he-360');
      p.expectNoErrors({ allowConsole: [TILE_FAILURES] });
    } finally {
      await p.close();
    }
  });
});
