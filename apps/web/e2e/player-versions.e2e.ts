import { beforeAll, describe, expect, it } from 'vitest';
import type { EditorGame, GameProgressRequest, Progress } from '@streethunt/shared';
import { openPage } from './support/app.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { newPhonePage } from './support/browser.ts';
import { englishGame, writtenAnswers, type DemoGame } from './support/demo-games.ts';
import { startE2e } from './support/fixture.ts';
import { expectFitsScreen } from './support/phone-layout.ts';
import { buyCodeViaApi, enterCode, fetchProgress, nextProgressReply, postGameProgress, questionView } from './support/player.ts';
import { saveScreenshot } from './support/screenshots.ts';
import { DEMO_ADMIN, editableCopy, loginViaApi, ownerGame, storeSession, studioApi } from './support/studio.ts';
import { fill, studioTexts, texts } from './support/texts.ts';

// The walk that once moved a phone's progress onto another question: an admin deletes question 1 of a
// listed game while a phone stands at question 2 and another play has finished. Each play keeps the
// version it started on (this file's server is its own, so changing the demo game touches no other test).

const e2e = startE2e();
let game: DemoGame;

beforeAll(async () => {
  game = await englishGame();
});

/** One game-progress action with the code, as the phone sends it; anything but 200 fails the test. */
async function progressOf(gameId: string, secretCode: string, change: Record<string, unknown> & { action: GameProgressRequest['action'] }): Promise<void> {
  const response = await postGameProgress(e2e.server, { ...change, gameId, secretCode } as GameProgressRequest);
  if (response.status !== 200) throw new Error(`${JSON.stringify(change)} answered ${response.status}: ${await response.text()}`);
}

describe('a play keeps the version of the game it started on', () => {
  it('an admin deletes question 1 under a phone at question 2: the phone still shows question 2 of 4 with question 1 done, a finished play keeps its score, and the editor says a play is under way', { timeout: 150_000 }, async () => {
    const t = texts.en;
    const total = game.content.questions.length;
    const answerOf = (index: number) => writtenAnswers(game, index)[0]!;

    // A finished play: a hint on question 1, question 2 skipped, the rest answered.
    const finished = (await buyCodeViaApi(e2e.server, game.id)).code;
    await progressOf(game.id, finished, { action: 'set-start-time' });
    await progressOf(game.id, finished, { action: 'show-question-hint', questionIndex: 0, hintIndex: 0 });
    for (let i = 0; i < total; i++) {
      if (i === 1) {
        await progressOf(game.id, finished, { action: 'set-question-status', questionIndex: i, questionStatus: 'SOLUTION' });
        await progressOf(game.id, finished, { action: 'set-question-status', questionIndex: i, questionStatus: 'SKIPPED' });
        continue;
      }
      await progressOf(game.id, finished, { action: 'set-question-status', questionIndex: i, questionStatus: 'ANSWERED', answer: answerOf(i) });
      await progressOf(game.id, finished, { action: 'set-question-status', questionIndex: i, questionStatus: 'DONE' });
    }
    await progressOf(game.id, finished, { action: 'set-end-time' });
    const before: Progress = await fetchProgress(e2e.server, game.id, finished);
    expect(before.questions.map((q) => q.status)).toEqual(['DONE', 'SKIPPED', ...Array.from({ length: total - 2 }, () => 'DONE')]);

    // A phone answers question 1 and stands at question 2.
    const running = (await buyCodeViaApi(e2e.server, game.id)).code;
    const p = await newPhonePage(e2e.browser, { baseURL: e2e.server.url, language: 'en' });
    const { page } = p;
    try {
      await openPage(page, `/game/${game.id}`);
      await enterCode(page, t, running);
      await questionView(page, 0).waitFor();
      const answered = nextProgressReply(page, 'set-question-status', 'ANSWERED');
      await page.getByTestId('answer-input').fill(answerOf(0));
      await page.getByTestId('answer-input').press('Enter');
      expect((await answered).status()).toBe(200);
      const done = nextProgressReply(page, 'set-question-status', 'DONE');
      await page.getByTestId('after-answer').getByTestId('question-continue').click();
      expect((await done).status()).toBe(200);
      await questionView(page, 1).waitFor();
      const secondOfAll = fill(t.player.questions.progress, { n: '2', total: String(total) });
      expect(await page.getByTestId('question-progress').textContent()).toBe(secondOfAll);

      // The admin deletes question 1 and saves: the listed game has one question fewer.
      const admin = await loginViaApi(e2e.server, DEMO_ADMIN);
      const stored = await ownerGame(e2e.server, admin, game.id);
      const edited = editableCopy(stored);
      await studioApi<{ data: EditorGame }>(e2e.server, admin, `/api/games/${game.id}`, { ...edited, questions: edited.questions.slice(1), version: stored.version });
      const listed = await (await fetch(`${e2e.server.url}/api/games/${game.id}`)).json();
      expect(listed.questionCount).toBe(total - 1);

      // The phone, reloaded, is where it was: question 2 of 4, question 1 done.
      // A reload opens the page it was on.
      await page.reload();
      await questionView(page, 1).waitFor();
      expect(await page.getByTestId('question-progress').textContent()).toBe(secondOfAll);
      expect((await fetchProgress(e2e.server, game.id, running)).questions.map((q) => q.status)).toEqual(['DONE', ...Array.from({ length: total - 1 }, () => null)]);
      await expectFitsScreen(page, 'question 2 after the game was changed');
      await expectNoSeriousA11yViolations(page);
      await saveScreenshot(page, 'player-version-kept-en');

      // And it plays on: question 2 of its version is judged as it was written.
      const second = nextProgressReply(page, 'set-question-status', 'ANSWERED');
      await page.getByTestId('answer-input').fill(answerOf(1));
      await page.getByTestId('answer-input').press('Enter');
      expect((await second).status()).toBe(200);
      await page.locator('[data-testid="answer-result"][data-result="right"]').waitFor();

      // The finished play keeps its questions, hint and score.
      const after = await fetchProgress(e2e.server, game.id, finished);
      expect(after.questions).toEqual(before.questions);
      expect(after.score).toBe(before.score);
      p.expectNoErrors();
    } finally {
      await p.close();
    }

    // The admin's editor says that a play is under way and keeps its version, in both languages, on both phones.
    const admin = await loginViaApi(e2e.server, DEMO_ADMIN);
    for (const language of ['he', 'en'] as const) {
      for (const width of [390, 360]) {
        const editor = await newPhonePage(e2e.browser, { baseURL: e2e.server.url, language, viewport: { width, height: width === 390 ? 844 : 800 } });
        try {
          await storeSession(editor.context, admin);
          await openPage(editor.page, `/game-editor/${game.id}`);
          const notice = editor.page.getByTestId('plays-running');
          await notice.waitFor();
          expect(await notice.textContent()).toBe(studioTexts[language].editor.playsRunning_one);
          await expectFitsScreen(editor.page, `the editor's notice (${language}, ${width})`);
          await expectNoSeriousA11yViolations(editor.page);
          await saveScreenshot(editor.page, `editor-plays-running-${language}-${width}`);
          editor.expectNoErrors();
        } finally {
          await editor.close();
        }
      }
    }
  });
});
