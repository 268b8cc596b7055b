import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { fieldLabel, pageHeading, viaMenu } from './support/app.ts';
import { checkPage } from './support/check-page.ts';
import { expectKeyColumnOnScreen } from './support/phone-layout.ts';
import { changeViaApi, listedGameNames, pendingGameViaApi } from './support/admin.ts';
import { newPhonePage, type Language } from './support/browser.ts';
import { englishGame, mapGame, type DemoGame } from './support/demo-games.ts';
import { startE2e } from './support/fixture.ts';
import { enterCode, questionView, stubMapTiles } from './support/player.ts';
import { saveScreenshot } from './support/screenshots.ts';
import { DEMO_ADMIN, DEMO_CREATOR, loginViaApi, nextReply, runId, storeSession, type StoredSession } from './support/studio.ts';
import { fill, studioTexts, texts } from './support/texts.ts';

// The admin's pages, in Hebrew on a 360 px phone and in English on a 390 px one:
// a game a creator sent to approval is approved and appears on /games; another is sent back with a
// reason the creator then reads in the editor; 3 codes with a prefix are generated and one of them
// starts a play; the users page searches on the server; a creator is refused on the admin pages.
// Every page fits the screen, is axe clean, and is photographed at 360 and 390 px.

const e2e = startE2e();

const SCREEN: Record<Language, { width: number; height: number }> = {
  he: { width: 360, height: 800 },
  en: { width: 390, height: 844 },
};

let admin: StoredSession;
let creator: StoredSession;
let demo: DemoGame;

beforeAll(async () => {
  [admin, creator] = await Promise.all([loginViaApi(e2e.server, DEMO_ADMIN), loginViaApi(e2e.server, DEMO_CREATOR)]);
  demo = await mapGame();
});



/** Slows one GET so its loading state can be seen (a local server answers in a few milliseconds). */
async function slowDown(page: Page, path: string, ms: number) {
  await page.route(
    (url) => url.pathname === path,
    async (route) => {
      await new Promise((resolve) => setTimeout(resolve, ms));
      await route.continue();
    },
  );
}


/** The row of the admin's table that names `name`. */
function row(page: Page, tableLabel: string, name: string) {
  return page.getByRole('table', { name: tableLabel }).getByRole('row').filter({ hasText: name });
}

