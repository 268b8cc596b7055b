import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EditableGame, GameProgressRequest, Language } from '@streethunt/shared';
import offlinePackEn from '../src/i18n/player/offline-pack.en.json';
import offlinePackHe from '../src/i18n/player/offline-pack.he.json';
import outboxEn from '../src/i18n/player/outbox.en.json';
import outboxHe from '../src/i18n/player/outbox.he.json';
import { openPage } from './support/app.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { newPhonePage } from './support/browser.ts';
import { englishGame, type DemoGame } from './support/demo-games.ts';
import { startE2e } from './support/fixture.ts';
import { expectFitsScreen } from './support/phone-layout.ts';
import { buyCodeViaApi, enterCode, fetchProgress, nextProgressReply, questionView } from './support/player.ts';
import { saveScreenshot } from './support/screenshots.ts';
import { DEMO_ADMIN, editableCopy, loginViaApi, noisePng, ownerGame, studioApi } from './support/studio.ts';
import { fill, texts } from './support/texts.ts';

// A whole offline stretch of a play under the app's service worker (DESIGN.md section 14): the game is
// saved for offline, the network goes, the page is reloaded and opens at the question it was on with its
// opened hint; a number and a choice are judged on the phone by the hashes, a photo is kept; the network
// returns and the server holds each change and the photo exactly once.

const e2e = startE2e();
let game: DemoGame;
const packTexts = { he: offlinePackHe, en: offlinePackEn } as const;
const outboxTexts = { he: outboxHe, en: outboxEn } as const;

beforeAll(async () => {
  game = await englishGame();
});

const words = {
  en: { length: 'How many metres long is the kiosk row?', hint: 'Count the benches', year: 'Which year was the city founded?', photo: 'Take a photo of the fountain.' },
  he: { length: 'כמה מטרים אורכה שורת הקיוסקים?', hint: 'ספרו את הספסלים', year: 'באיזו שנה נוסדה העיר?', photo: 'צלמו את המזרקה.' },
};

/** The admin saves the game as a number (with a hint), a choice and a photo, in this language. */
async function rewrite(language: Language): Promise<void> {
  const admin = await loginViaApi(e2e.server, DEMO_ADMIN);
  const stored = await ownerGame(e2e.server, admin, game.id);
  const copy = editableCopy(stored);
  const w = words[language];
  const after = { content: '', contentAfterAnswer: '<p>✓</p>' };
  const questions: EditableGame['questions'] = [
    {
      id: 'offline-number',
      content: `<p>${w.length}</p>`,
      location: null,
      hints: [{ id: 'offline-number-hint', title: '', content: `<p>${w.hint}</p>` }],
      answer: { kind: 'number', value: 120, tolerance: 5, ...after },
    },
    {
      id: 'offline-choice',
      content: `<p>${w.year}</p>`,
      location: null,
      hints: [],
      answer: {
        kind: 'choice',
        options: [
          { id: 'y1878', text: '1878', correct: false },
          { id: 'y1909', text: '1909', correct: true },
        ],
        ...after,
      },
    },
    { id: 'offline-photo', content: `<p>${w.photo}</p>`, location: null, hints: [], answer: { kind: 'photo', judging: 'on-upload', content: '', contentAfterAnswer: '' } },
  ];
  await studioApi(e2e.server, admin, `/api/games/${game.id}`, { ...copy, metadata: { ...copy.metadata, language }, questions, version: stored.version });
}

/** What reached the server from the page (2xx), in order: progress changes and photo uploads. */
function recordDelivered(page: Page): string[] {
  const delivered: string[] = [];
  page.on('response', (response) => {
    const request = response.request();
    const path = new URL(response.url()).pathname;
    if (request.method() !== 'POST' || response.status() !== 200) return;
    if (path === '/api/play-photos') delivered.push('photo');
    if (path !== '/api/game-progress') return;
    const body = request.postDataJSON() as GameProgressRequest & { questionIndex?: number; questionStatus?: string; hintIndex?: number };
    if (body.action === 'set-question-status') delivered.push(`${body.questionIndex} ${body.questionStatus}`);
    if (body.action === 'show-question-hint') delivered.push(`hint ${body.questionIndex}/${body.hintIndex}`);
  });
  return delivered;
}

/** Right answers judged on the phone; then on to the next question (queued while offline). */
async function answerOffline(page: Page, language: Language, index: number, give: () => Promise<void>) {
  const t = texts[language];
  await give();
  const result = page.locator('[data-testid="answer-result"][data-result="right"]');
  await result.waitFor();
  expect(await result.getAttribute('aria-label')).toBe(t.player.answer.right);
  await page.getByTestId('after-answer').getByTestId('question-continue').click();
  await questionView(page, index + 1).waitFor();
}

