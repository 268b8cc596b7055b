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
import { fill, studioTexts, texts } from './support/texts.ts';

// A game that forks (DESIGN.md section 12): the admin saves the English demo game (this file's server
// is its own) as a fork where the harbour and the clock tower each open on their own option, and a gate
// every path reaches.

const e2e = startE2e();
let game: DemoGame;

beforeAll(async () => {
  game = await englishGame();
});

const words = {
  en: {
    fork: 'Left to the harbour, or right to the clock tower?',
    harbour: 'The harbour',
    tower: 'The clock tower',
    boats: 'How many boats are tied at the pier?',
    face: 'What colour is the clock face?',
    said: 'The sea wind follows you down the steps.',
    gate: 'Walk on to the old gate.',
  },
  he: {
    fork: 'שמאלה לנמל, או ימינה למגדל השעון?',
    harbour: 'הנמל',
    tower: 'מגדל השעון',
    boats: 'כמה סירות קשורות לרציף?',
    face: 'באיזה צבע לוח השעון?',
    said: 'רוח הים מלווה אתכם במורד המדרגות.',
    gate: 'המשיכו ללכת אל השער העתיק.',
  },
};

const FORK = 0;
const HARBOUR = 1;
const TOWER = 2;
const GATE = 3;

/** The admin saves the fork in this language: the harbour says a line, the clock tower gives 50 points; time does not count. */
async function saveFork(language: Language): Promise<void> {
  const admin = await loginViaApi(e2e.server, DEMO_ADMIN);
  const stored = await ownerGame(e2e.server, admin, game.id);
  const copy = editableCopy(stored);
  const w = words[language];
  const after = { content: '', contentAfterAnswer: '<p>✓</p>' };
  const questions: EditableGame['questions'] = [
    {
      id: 'fork',
      content: `<p>${w.fork}</p>`,
      location: null,
      hints: [],
      answer: {
        kind: 'choice',
        options: [
          { id: 'harbour', text: w.harbour, correct: true },
          { id: 'tower', text: w.tower, correct: true },
        ],
        ...after,
      },
      then: [
        { on: { chose: 'harbour' }, do: [{ say: w.said }] },
        { on: { chose: 'tower' }, do: [{ addPoints: 50 }] },
      ],
    },
    { id: 'boats', content: `<p>${w.boats}</p>`, location: null, hints: [], answer: { kind: 'text', value: 'seven, 7, שבע', ...after }, when: { chose: { question: 'fork', option: 'harbour' } } },
    { id: 'face', content: `<p>${w.face}</p>`, location: null, hints: [], answer: { kind: 'text', value: 'white, לבן', ...after }, when: { chose: { question: 'fork', option: 'tower' } } },
    { id: 'gate', content: `<p>${w.gate}</p>`, location: null, hints: [], answer: { kind: 'none', content: '', contentAfterAnswer: '' } },
  ];
  const scoring = { wrongAttemptPenalty: 0, timePenalty: false };
  await studioApi(e2e.server, admin, `/api/games/${game.id}`, { ...copy, metadata: { ...copy.metadata, language, scoring, order: 'linear' }, questions, version: stored.version });
}