describe('the admin approves, sends back and generates codes', () => {
  for (const language of ['he', 'en'] as const) {
    it(`approve one game, send another back with a reason (${language})`, { timeout: 150_000 }, async () => {
      const s = studioTexts[language];
      const g = s.adminGames;
      const id = runId();
      const approveName = `E2E approve ${language} ${id}`;
      const sendBackName = `E2E send back ${language} ${id}`;
      const changedName = `E2E changed ${language} ${id}`;
      const reason = `${language === 'he' ? 'השאלה השנייה צריכה מקום בטוח יותר לעמוד בו.' : 'Question 2 needs a safer place to stand.'} ${id}`;
      const [approveId, sendBackId, changedId] = await Promise.all([
        pendingGameViaApi(e2e.server, creator, demo.id, approveName),
        pendingGameViaApi(e2e.server, creator, demo.id, sendBackName),
        pendingGameViaApi(e2e.server, creator, demo.id, changedName),
      ]);
      expect(await listedGameNames(e2e.server)).not.toContain(approveName);

      const p = await newPhonePage(e2e.browser, { baseURL: e2e.server.url, language, viewport: SCREEN[language] });
      const { page, context } = p;
      await stubMapTiles(context);
      await storeSession(context, admin);
      try {
        // The menu's 'pending games' item leads to the queue, which says it is loading first.
        await slowDown(page, '/api/games/pending-games', 600);
        await page.goto('/games');
        await viaMenu(page, texts[language].menu, texts[language].menu.adminPendingGames);
        await page.waitForURL((url) => url.pathname === '/admin-pending-games');
        await page.getByRole('status').filter({ hasText: g.loading }).waitFor();
        await pageHeading(page, g.title).waitFor();
        await row(page, g.table.label, approveName).waitFor();
        await row(page, g.table.label, sendBackName).waitFor();
        await page.unroute((url) => url.pathname === '/api/games/pending-games');
        // On a phone the name shows beside the pinned actions, with the status under it; the status,
        // currency (the price shows it) and row number columns come from a wider screen.
        const table = page.getByRole('table', { name: g.table.label });
        await expectKeyColumnOnScreen(page, table, g.table.name, SCREEN[language].width);
        for (const header of [g.table.status, g.table.currency, g.table.number]) expect(await table.getByRole('columnheader', { name: header, exact: true }).count()).toBe(0);
        const badge = await row(page, g.table.label, approveName).locator('[data-status="PENDING"]').boundingBox();
        const actions = await table.getByRole('columnheader').last().boundingBox();
        expect(badge && actions && badge.x >= 0 && badge.x + badge.width <= SCREEN[language].width).toBe(true);
        expect(badge!.x + badge!.width <= actions!.x + 0.5 || badge!.x >= actions!.x + actions!.width - 0.5, 'the status beside the pinned actions').toBe(true);
        await checkPage(page, `admin-pending-games-${language}-${SCREEN[language].width}`);

        // Edit leads to the game's editor.
        expect(await row(page, g.table.label, approveName).getByRole('link', { name: g.actions.edit, exact: true }).getAttribute('href')).toBe(
          `/game-editor/${approveId}`,
        );

        // Approve: an alert says so, the row leaves the queue, and /games lists the game at once.
        const approved = nextReply(page, 'POST', `/api/games/approve/${approveId}`);
        await row(page, g.table.label, approveName).getByRole('button', { name: g.actions.approve, exact: true }).click();
        expect((await approved).status()).toBe(200);
        await page.getByRole('alert').filter({ hasText: fill(g.approved, { name: approveName }) }).waitFor();
        await row(page, g.table.label, approveName).waitFor({ state: 'detached' });
        expect(await listedGameNames(e2e.server)).toContain(approveName);

        // A game its creator changed after the list was read is not approved: the admin is told and
        // reloads the list to review it again.
        await row(page, g.table.label, changedName).waitFor();
        await changeViaApi(e2e.server, creator, changedId);
        const refused = nextReply(page, 'POST', `/api/games/approve/${changedId}`);
        await row(page, g.table.label, changedName).getByRole('button', { name: g.actions.approve, exact: true }).click();
        expect((await refused).status()).toBe(409);
        const changed = page.getByTestId('admin-game-changed');
        await changed.getByText(fill(g.changed.title, { name: changedName })).waitFor();
        expect(await listedGameNames(e2e.server)).not.toContain(changedName);
        await checkPage(page, `admin-approve-changed-${language}-${SCREEN[language].width}`);
        await changed.getByRole('button', { name: g.changed.reload, exact: true }).click();
        await changed.waitFor({ state: 'detached' });
        await row(page, g.table.label, changedName).waitFor();

        // Send back: a reason is asked for; the creator reads it in the editor.
        await row(page, g.table.label, sendBackName).getByRole('button', { name: g.actions.sendBack, exact: true }).click();
        const dialog = page.getByRole('dialog', { name: g.review.sendBackTitle });
        await dialog.getByText(sendBackName, { exact: true }).waitFor();
        await dialog.getByLabel(fieldLabel(g.review.reason)).fill(reason);
        await checkPage(page, `admin-send-back-${language}-${SCREEN[language].width}`);
        const sentBack = nextReply(page, 'POST', `/api/games/send-back/${sendBackId}`);
        await dialog.getByRole('button', { name: g.review.sendBackConfirm, exact: true }).click();
        expect((await sentBack).status()).toBe(200);
        await dialog.waitFor({ state: 'detached' });
        await row(page, g.table.label, sendBackName).waitFor({ state: 'detached' });

        // The approved game on /games, as a visitor sees it.
        await page.goto('/games');
        await page.getByTestId('game-card').filter({ hasText: approveName }).waitFor();
        // The refused approval of the changed game, as the browser logs every 4xx.
        p.expectNoErrors({ allowConsole: [/status of 409/] });
      } finally {
        await p.close();
      }

      const c = await newPhonePage(e2e.browser, { baseURL: e2e.server.url, language, viewport: SCREEN[language] });
      await stubMapTiles(c.context);
      await storeSession(c.context, creator);
      try {
        await c.page.goto(`/game-editor/${sendBackId}`);
        const note = c.page.getByTestId('review-note');
        await note.getByText(reason, { exact: true }).waitFor();
        await checkPage(c.page, `admin-sent-back-creator-sees-${language}-${SCREEN[language].width}`);
        c.expectNoErrors();
      } finally {
        await c.close();
      }
    });

    it(`3 codes with a prefix, one of which starts a play (${language})`, { timeout: 150_000 }, async () => {
      const s = studioTexts[language];
      const k = s.adminCodes;
      const game = await englishGame();
      const name = game.content.metadata.name;
      const prefix = `E2E${language.toUpperCase()}`;
      const p = await newPhonePage(e2e.browser, { baseURL: e2e.server.url, language, viewport: SCREEN[language] });
      const { page, context } = p;
      await storeSession(context, admin);
      let codes: string[];
      try {
        await page.goto('/admin-generate-codes');
        await pageHeading(page, k.title).waitFor();
        await page.getByLabel(fieldLabel(k.game.label)).first().waitFor();
        // No game: 'Please select game', and nothing is asked.
        await page.locator('main').getByRole('button', { name: k.generate, exact: true }).click();
        await page.getByRole('alert').filter({ hasText: k.selectGame }).waitFor();
        await checkPage(page, `admin-generate-codes-${language}-${SCREEN[language].width}`);

        await page.getByLabel(fieldLabel(k.game.label)).first().click();
        await page.getByRole('option').filter({ hasText: name }).first().click();
        const prefixField = page.getByLabel(fieldLabel(k.prefix.label));
        await prefixField.fill(prefix);
        // A left-to-right code starts on the left, on the Hebrew page too.
        expect(await prefixField.evaluate((input) => [input.getAttribute('dir'), getComputedStyle(input).textAlign])).toEqual(['ltr', 'left']);
        const count = page.getByLabel(fieldLabel(k.count.label));
        // The field takes only a positive whole number without a leading zero.
        await count.pressSequentially('03');
        expect(await count.inputValue()).toBe('3');
        await page.locator('main').getByRole('button', { name: k.generate, exact: true }).click();

        const confirm = page.getByRole('dialog', { name: k.confirm.title });
        await confirm.getByText(k.confirm.question, { exact: true }).waitFor();
        expect(await confirm.textContent()).toContain(name);
        expect(await confirm.textContent()).toContain(prefix);
        await checkPage(page, `admin-generate-codes-confirm-${language}-${SCREEN[language].width}`);
        const generated = nextReply(page, 'POST', `/api/games/generate-codes/${game.id}`);
        await confirm.getByRole('button', { name: k.confirm.yes, exact: true }).click();
        expect((await generated).status()).toBe(200);

        // The Label/Data table: the name, the game's URL, Code-1..Code-3.
        const table = page.getByTestId('generated-codes');
        await table.getByText(fill(k.result.code, { n: '3' }), { exact: true }).waitFor();
        await table.getByText(name, { exact: true }).first().waitFor();
        await table.getByText(`${e2e.server.url}/game/${game.id}`, { exact: true }).waitFor();
        codes = [];
        for (const n of [1, 2, 3]) {
          const label = table.getByRole('row').filter({ hasText: fill(k.result.code, { n: String(n) }) });
          const code = ((await label.locator('td').last().textContent()) ?? '').trim();
          expect(code.startsWith(prefix)).toBe(true);
          codes.push(code);
        }
        expect(new Set(codes).size).toBe(3);
        await checkPage(page, `admin-generated-codes-${language}-${SCREEN[language].width}`);

        // The printable sheet: one card per code, each with a QR code of the game's URL.
        await page.emulateMedia({ media: 'print' });
        const sheet = page.getByTestId('code-sheet');
        await sheet.waitFor({ state: 'visible' });
        expect(await sheet.getByTestId('code-card').count()).toBe(3);
        expect(await sheet.getByRole('img', { name: k.sheet.qrAlt }).count()).toBeGreaterThanOrEqual(1);
        await saveScreenshot(page, `admin-code-sheet-${language}-${SCREEN[language].width}`, { fullPage: true });
        await page.emulateMedia({ media: 'screen' });
        expect(await sheet.isVisible()).toBe(false);
        p.expectNoErrors();
      } finally {
        await p.close();
      }

      // A player given the second code plays the game.
      const player = await newPhonePage(e2e.browser, { baseURL: e2e.server.url, language });
      try {
        await player.page.goto(`/game/${game.id}`);
        await player.page.getByTestId('intro-page').getByRole('heading', { level: 1, name }).waitFor();
        await enterCode(player.page, texts[game.content.metadata.language as Language], codes[1]);
        await questionView(player.page, 0).waitFor();
        player.expectNoErrors();
      } finally {
        await player.close();
      }
    });

    it(`the users page searches and pages on the server (${language})`, { timeout: 90_000 }, async () => {
      const s = studioTexts[language];
      const u = s.adminUsers;
      const p = await newPhonePage(e2e.browser, { baseURL: e2e.server.url, language, viewport: SCREEN[language] });
      const { page, context } = p;
      await storeSession(context, admin);
      try {
        await slowDown(page, '/api/users/', 600);
        await page.goto('/admin-users');
        await page.getByRole('status').filter({ hasText: u.loading }).waitFor();
        await pageHeading(page, u.title).waitFor();
        const table = page.getByRole('table', { name: u.table.label });
        await table.getByText(DEMO_ADMIN.email, { exact: true }).waitFor();
        await page.unroute((url) => url.pathname === '/api/users/');
        await checkPage(page, `admin-users-${language}-${SCREEN[language].width}`);

        // The search runs on the server and lands in the URL.
        const searched = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/users/' && new URL(request.url()).searchParams.get('q') === 'creator@');
        await page.getByLabel(fieldLabel(u.search.label)).fill('creator@');
        await searched;
        await table.getByText(DEMO_CREATOR.email, { exact: true }).waitFor();
        await table.getByText(DEMO_ADMIN.email, { exact: true }).waitFor({ state: 'detached' });
        expect(new URL(page.url()).searchParams.get('q')).toBe('creator@');

        // 'Show games' lists the creator's games.
        const show = row(page, u.table.label, DEMO_CREATOR.email).getByRole('link', { name: u.showGames, exact: true });
        expect(await show.getAttribute('href')).toBe(`/games?user=${creator.userId}`);
        await show.click();
        await page.waitForURL((url) => url.pathname === '/games' && url.searchParams.get('user') === creator.userId);
        await page.getByTestId('game-card').filter({ hasText: demo.content.metadata.name }).waitFor();
        p.expectNoErrors();
      } finally {
        await p.close();
      }
    });
  }
});

