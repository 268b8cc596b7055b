import { beforeAll, describe, expect, it } from 'vitest';
import type { EditableGame, Language } from '@streethunt/shared';
import { openPage } from './support/app.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { newPhonePage } from './support/browser.ts';
import { englishGame, type DemoGame } from './support/demo-games.ts';
import { startE2e } from './support/fixture.ts';
import { expectFitsScreen } from './support/phone-layout.ts';
import { buyCodeViaApi, enterCode, fetchProgress, nextProgressReply, questionView } from './support/player.ts';
import { saveScreenshot } from './support/screenshots.ts';
import { DEMO_ADMIN, editableCopy, loginViaApi, ownerGame, storeSession, studioApi } from './support/studio.ts';
import { studioTexts, texts } from './support/texts.ts';

// Every answer kind in a real browser: a number with a tolerance, a choice, a lenient text (its typo
// judged by the server, and kept while offline), an information stop. The admin rewrites the English
// demo game (this file's server is its own), first in English, then as a Hebrew game.

const e2e = startE2e();
let game: DemoGame;

beforeAll(async () => {
  game = await englishGame();
});

const words = {
  en: { steps: 'How many metres long is the kiosk row?', year: 'Which year was the city founded?', street: 'Which boulevard are you on?', walk: 'Walk on to Independence Hall.' },
  he: { steps: 'כמה מטרים אורכה שורת הקיוסקים?', year: 'באיזו שנה נוסדה העיר?', street: 'באיזו שדרה אתם עומדים?', walk: 'המשיכו ללכת אל היכל העצמאות.' },
};

/** The admin saves the game with one question of each kind, in this language. */
async function rewriteWithEveryKind(language: Language): Promise<void> {
  const admin = await loginViaApi(e2e.server, DEMO_ADMIN);
  const stored = await ownerGame(e2e.server, admin, game.id);
  const copy = editableCopy(stored);
  const w = words[language];
  const texts = { content: '', contentAfterAnswer: '<p>✓</p>' };
  const questions: EditableGame['questions'] = [
    { id: 'kinds-number', content: `<p>${w.steps}</p>`, location: null, hints: [], answer: { kind: 'number', value: 120, tolerance: 5, ...texts } },
    {
      id: 'kinds-choice',
      content: `<p>${w.year}</p>`,
      location: null,
      hints: [],
      answer: {
        kind: 'choice',
        options: [
          { id: 'y1878', text: '1878', correct: false },
          { id: 'y1909', text: '1909', correct: true },
          { id: 'y1948', text: '1948', correct: false },
        ],
        ...texts,
      },
    },
    { id: 'kinds-text', content: `<p>${w.street}</p>`, location: null, hints: [], answer: { kind: 'text', value: 'Rothschild, רוטשילד', lenient: true, ...texts } },
    { id: 'kinds-none', content: `<p>${w.walk}</p>`, location: null, hints: [], answer: { kind: 'none', content: '', contentAfterAnswer: '' } },
  ];
  // Points off per wrong answer, and time does not count: the score at the end is known.
  const scoring = { wrongAttemptPenalty: 5, timePenalty: false };
  await studioApi(e2e.server, admin, `/api/games/${game.id}`, { ...copy, metadata: { ...copy.metadata, language, scoring }, questions, version: stored.version });
}

