import { beforeAll, describe, expect, it } from 'vitest';
import type { EditorGame } from '@streethunt/shared';
import { expectNoSeriousA11yViolations, finishTransitions } from './support/axe.ts';
import { newPhonePage, type Language, type PhonePage } from './support/browser.ts';
import { englishGame, freeGame, mapGame, type DemoGame } from './support/demo-games.ts';
import { startE2e } from './support/fixture.ts';
import { expectFitsScreen } from './support/phone-layout.ts';
import { saveScreenshot } from './support/screenshots.ts';
import { DEMO_ADMIN, editableCopy, loginViaApi, ownerGame, studioApi } from './support/studio.ts';
import { texts } from './support/texts.ts';

// A game says how accessible it is (DESIGN.md section 16). The free demo game, which states nothing,
// is marked step-free with its figures and notes through the API (an admin's save of a listed game);
// the map game is step-free in the demo data and the English one is not. On a phone, in Hebrew at 360 px
// and in English at 390 px: 'Step-free only' keeps the URL's stepFree=yes and shows the step-free games
// and not the other; their cards carry the badge and the figures in words; the intro shows step-free,
// the figures and the notes. Each screen fits, is axe clean and is photographed.

const e2e = startE2e();

const NOTES = 'שבילים סלולים ומישוריים בין הדוכנים; שירותים נגישים בכניסה לשוק.';
let marked: DemoGame;
let stepFree: DemoGame;
let notStepFree: DemoGame;

beforeAll(async () => {
  [marked, stepFree, notStepFree] = await Promise.all([freeGame(), mapGame(), englishGame()]);
  const admin = await loginViaApi(e2e.server, DEMO_ADMIN);
  const current = await ownerGame(e2e.server, admin, marked.id);
  const game = editableCopy(current);
  const saved = await studioApi<{ data: EditorGame }>(e2e.server, admin, `/api/games/${marked.id}`, {
    ...game,
    metadata: { ...game.metadata, accessibility: { stepFree: 'yes', lengthKm: 1.2, durationMinutes: 60, notes: NOTES } },
    version: current.version,
  });
  expect(saved.data.metadata.accessibility).toEqual({ stepFree: 'yes', lengthKm: 1.2, durationMinutes: 60, notes: NOTES });
}, 60_000);

async function check(p: PhonePage, name: string): Promise<void> {
  await finishTransitions(p.page);
  await expectFitsScreen(p.page, name);
  await expectNoSeriousA11yViolations(p.page);
  await saveScreenshot(p.page, name);
}

const card = (p: PhonePage, game: DemoGame) => p.page.getByTestId('game-card').filter({ hasText: game.content.metadata.name });

describe('step-free games on a phone', () => {
  const screens: Array<{ language: Language; viewport: { width: number; height: number }; figures: string }> = [
    { language: 'he', viewport: { width: 360, height: 800 }, figures: '1.2 ק״מ · כ־60 דק׳' },
    { language: 'en', viewport: { width: 390, height: 844 }, figures: '1.2 km · about 60 min' },
  ];
  for (const { language, viewport, figures } of screens) {
    it(`the list filters step-free games, the card and the intro show the figures (${language}, ${viewport.width} px)`, { timeout: 120_000 }, async () => {
      const t = texts[language];
      const p = await newPhonePage(e2e.browser, { baseURL: e2e.server.url, language, viewport });
      const { page } = p;
      try {
        await page.goto('/games');
        await card(p, notStepFree).waitFor();
        const only = page.getByRole('button', { name: t.games.filters.stepFree, exact: true });
        expect(await only.getAttribute('aria-pressed')).toBe('false');
        await only.click();
        await page.waitForURL((url) => url.searchParams.get('stepFree') === 'yes');
        await expect.poll(() => card(p, notStepFree).count()).toBe(0);
        await card(p, marked).waitFor();
        await card(p, stepFree).waitFor();
        expect(await only.getAttribute('aria-pressed')).toBe('true');

        const markedCard = card(p, marked);
        expect(await markedCard.getByTestId('game-step-free').textContent()).toBe(t.walk.stepFree);
        const words = (await markedCard.getByTestId('game-walk-figures').textContent())?.replace(t.walk.figuresLabel, '').trim().replace(/\s/g, ' ');
        expect(words).toBe(figures.replace(/\s/g, ' '));
        await markedCard.scrollIntoViewIfNeeded();
        await check(p, `step-free-list-${language}-${viewport.width}`);

        // A shared link opens with the filter on.
        await page.reload();
        await card(p, marked).waitFor();
        expect(await page.getByRole('button', { name: t.games.filters.stepFree, exact: true }).getAttribute('aria-pressed')).toBe('true');
        expect(await card(p, notStepFree).count()).toBe(0);

        // The intro: step-free, the figures and the creator's notes.
        await markedCard.getByRole('link').click();
        await page.waitForURL((url) => url.pathname === `/game/${marked.id}`);
        const block = page.getByTestId('intro-walk');
        await block.waitFor();
        // In the game's own language: the interface switches to it once the game is in, a moment after the page shows.
        await expect.poll(() => block.getByTestId('intro-step-free').textContent()).toBe(texts.he.walk.stepFreeYes);
        expect(await block.getByTestId('intro-walk-notes').textContent()).toBe(NOTES);
        await block.scrollIntoViewIfNeeded();
        await check(p, `step-free-intro-${language}-${viewport.width}`);

        // The English game is not step-free: its intro says so, in its own language.
        await page.goto(`/game/${notStepFree.id}`);
        const other = page.getByTestId('intro-walk');
        await other.waitFor();
        await expect.poll(() => other.getByTestId('intro-step-free').textContent()).toBe(texts.en.walk.stepFreeNo);
        await other.scrollIntoViewIfNeeded();
        await check(p, `not-step-free-intro-${language}-${viewport.width}`);
        p.expectNoErrors();
      } finally {
        await p.close();
      }
    });
  }
});