describe('the admin pages on the other phone size', () => {
  const OTHER: Record<Language, { width: number; height: number }> = { he: SCREEN.en, en: SCREEN.he };
  for (const language of ['he', 'en'] as const) {
    const screen = OTHER[language];
    it(`pending and all games, the unpublish dialog, users and a generated code fit (${language}, ${screen.width} px)`, { timeout: 120_000 }, async () => {
      const s = studioTexts[language];
      const suffix = `${language}-${screen.width}`;
      const name = `E2E waiting ${language} ${runId()}`;
      await pendingGameViaApi(e2e.server, creator, demo.id, name);
      const p = await newPhonePage(e2e.browser, { baseURL: e2e.server.url, language, viewport: screen });
      const { page, context } = p;
      await storeSession(context, admin);
      try {
        await page.goto('/admin-pending-games');
        await row(page, s.adminGames.table.label, name).waitFor();
        await checkPage(page, `admin-pending-games-${suffix}`);

        // Every game: an approved one can be taken off the list (the dialog only: nothing is sent).
        await page.locator('main label').filter({ hasText: s.adminGames.list.all }).click();
        const approved = row(page, s.adminGames.table.label, demo.content.metadata.name);
        await approved.getByRole('button', { name: s.adminGames.actions.unpublish, exact: true }).click();
        const dialog = page.getByRole('dialog', { name: s.adminGames.review.unpublishTitle });
        await dialog.getByText(demo.content.metadata.name, { exact: true }).waitFor();
        await checkPage(page, `admin-unpublish-${suffix}`);
        await dialog.getByRole('button', { name: s.studio.cancel, exact: true }).click();
        await dialog.waitFor({ state: 'detached' });

        // Through the menu, as an admin moves between the pages (a reload is a new auto-login, which is rate limited).
        await viaMenu(page, texts[language].menu, texts[language].menu.adminUsers);
        await page.getByRole('table', { name: s.adminUsers.table.label }).getByText(DEMO_CREATOR.email, { exact: true }).waitFor();
        await checkPage(page, `admin-users-${suffix}`);

        await viaMenu(page, texts[language].menu, texts[language].menu.adminGenerateCodes);
        await page.getByLabel(fieldLabel(s.adminCodes.game.label)).first().click();
        await page.getByRole('option').filter({ hasText: demo.content.metadata.name }).first().click();
        await page.getByLabel(fieldLabel(s.adminCodes.count.label)).fill('1');
        await page.locator('main').getByRole('button', { name: s.adminCodes.generate, exact: true }).click();
        await page.getByRole('dialog', { name: s.adminCodes.confirm.title }).getByRole('button', { name: s.adminCodes.confirm.yes, exact: true }).click();
        await page.getByTestId('generated-codes').getByText(fill(s.adminCodes.result.code, { n: '1' }), { exact: true }).waitFor();
        await checkPage(page, `admin-generated-codes-${suffix}`);
        p.expectNoErrors();
      } finally {
        await p.close();
      }
    });
  }
});

