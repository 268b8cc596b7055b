import { beforeAll, describe, expect, it } from 'vitest';
import type { EditableGame, Language } from '@streethunt/shared';
import { openPage } from './support/app.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { newPhonePage } from './support/browser.ts';
import { englishGame, type DemoGame } from './support/demo-games.ts';
import { startE2e } from './support/fixture.ts';
import { expectFitsScreen } from './support/phone-layout.ts';
import { saveScreenshot } from './support/screenshots.ts';
import { DEMO_ADMIN, editableCopy, loginViaApi, ownerGame, storeSession, studioApi } from './support/studio.ts';
import { fill, studioTexts } from './support/texts.ts';

// The creator writes a fork in the editor (DESIGN.md section 12): the condition builder offers only
// what exists, the save stores the rules, and the flow view draws the fork and opens a question.

const e2e = startE2e();
let game: DemoGame;

beforeAll(async () => {
  game = await englishGame();
});

const words = {
  en: { fork: 'Left to the harbour, or right to the clock tower?', harbour: 'The harbour', tower: 'The clock tower', boats: 'How many boats?', face: 'What colour is the clock face?', gate: 'The old gate', said: 'The sea wind follows you.' },
  he: { fork: 'שמאלה לנמל, או ימינה למגדל השעון?', harbour: 'הנמל', tower: 'מגדל השעון', boats: 'כמה סירות?', face: 'באיזה צבע לוח השעון?', gate: 'השער העתיק', said: 'רוח הים מלווה אתכם.' },
};

/** Four questions in a line, no rules yet: the fork's two options, a question for each side, a gate. */
async function saveLine(language: Language) {
  const admin = await loginViaApi(e2e.server, DEMO_ADMIN);
  const stored = await ownerGame(e2e.server, admin, game.id);
  const copy = editableCopy(stored);
  const w = words[language];
  const after = { content: '', contentAfterAnswer: '' };
  const questions: EditableGame['questions'] = [
    {
      id: 'fork',
      content: `<p>${w.fork}</p>`,
      location: null,
      hints: [],
      answer: { kind: 'choice', options: [{ id: 'harbour', text: w.harbour, correct: true }, { id: 'tower', text: w.tower, correct: true }], ...after },
    },
    { id: 'boats', content: `<p>${w.boats}</p>`, location: null, hints: [], answer: { kind: 'text', value: 'seven', ...after } },
    { id: 'face', content: `<p>${w.face}</p>`, location: null, hints: [], answer: { kind: 'text', value: 'white', ...after } },
    { id: 'gate', content: `<p>${w.gate}</p>`, location: null, hints: [], answer: { kind: 'none', ...after } },
  ];
  await studioApi(e2e.server, admin, `/api/games/${game.id}`, { ...copy, metadata: { ...copy.metadata, language, order: 'linear' }, questions, version: stored.version });
  return admin;
}

describe('the editor’s flow: the condition builder and the flow view', () => {
  it.each([
    ['he', 360, 800],
    ['en', 390, 844],
  ] as const)('%s at %i px: each side opens on its option, the fork says a line, the save keeps it, the flow view draws the fork and opens a question', async (language, width, height) => {
    const admin = await saveLine(language);
    const s = studioTexts[language].editor;
    const w = words[language];
    const editor = await newPhonePage(e2e.browser, { baseURL: e2e.server.url, language, viewport: { width, height } });
    try {
      await storeSession(editor.context, admin);
      await openPage(editor.page, `/game-editor/${game.id}`);
      const page = editor.page;
      const openQuestion = async (n: number) => {
        await page.getByTestId('tab-tree').click();
        await page.getByTestId(`node-q${n - 1}`).click();
        await page.getByTestId('flow-rules').waitFor();
      };

      // The boats: a new condition is the fork's first option, the harbour.
      await openQuestion(2);
      await page.getByTestId('flow-when-add').click();
      expect(await page.getByTestId('flow-when-option').inputValue()).toBe('harbour');
      // The first question has nothing before it to name.
      await openQuestion(1);
      await page.getByTestId('flow-when-add').click();
      const kinds = await page.getByTestId('flow-when-kind').locator('option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
      expect(kinds).toEqual(['scoreAtLeast', 'minutesAtLeast']);
      await page.getByTestId('flow-when-remove').click();
      // The fork itself: picking the harbour says a line.
      await page.getByTestId('flow-rule-add').click();
      await page.getByTestId('flow-rule-on').selectOption('chose:harbour');
      await page.getByTestId('flow-action-kind').selectOption('say');
      await page.getByTestId('flow-action-say').fill(w.said);
      await page.getByTestId('flow-rule').scrollIntoViewIfNeeded();
      await expectFitsScreen(page, `a rule of the fork (${language}, ${width})`);
      await saveScreenshot(page, `editor-flow-rule-${language}-${width}`);
      // The clock face: on the other option.
      await openQuestion(3);
      await page.getByTestId('flow-when-add').click();
      await page.getByTestId('flow-when-option').selectOption('tower');
      await expectFitsScreen(page, `the condition builder (${language}, ${width})`);
      await expectNoSeriousA11yViolations(page);
      await saveScreenshot(page, `editor-flow-builder-${language}-${width}`);

      await page.getByTestId('save').click();
      await expect.poll(async () => editableCopy(await ownerGame(e2e.server, admin, game.id)).questions.map((q) => q.when ?? null)).toEqual([
        null,
        { chose: { question: 'fork', option: 'harbour' } },
        { chose: { question: 'fork', option: 'tower' } },
        null,
      ]);
      expect(editableCopy(await ownerGame(e2e.server, admin, game.id)).questions[0]!.then).toEqual([{ on: { chose: 'harbour' }, do: [{ say: w.said }] }]);

      // The flow view: the fork's two sides side by side, each edge named by its option; a box opens its question.
      await page.getByTestId('flow-view-open').click();
      const view = page.getByTestId('flow-view');
      await view.waitFor();
      await expect.poll(() => view.getByTestId('flow-view-node').count()).toBe(4);
      const labels = await view.getByTestId('flow-view-edge-label').allTextContents();
      expect(labels).toEqual(expect.arrayContaining([fill(s.flowView.edge.chose, { option: w.harbour }), fill(s.flowView.edge.chose, { option: w.tower })]));
      const box = async (n: number) => (await view.locator(`[data-question="${n}"]`).boundingBox())!;
      const [boats, face] = [await box(2), await box(3)];
      expect(Math.abs(boats.y - face.y)).toBeLessThan(1);
      // Read from the start of the line: the first option's side is on the right in Hebrew.
      expect(language === 'he' ? boats.x > face.x : boats.x < face.x).toBe(true);
      await expectFitsScreen(page, `the flow view (${language}, ${width})`);
      await expectNoSeriousA11yViolations(page);
      await saveScreenshot(page, `editor-flow-view-${language}-${width}`);
      await view.locator('[data-question="3"]').click();
      await page.getByTestId('flow-view').waitFor({ state: 'detached' });
      await expect.poll(() => page.getByTestId('edit-panel').getAttribute('data-kind')).toBe('question');
      expect(await page.getByTestId('flow-when-option').inputValue()).toBe('tower');
      editor.expectNoErrors();
    } finally {
      await editor.close();
    }
  });
});