describe('a play offline under the service worker', () => {
  it.each([
    ['he', 390, 844],
    ['en', 360, 800],
  ] as const)(
    '%s at %i px: saved, reloaded with no network at its question, two answers and a photo offline, each on the server once',
    { timeout: 240_000 },
    async (language, width, height) => {
      await rewrite(language);
      const t = texts[language];
      const code = (await buyCodeViaApi(e2e.server, game.id)).code;
      const phone = await newPhonePage(e2e.browser, { baseURL: e2e.server.url, language, viewport: { width, height }, serviceWorkers: 'allow' });
      const { page, context } = phone;
      const delivered = recordDelivered(page);
      try {
        await openPage(page, `/game/${game.id}`);
        await enterCode(page, t, code);
        await questionView(page, 0).waitFor();

        // Online: the hint is opened.
        const hintSent = nextProgressReply(page, 'show-question-hint');
        await page.getByTestId('hint-1').click();
        await page.getByRole('dialog').getByRole('button', { name: t.player.hints.confirmYes, exact: true }).click();
        expect((await hintSent).status()).toBe(200);
        await page.getByText(words[language].hint).waitFor();

        // The worker takes the page from its next load on; a reload keeps the page the player was on.
        await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
        if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload();
        await questionView(page, 0).waitFor();
        expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

        // Saved for offline, from under the question.
        const o = packTexts[language];
        await page.getByTestId('offline-pack-open').first().click();
        const dialog = page.getByRole('dialog', { name: o.title });
        await dialog.getByTestId('pack-download').click();
        await dialog.getByTestId('pack-done').waitFor({ timeout: 30_000 });
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'hidden' });

        // No network, and a reload: the question it was on, with its hint.
        await context.setOffline(true);
        await page.reload();
        await questionView(page, 0).waitFor({ timeout: 15_000 });
        await page.getByText(words[language].hint).waitFor();
        await page.getByTestId('offline-banner').waitFor();
        await expectFitsScreen(page, `offline question (${language}, ${width})`);
        await expectNoSeriousA11yViolations(page);
        await saveScreenshot(page, `player-offline-reloaded-${language}-${width}`);

        await answerOffline(page, language, 0, async () => {
          const number = page.getByLabel(t.player.answer.numberLabel);
          await number.fill('118');
          await number.press('Enter');
        });
        await answerOffline(page, language, 1, async () => {
          await page.getByRole('radio', { name: '1909' }).check();
          await page.getByRole('button', { name: t.player.answer.submit }).click();
        });
        await page.getByTestId('photo-take-input').setInputFiles({ name: 'fountain.png', mimeType: 'image/png', buffer: noisePng(900, 700, 3) });
        await page.getByTestId('photo-queued').getByText(t.player.photo.keptOffline).waitFor({ timeout: 15_000 });

        // The phone says what waits: four changes (two answers, two continues) and the photo.
        const ob = outboxTexts[language];
        const form = (key: 'changes' | 'photos', count: number) => {
          const rule = new Intl.PluralRules(language).select(count);
          return fill((ob as Record<string, string>)[`${key}_${rule}`] ?? ob[`${key}_other`], { count: String(count) });
        };
        const waiting = fill(ob.waiting, { what: fill(ob.both, { changes: form('changes', 4), photos: form('photos', 1) }) });
        await page.getByTestId('outbox-status').getByText(waiting).waitFor();
        await expectFitsScreen(page, `photo kept offline (${language}, ${width})`);
        await saveScreenshot(page, `player-offline-outbox-photo-${language}-${width}`);
        expect(delivered).toEqual(['hint 0/0']);

        // Back online: everything reaches the server, once each, in the order it was made.
        await context.setOffline(false);
        await page.evaluate(() => window.dispatchEvent(new Event('online')));
        await expect
          .poll(async () => {
            const progress = await fetchProgress(e2e.server, game.id, code);
            return progress.questions.map((q) => `${q.status}${q.photo ? ' photo' : ''}`);
          }, { timeout: 30_000, interval: 1_500 })
          .toEqual(['DONE', 'DONE', expect.stringMatching(/photo$/)]);
        await page.getByTestId('outbox-status').waitFor({ state: 'detached', timeout: 15_000 }).catch(() => undefined);
        expect(await page.getByTestId('outbox-status').count()).toBe(0);
        expect(delivered).toEqual(['hint 0/0', '0 ANSWERED', '0 DONE', '1 ANSWERED', '1 DONE', 'photo']);
        phone.expectNoErrors({ allowConsole: [/ERR_INTERNET_DISCONNECTED|net::ERR_FAILED|Failed to fetch|WebSocket/] });
      } finally {
        await phone.close();
      }
    },
  );
});