describe('the pending games on a laptop', () => {
  it('show each status badge whole at 1366 px (it was cut to "ממתין לאי…")', { timeout: 90_000 }, async () => {
    const s = studioTexts.he;
    // A long name takes the room: the badge beside it must not give up its own.
    const name = `E2E badge ${runId()} ${'סיור ארוך מאוד ברחובות העיר העתיקה '.repeat(2).trim()}`;
    await pendingGameViaApi(e2e.server, creator, demo.id, name);
    const p = await newPhonePage(e2e.browser, { baseURL: e2e.server.url, language: 'he', viewport: { width: 1366, height: 768 } });
    const { page, context } = p;
    await storeSession(context, admin);
    try {
      await page.goto('/admin-pending-games');
      const badge = row(page, s.adminGames.table.label, name).locator('[data-status="PENDING"]:visible');
      await badge.first().waitFor();
      const label = badge.first().locator('.mantine-Badge-label');
      expect(await label.textContent()).toBe(s.studio.status.PENDING);
      // Nothing of the label is hidden: its text is no wider than the room it has.
      const cut = await label.evaluate((element) => element.scrollWidth > element.clientWidth + 1);
      expect(cut).toBe(false);
      await saveScreenshot(page, 'admin-pending-games-he-1366');
      p.expectNoErrors();
    } finally {
      await p.close();
    }
  });
});