describe('every answer kind, played on a phone', () => {
  it.each([
    ['en', 390, 844],
    ['he', 360, 800],
  ] as const)('%s at %i px: number, choice, a lenient typo (online and offline), an information stop', async (language, width, height) => {
    await rewriteWithEveryKind(language);
    const t = texts[language];
    const code = (await buyCodeViaApi(e2e.server, game.id)).code;
    const p = await newPhonePage(e2e.browser, { baseURL: e2e.server.url, language, viewport: { width, height } });
    const { page, context } = p;
    const result = page.getByTestId('answer-result');
    const goOn = async (index: number) => {
      const done = nextProgressReply(page, 'set-question-status', 'DONE');
      await page.getByTestId('after-answer').getByTestId('question-continue').click();
      expect((await done).status()).toBe(200);
      await questionView(page, index + 1).waitFor();
    };
    try {
      await openPage(page, `/game/${game.id}`);
      await enterCode(page, t, code);

      // A number: wrong outside the tolerance, right within it, written with a unit.
      await questionView(page, 0).waitFor();
      const number = page.getByLabel(t.player.answer.numberLabel);
      expect(await number.getAttribute('inputmode')).toBe('decimal');
      await expectFitsScreen(page, `a number question (${language}, ${width})`);
      await expectNoSeriousA11yViolations(page);
      await saveScreenshot(page, `player-kind-number-${language}-${width}`);
      await number.fill('131');
      await number.press('Enter');
      expect(await result.getAttribute('aria-label')).toBe(t.player.answer.wrong);
      const numberRight = nextProgressReply(page, 'set-question-status', 'ANSWERED');
      await number.fill('118 m');
      await number.press('Enter');
      expect((await numberRight).status()).toBe(200);
      await goOn(0);

      // A choice: the options, a wrong pick, the right one.
      await expectFitsScreen(page, `a choice question (${language}, ${width})`);
      await expectNoSeriousA11yViolations(page);
      await saveScreenshot(page, `player-kind-choice-${language}-${width}`);
      await page.getByRole('radio', { name: '1948' }).check();
      await page.getByRole('button', { name: t.player.answer.submit }).click();
      expect(await result.getAttribute('aria-label')).toBe(t.player.answer.wrong);
      const choiceRight = nextProgressReply(page, 'set-question-status', 'ANSWERED');
      await page.getByRole('radio', { name: '1909' }).check();
      await page.getByRole('button', { name: t.player.answer.submit }).click();
      const reply = await choiceRight;
      expect(reply.status()).toBe(200);
      expect(reply.request().postDataJSON()).toMatchObject({ answer: 'y1909' });
      await goOn(1);

      // A lenient text: a typo only the server can judge. Online it is asked at once; offline it is
      // kept, the player is told, and it goes once the network is back.
      const input = page.getByTestId('answer-input');
      if (language === 'en') {
        const asked = nextProgressReply(page, 'set-question-status', 'ANSWERED');
        await input.fill('Rothshild');
        await input.press('Enter');
        expect((await asked).status()).toBe(200);
        await page.locator('[data-testid="answer-result"]').waitFor();
        expect(await result.getAttribute('aria-label')).toBe(t.player.answer.right);
      } else {
        await context.setOffline(true);
        await input.fill('רוטשילת');
        await input.press('Enter');
        const queued = page.getByTestId('answer-queued');
        await queued.waitFor();
        expect(await queued.textContent()).toBe(t.player.answer.queued);
        await expectFitsScreen(page, `a lenient answer kept offline (${language}, ${width})`);
        await expectNoSeriousA11yViolations(page);
        await saveScreenshot(page, `player-kind-queued-${language}-${width}`);
        const sent = nextProgressReply(page, 'set-question-status', 'ANSWERED');
        await context.setOffline(false);
        await page.evaluate(() => window.dispatchEvent(new Event('online')));
        expect((await sent).status()).toBe(200);
      }
      await goOn(2);

      // An information stop: no answer box, no skip; continue completes it.
      expect(await page.getByTestId('answer-input').count()).toBe(0);
      expect(await page.getByRole('button', { name: t.player.skip.button }).count()).toBe(0);
      await expectFitsScreen(page, `an information stop (${language}, ${width})`);
      await expectNoSeriousA11yViolations(page);
      await saveScreenshot(page, `player-kind-none-${language}-${width}`);
      const stop = nextProgressReply(page, 'set-question-status', 'DONE');
      await page.getByTestId('question-arrived').click();
      expect((await stop).status()).toBe(200);

      // Four questions done, two wrong answers at 5 points each, and time does not count.
      const stored = await fetchProgress(e2e.server, game.id, code);
      expect(stored.questions.map((q) => q.wrongAttempts)).toEqual([1, 1, undefined, undefined]);
      expect(stored.score).toBe(400 - 2 * 5);
      const summary = page.getByTestId('summary');
      await summary.waitFor();
      expect(await summary.textContent()).toContain(t.player.summary.wrongAttempts);
      expect(await summary.textContent()).toContain('390');
      await expectFitsScreen(page, `the summary (${language}, ${width})`);
      await saveScreenshot(page, `player-kind-summary-${language}-${width}`);
      // The offline pass: the browser logs the calls it could not make.
      p.expectNoErrors({ allowConsole: [/ERR_INTERNET_DISCONNECTED/] });
    } finally {
      await p.close();
    }
  });
});

it('the editor offers the kinds on a phone, in both languages', async () => {
  await rewriteWithEveryKind('he');
  const admin = await loginViaApi(e2e.server, DEMO_ADMIN);
  for (const [language, width, height] of [
    ['he', 390, 844],
    ['en', 360, 800],
  ] as const) {
    const editor = await newPhonePage(e2e.browser, { baseURL: e2e.server.url, language, viewport: { width, height } });
    try {
      await storeSession(editor.context, admin);
      await openPage(editor.page, `/game-editor/${game.id}`);
      await editor.page.getByTestId('node-q1/answer').click();
      const kind = editor.page.getByTestId('field-answer-kind');
      await kind.waitFor();
      expect(await kind.inputValue()).toBe('choice');
      expect(await editor.page.getByTestId('answer-option-row').count()).toBe(3);
      await expectFitsScreen(editor.page, `the choice editor (${language}, ${width})`);
      await expectNoSeriousA11yViolations(editor.page);
      await saveScreenshot(editor.page, `editor-kind-choice-${language}-${width}`);
      // On a phone, choosing a node opens its edit tab: back to the tree for the next one.
      await editor.page.getByRole('tab', { name: studioTexts[language].editor.layout.tree, exact: true }).click();
      await editor.page.getByTestId('node-q0/answer').click();
      expect(await editor.page.getByTestId('field-answer-kind').inputValue()).toBe('number');
      await expectFitsScreen(editor.page, `the number editor (${language}, ${width})`);
      await saveScreenshot(editor.page, `editor-kind-number-${language}-${width}`);
      editor.expectNoErrors();
    } finally {
      await editor.close();
    }
  }
});
