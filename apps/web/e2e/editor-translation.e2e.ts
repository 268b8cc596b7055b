import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { EditableGame, NewGameReply } from '@streethunt/shared';
import { openPage } from './support/app.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { newPhonePage } from './support/browser.ts';
import { startE2e } from './support/fixture.ts';
import { expectFitsScreen } from './support/phone-layout.ts';
import { saveScreenshot } from './support/screenshots.ts';
import { DEMO_CREATOR, editableCopy, loginViaApi, nextReply, ownerGame, storeSession, studioApi } from './support/studio.ts';
import { fill, studioTexts } from './support/texts.ts';

// The creator writes a small Hebrew game once and translates it into English in the editor's
// translation view (DESIGN.md section 13): the original above each input, the meter counting, the save
// and a reload keeping every text.

const e2e = startE2e();

/** The English of each text of the Hebrew game, by its path in the translation. */
const english = {
  'metadata.name': 'The lanes of Neve Tzedek',
  'metadata.locationCity': 'Tel Aviv',
  'metadata.locationText': 'Start at the Suzanne Dellal square',
  'introPage.content': 'Walk the first neighbourhood outside Jaffa.',
  'questions.dancer.content': 'Which house has a dancer on its door?',
  'questions.dancer.answers': 'Twelve, 12',
  'questions.gate.content': 'Which way does the old gate open?',
  'questions.gate.options.in': 'Inwards',
  'questions.gate.options.out': 'Outwards',
  'gameoverPage.content': 'Well done: the neighbourhood is yours.',
} as const;
const TEXTS = Object.keys(english).length;

/** A new draft of the demo creator, saved as a small Hebrew game: ten texts to translate. */
async function saveHebrewGame() {
  const creator = await loginViaApi(e2e.server, DEMO_CREATOR);
  const gameId = (await studioApi<NewGameReply>(e2e.server, creator, '/api/games/new', {})).data._id;
  const stored = await ownerGame(e2e.server, creator, gameId);
  const copy = editableCopy(stored);
  const after = { content: '', contentAfterAnswer: '' };
  const questions: EditableGame['questions'] = [
    { id: 'dancer', content: '<p>על דלת איזה בית יש רקדנית?</p>', location: null, hints: [], answer: { kind: 'text', value: 'שתים עשרה, 12', ...after } },
    {
      id: 'gate',
      content: '<p>לאיזה כיוון נפתח השער הישן?</p>',
      location: null,
      hints: [],
      answer: { kind: 'choice', options: [{ id: 'in', text: 'פנימה', correct: true }, { id: 'out', text: 'החוצה', correct: false }], ...after },
    },
  ];
  await studioApi(e2e.server, creator, `/api/games/${gameId}`, {
    ...copy,
    metadata: { ...copy.metadata, language: 'he', map: false, name: 'סמטאות נווה צדק', locationCity: 'תל אביב', locationText: 'מתחילים בכיכר סוזן דלל' },
    introPage: { content: '<p>הליכה בשכונה הראשונה מחוץ ליפו.</p>' },
    gameoverPage: { ...copy.gameoverPage, content: '<p>כל הכבוד: השכונה שלכם.</p>' },
    questions,
    version: stored.version,
  });
  return { creator, gameId };
}

/** The input of the translation at `path`: a plain input, or the rich-text editor's editable area. */
async function typeTranslation(page: Page, path: string, text: string) {
  const field = page.locator(`[data-testid="translation-field"][data-path="${path}"]`);
  const plain = field.getByTestId(`translation-input-${path}`);
  if ((await plain.count()) > 0) {
    await plain.fill(text);
    return;
  }
  const rich: Locator = field.locator('[contenteditable="true"]');
  await rich.click();
  await page.keyboard.type(text);
}