describe('only admins', () => {
  for (const language of ['he', 'en'] as const) {
    it(`a creator who opens the admin pages is refused (${language})`, { timeout: 90_000 }, async () => {
      const s = studioTexts[language];
      const p = await newPhonePage(e2e.browser, { baseURL: e2e.server.url, language, viewport: SCREEN[language] });
      const { page, context } = p;
      await storeSession(context, creator);
      const adminCalls: string[] = [];
      page.on('request', (request) => {
        const { pathname } = new URL(request.url());
        if (/^\/api\/(users\/|games\/(pending|all)-games|games\/generate-codes)/.test(pathname)) adminCalls.push(pathname);
      });
      try {
        for (const path of ['/admin-users', '/admin-pending-games', '/admin-generate-codes']) {
          await page.goto(path);
          await page.getByTestId('not-allowed').getByText(s.admin.notAllowed.title, { exact: true }).waitFor();
        }
        await checkPage(page, `admin-not-allowed-${language}-${SCREEN[language].width}`);
        expect(adminCalls).toEqual([]);
        // The server refuses the creator too.
        const response = await fetch(`${e2e.server.url}/api/users/`, { headers: { 'x-access-token': creator.accessToken } });
        expect(response.status).toBe(403);
        p.expectNoErrors();
      } finally {
        await p.close();
      }
    });
  }
});