describe('a game that forks, on phones', () => {
  it('en at 390 px: two phones of one team pick different options at once; the answer the server takes first decides, and both follow it', async () => {
    await saveFork('en');
    const t = texts.en;
    const w = words.en;
    const code = (await buyCodeViaApi(e2e.server, game.id)).code;
    const phones = [
      await newPhonePage(e2e.browser, { baseURL: e2e.server.url, language: 'en', viewport: { width: 390, height: 844 } }),
      await newPhonePage(e2e.browser, { baseURL: e2e.server.url, language: 'en', viewport: { width: 390, height: 844 } }),
    ];
    try {
      for (const { page } of phones) {
        await openPage(page, `/game/${game.id}`);
        await enterCode(page, t, code);
        await questionView(page, FORK).waitFor();
      }
      const [a, b] = phones.map((p) => p.page) as [typeof phones[0]['page'], typeof phones[0]['page']];
      await expectFitsScreen(a, 'the fork (en, 390)');
      await expectNoSeriousA11yViolations(a);
      await saveScreenshot(a, 'player-flow-fork-en-390');

      await a.getByRole('radio', { name: w.harbour }).check();
      await b.getByRole('radio', { name: w.tower }).check();
      // At once: each phone's answer is held on its way until both have left, so both phones took
      // their own option before the server (or its live news of the other) answers either.
      let held = 0;
      let releaseBoth: () => void = () => undefined;
      const bothSent = new Promise<void>((resolve) => (releaseBoth = resolve));
      for (const page of [a, b]) {
        await page.route('**/api/game-progress', async (route) => {
          const body = route.request().postDataJSON() as { action?: string; questionStatus?: string } | null;
          if (body?.action === 'set-question-status' && body.questionStatus === 'ANSWERED' && ++held === 2) releaseBoth();
          if (body?.questionStatus === 'ANSWERED') await bothSent;
          await route.continue();
        });
      }
      const replies = [nextProgressReply(a, 'set-question-status', 'ANSWERED'), nextProgressReply(b, 'set-question-status', 'ANSWERED')];
      await Promise.all([a, b].map((page) => page.getByRole('button', { name: t.player.answer.submit }).click()));
      expect((await Promise.all(replies)).map((reply) => reply.status())).toEqual([200, 200]);
      for (const page of [a, b]) await page.unroute('**/api/game-progress');

      const taken = (await fetchProgress(e2e.server, game.id, code)).questions[FORK]!.chose;
      expect(['harbour', 'tower']).toContain(taken);
      const [winner, loser] = taken === 'harbour' ? [a, b] : [b, a];
      const branch = taken === 'harbour' ? HARBOUR : TOWER;
      const other = taken === 'harbour' ? TOWER : HARBOUR;
      // The phone whose option lost is told the team's other phone decided; the one that won is not.
      const overruled = loser.getByTestId('flow-overruled');
      await overruled.waitFor();
      expect(await overruled.textContent()).toContain(fill(t.player.flow.overruled, { n: '1' }));
      expect(await winner.getByTestId('flow-overruled').count()).toBe(0);
      await expectFitsScreen(loser, 'told that the other phone decided (en, 390)');
      await expectNoSeriousA11yViolations(loser);
      await saveScreenshot(loser, 'player-flow-overruled-en-390');
      if (taken === 'harbour') {
        // The harbour's line is said on both phones, once, with the text after the answer.
        for (const page of [a, b]) expect(await page.getByTestId('flow-said').textContent()).toContain(w.said);
      }

      // One phone goes on; the other follows live: each shows the branch the server took, with a word that a path opened it.
      await winner.getByTestId('after-answer').getByTestId('question-continue').click();
      for (const page of [a, b]) {
        await questionView(page, branch).waitFor();
        expect(await questionView(page, other).count()).toBe(0);
        expect(await page.getByTestId('flow-opened').textContent()).toBe(t.player.flow.opened);
      }
      await saveScreenshot(winner, 'player-flow-branch-en-390');

      // The other branch is closed to the API too.
      const refused = await fetch(`${e2e.server.url}/api/game-progress`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ action: 'set-question-status', gameId: game.id, secretCode: code, questionIndex: other, questionStatus: 'STARTED' }),
      });
      expect([refused.status, ((await refused.json()) as { code: string }).code]).toEqual([409, 'not_playable']);

      // The winner plays its branch and the gate; the game ends with the other branch never shown.
      const input = winner.getByTestId('answer-input');
      const answered = nextProgressReply(winner, 'set-question-status', 'ANSWERED');
      await input.fill(taken === 'harbour' ? 'seven' : 'white');
      await input.press('Enter');
      expect((await answered).status()).toBe(200);
      await winner.getByTestId('after-answer').getByTestId('question-continue').click();
      await questionView(winner, GATE).waitFor();
      const ended = nextProgressReply(winner, 'set-end-time');
      await winner.getByTestId('question-arrived').click();
      expect((await ended).status()).toBe(200);
      const stored = await fetchProgress(e2e.server, game.id, code);
      expect(stored.questions.map((q) => q.status)).toEqual(['DONE', ...(branch === HARBOUR ? ['DONE', null] : [null, 'DONE']), 'DONE']);
      expect(stored.flow).toEqual({ playable: ['fork', branch === HARBOUR ? 'boats' : 'face', 'gate'], next: null, over: true });
      // Three questions, and the clock tower's 50 points when it was taken.
      expect(stored.score).toBe(300 + (taken === 'tower' ? 50 : 0));
      await winner.getByTestId('summary').waitFor();
      for (const p of phones) p.expectNoErrors();
    } finally {
      for (const p of phones) await p.close();
    }
  });

  it('he at 360 px: the fork taken offline opens its branch on the phone at once; the server judges it the same on sync', async () => {
    await saveFork('he');
    const t = texts.he;
    const w = words.he;
    const code = (await buyCodeViaApi(e2e.server, game.id)).code;
    const p = await newPhonePage(e2e.browser, { baseURL: e2e.server.url, language: 'he', viewport: { width: 360, height: 800 } });
    const { page, context } = p;
    try {
      await openPage(page, `/game/${game.id}`);
      await enterCode(page, t, code);
      await questionView(page, FORK).waitFor();
      await expectFitsScreen(page, 'the fork (he, 360)');
      await saveScreenshot(page, 'player-flow-fork-he-360');

      await context.setOffline(true);
      await page.getByRole('radio', { name: w.harbour }).check();
      await page.getByRole('button', { name: t.player.answer.submit }).click();
      // Judged on the phone: the harbour's line is said at once, and going on opens the harbour.
      expect(await page.getByTestId('flow-said').textContent()).toContain(w.said);
      await expectFitsScreen(page, 'a line the story says, offline (he, 360)');
      await expectNoSeriousA11yViolations(page);
      await saveScreenshot(page, 'player-flow-said-he-360');
      await page.getByTestId('after-answer').getByTestId('question-continue').click();
      await questionView(page, HARBOUR).waitFor();
      expect(await questionView(page, TOWER).count()).toBe(0);
      expect(await page.getByTestId('flow-opened').textContent()).toBe(t.player.flow.opened);
      await page.getByTestId('answer-input').fill('שבע');
      await page.getByTestId('answer-input').press('Enter');
      await page.getByTestId('after-answer').waitFor();
      await expectNoSeriousA11yViolations(page);
      await saveScreenshot(page, 'player-flow-branch-offline-he-360');

      const synced = nextProgressReply(page, 'set-question-status', 'ANSWERED');
      await context.setOffline(false);
      await page.evaluate(() => window.dispatchEvent(new Event('online')));
      expect((await synced).status()).toBe(200);
      await expect.poll(async () => (await fetchProgress(e2e.server, game.id, code)).questions.map((q) => [q.status, q.chose ?? null]), { timeout: 10_000 }).toEqual([
        ['DONE', 'harbour'],
        ['ANSWERED', null],
        [null, null],
        [null, null],
      ]);
      // The server judged the same: no word of another branch.
      expect(await page.getByTestId('flow-overruled').count()).toBe(0);
      p.expectNoErrors({ allowConsole: [/ERR_INTERNET_DISCONNECTED/] });
    } finally {
      await p.close();
    }
  });

  it.each([
    ['he', 360, 800],
    ['en', 390, 844],
  ] as const)('the editor’s path simulator, %s at %i px: picking the harbour opens its question and passes the clock tower over', async (language, width, height) => {
    await saveFork(language);
    const s = studioTexts[language].editor.flowSim;
    const admin = await loginViaApi(e2e.server, DEMO_ADMIN);
    const editor = await newPhonePage(e2e.browser, { baseURL: e2e.server.url, language, viewport: { width, height } });
    try {
      await storeSession(editor.context, admin);
      await openPage(editor.page, `/game-editor/${game.id}`);
      await editor.page.getByTestId('flow-sim-open').click();
      const simulator = editor.page.getByTestId('flow-simulator');
      await simulator.waitFor();
      const rows = simulator.getByTestId('flow-sim-question');
      const statesNow = async () => Promise.all((await rows.all()).map((row) => row.getAttribute('data-state')));
      expect(await statesNow()).toEqual(['open', 'waiting', 'waiting', 'waiting']);
      await simulator.getByRole('button', { name: fill(s.choose, { option: words[language].harbour }) }).click();
      expect(await statesNow()).toEqual(['done', 'open', 'passed', 'waiting']);
      expect(await simulator.getByTestId('flow-sim-said').textContent()).toContain(words[language].said);
      await expectFitsScreen(editor.page, `the path simulator (${language}, ${width})`);
      await expectNoSeriousA11yViolations(editor.page);
      await saveScreenshot(editor.page, `editor-flow-simulator-${language}-${width}`);
      editor.expectNoErrors();
    } finally {
      await editor.close();
    }
  });
});