describe('the editor’s translation view', () => {
  it.each([
    ['he', 390, 844, 360, 800],
    ['en', 390, 844, 360, 800],
  ] as const)('%s UI at %i px: the creator translates a Hebrew game into English, saves, reloads and finds it whole', { timeout: 150_000 }, async (language, width, height, narrow, narrowHeight) => {
    const { creator, gameId } = await saveHebrewGame();
    const s = studioTexts[language];
    const tr = s.editorTranslation;
    const meterText = (done: number) => fill(tr.meter_other, { language: tr.languages.en, done: String(done), count: String(TEXTS) });
    const editor = await newPhonePage(e2e.browser, { baseURL: e2e.server.url, language, viewport: { width, height } });
    try {
      await storeSession(editor.context, creator);
      await openPage(editor.page, `/game-editor/${gameId}`);
      const page = editor.page;
      const toTranslation = async () => {
        await page.getByTestId('tab-tree').click();
        await page.getByTestId('translation-mode').getByText(tr.translation.en, { exact: true }).click();
        await page.getByTestId('translation-meter').waitFor();
      };
      const open = async (node: string) => {
        await page.getByTestId('tab-tree').click();
        await page.getByTestId(`node-${node}`).click();
        await page.getByTestId('translation-panel').waitFor();
      };

      await toTranslation();
      await expect.poll(() => page.getByTestId('translation-meter-text').textContent()).toBe(meterText(0));
      expect(await page.getByTestId('node-q0').getAttribute('data-untranslated')).toBe('true');
      await expectFitsScreen(page, `the switch and the meter (${language}, ${width})`);
      await saveScreenshot(page, `editor-translation-tree-${language}-${width}`);

      const nodes: Record<string, Array<keyof typeof english>> = {
        metadata: ['metadata.name', 'metadata.locationCity', 'metadata.locationText'],
        intro: ['introPage.content'],
        q0: ['questions.dancer.content'],
        'q0/answer': ['questions.dancer.answers'],
        q1: ['questions.gate.content'],
        'q1/answer': ['questions.gate.options.in', 'questions.gate.options.out'],
        gameover: ['gameoverPage.content'],
      };
      for (const [node, paths] of Object.entries(nodes)) {
        await open(node);
        for (const path of paths) {
          // The original stands above, right to left; the translation's input is left to right.
          const original = page.getByTestId(`translation-original-${path}`);
          expect(await original.locator('[dir="rtl"][lang="he"]').count()).toBe(1);
          await typeTranslation(page, path, english[path]);
        }
        if (node === 'q1/answer') {
          await expectFitsScreen(page, `a choice in translation (${language}, ${width})`);
          await expectNoSeriousA11yViolations(page);
          await saveScreenshot(page, `editor-translation-options-${language}-${width}`);
        }
      }
      await page.getByTestId('tab-tree').click();
      await expect.poll(() => page.getByTestId('translation-meter-text').textContent()).toBe(meterText(TEXTS));
      expect(await page.locator('[data-untranslated]').count()).toBe(0);

      const saved = nextReply(page, 'POST', `/api/games/${gameId}`);
      await page.getByTestId('save').click();
      expect((await saved).status()).toBe(200);
      const stored = await ownerGame(e2e.server, creator, gameId);
      expect(stored.translations?.en?.metadata?.name).toBe(english['metadata.name']);
      expect(stored.translations?.en?.questions?.gate?.options).toEqual({ in: 'Inwards', out: 'Outwards' });

      // A reload starts from the stored game: the translation and the full meter are there.
      await page.reload();
      await page.getByTestId('game-editor').waitFor();
      await toTranslation();
      await expect.poll(() => page.getByTestId('translation-meter-text').textContent()).toBe(meterText(TEXTS));
      await open('q0/answer');
      expect(await page.getByTestId('translation-input-questions.dancer.answers').inputValue()).toBe(english['questions.dancer.answers']);
      await open('q0');
      await expect.poll(() => page.locator('[data-path="questions.dancer.content"] [contenteditable="true"]').textContent()).toBe(english['questions.dancer.content']);
      await expectFitsScreen(page, `a question in translation (${language}, ${width})`);
      await expectNoSeriousA11yViolations(page);
      await saveScreenshot(page, `editor-translation-question-${language}-${width}`);

      // The narrowest phone: the switch, the meter and a panel still fit.
      await page.setViewportSize({ width: narrow, height: narrowHeight });
      await expectFitsScreen(page, `a question in translation (${language}, ${narrow})`);
      await saveScreenshot(page, `editor-translation-question-${language}-${narrow}`);
      await page.getByTestId('tab-tree').click();
      await expectFitsScreen(page, `the switch and the meter (${language}, ${narrow})`);
      await expectNoSeriousA11yViolations(page);
      await saveScreenshot(page, `editor-translation-tree-${language}-${narrow}`);
      editor.expectNoErrors();
    } finally {
      await editor.close();
    }
  });
});
