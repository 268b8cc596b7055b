import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { agorotOf, formatMoney, splitSale, type FinanceReport } from '@streethunt/shared';
import { fieldLabel, pageHeading } from './support/app.ts';
import { newPhonePage, type Language } from './support/browser.ts';
import { checkPage } from './support/check-page.ts';
import { expectKeyColumnOnScreen } from './support/phone-layout.ts';
import { saveScreenshot } from './support/screenshots.ts';
import { mapGame, type DemoGame } from './support/demo-games.ts';
import { startE2e } from './support/fixture.ts';
import { buyOnSandboxPage, newBuyer, stubMapTiles, TILE_FAILURES } from './support/player.ts';
import { DEMO_ADMIN, DEMO_CREATOR, loginViaApi, nextReply, storeSession, studioApi, type StoredSession } from './support/studio.ts';
import { studioTexts } from './support/texts.ts';

// Commerce: a visitor arrives with ?aff=CODE, buys a game on the sandbox page, and
// the reports of the affiliate (here the demo admin, whose code it is) and of the builder (the demo
// creator, who owns the game) show the purchase with the shares of the shared money rules. The reports
// page asks for the password first, and a wrong one is refused without logging out.

const e2e = startE2e();
const VAT_PERCENT = 18;

const SCREEN: Record<Language, { width: number; height: number }> = {
  he: { width: 360, height: 800 },
  en: { width: 390, height: 844 },
};

let game: DemoGame;
let builder: StoredSession;
let affiliate: StoredSession;
let affiliateCode: string;
/** Purchases made so far in this file (each test adds one). */
let bought = 0;

beforeAll(async () => {
  game = await mapGame();
  [builder, affiliate] = await Promise.all([loginViaApi(e2e.server, DEMO_CREATOR), loginViaApi(e2e.server, DEMO_ADMIN)]);
  const profile = await studioApi<{ data: { user: { affiliateCode: string } } }>(e2e.server, affiliate, '/api/user/profile');
  affiliateCode = profile.data.user.affiliateCode;
});

/** /reports: the password form first (no report is asked for before), then the report. */
async function openReports(page: Page, language: Language, password: string, options: { tryWrong?: boolean } = {}): Promise<FinanceReport> {
  const f = studioTexts[language].finance;
  const reads: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/reports') reads.push(request.url());
  });
  await page.goto('/reports');
  await pageHeading(page, f.title).waitFor();
  const field = page.getByLabel(fieldLabel(f.unlock.password));
  await field.waitFor();
  expect(reads).toEqual([]);
  if (options.tryWrong) {
    const refused = nextReply(page, 'POST', '/api/reports/unlock');
    await field.fill('not-the-password');
    await page.locator('main').getByRole('button', { name: f.unlock.submit, exact: true }).click();
    expect((await refused).status()).toBe(403);
    await page.getByText(f.unlock.wrong, { exact: true }).waitFor();
    // Still logged in, still on the form.
    expect(await page.evaluate(() => localStorage.getItem('session'))).not.toBeNull();
    expect(reads).toEqual([]);
  }
  await field.fill(password);
  const unlocked = nextReply(page, 'POST', '/api/reports/unlock');
  const report = nextReply(page, 'GET', '/api/reports');
  await page.locator('main').getByRole('button', { name: f.unlock.submit, exact: true }).click();
  const { grant } = ((await (await unlocked).json()) as { data: { grant: string } }).data;
  const reply = await report;
  expect(reply.status()).toBe(200);
  expect(reply.request().headers()['x-reports-grant']).toBe(grant);
  // The grant never lands in the browser's storage.
  expect(await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }))).not.toContain(grant);
  return ((await reply.json()) as { data: FinanceReport }).data;
}

describe('an affiliate’s visitor buys a game, and both reports show it', () => {
  for (const language of ['he', 'en'] as const) {
    it(`with the right shares (${language}, ${SCREEN[language].width} px)`, { timeout: 150_000 }, async () => {
      const f = studioTexts[language].finance;
      const price = agorotOf(game.content.metadata.price);
      const split = splitSale({ price, vatPercent: VAT_PERCENT, withAffiliate: true });
      const money = (agorot: number) => formatMoney(agorot, language);

      // The visitor: arrives with the affiliate's link, buys the game.
      const visitor = await newPhonePage(e2e.browser, { baseURL: e2e.server.url, language, viewport: SCREEN[language] });
      await stubMapTiles(visitor.context);
      try {
        await visitor.page.goto(`/games?aff=${affiliateCode}`);
        await visitor.page.getByTestId('game-card').first().waitFor();
        const cookie = (await visitor.context.cookies()).find((c) => c.name === 'aff');
        expect(cookie?.value).toBe(affiliateCode);
        await visitor.page.getByTestId('game-card').filter({ hasText: game.content.metadata.name }).getByRole('link').first().click();
        await visitor.page.waitForURL((url) => url.pathname === `/game/${game.id}`);
        const code = await buyOnSandboxPage(visitor.page, newBuyer(language === 'he' ? 'נועה קונה' : 'Noa Buyer'));
        expect(code).not.toBe('');
        bought += 1;
        visitor.expectNoErrors({ allowConsole: [TILE_FAILURES] });
      } finally {
        await visitor.close();
      }

      // The builder: asked for the password first; the game's row has the sale with VAT, commission, the affiliate's share and the net.
      const b = await newPhonePage(e2e.browser, { baseURL: e2e.server.url, language, viewport: SCREEN[language] });
      await storeSession(b.context, builder);
      try {
        const report = await openReports(b.page, language, DEMO_CREATOR.password, { tryWrong: true });
        const rows = report.builderSales.filter((row) => row.gameId === game.id);
        expect(rows.reduce((sum, row) => sum + row.count, 0)).toBe(bought);
        const totals = rows.reduce(
          (sum, row) => ({ gross: sum.gross + row.gross, vat: sum.vat + row.vat, commission: sum.commission + row.commission, affiliateShares: sum.affiliateShares + row.affiliateShares, net: sum.net + row.net }),
          { gross: 0, vat: 0, commission: 0, affiliateShares: 0, net: 0 },
        );
        expect(totals).toEqual({
          gross: bought * split.price,
          vat: bought * split.vat,
          commission: bought * split.commission,
          affiliateShares: bought * split.affiliateShare,
          net: bought * split.builderShare,
        });
        // What the page shows: the game's row with the net, in the page's language.
        const table = b.page.getByRole('table', { name: f.builder.table });
        const row = table.getByRole('row').filter({ hasText: game.content.metadata.name }).first();
        await row.waitFor();
        const rowText = (await row.textContent()) ?? '';
        expect(rowText).toContain(money(rows[rows.length - 1].net));
        expect(rowText).toContain(money(rows[rows.length - 1].affiliateShares));
        // On the phone the builder's net shows without scrolling, beside the month and the game.
        await expectKeyColumnOnScreen(b.page, table, f.columns.net, SCREEN[language].width);
        await checkPage(b.page, `reports-builder-${language}-${SCREEN[language].width}`);
        // The chart draws its bars (recharts under Preact, docs/decisions/003), and the whole page for a look.
        expect(await b.page.locator('.recharts-bar-rectangle').count()).toBeGreaterThan(0);
        await saveScreenshot(b.page, `reports-builder-${language}-${SCREEN[language].width}-full`, { fullPage: true });
        b.expectNoErrors({ allowConsole: [/status of 403 .*\/api\/reports\/unlock/] });
      } finally {
        await b.close();
      }

      // The affiliate: each purchase with their share, and nothing of the buyer.
      const a = await newPhonePage(e2e.browser, { baseURL: e2e.server.url, language, viewport: SCREEN[language] });
      await storeSession(a.context, affiliate);
      try {
        const report = await openReports(a.page, language, DEMO_ADMIN.password);
        const mine = report.affiliateSales.filter((row) => row.gameId === game.id);
        expect(mine).toHaveLength(bought);
        for (const sale of mine) expect({ price: sale.price, exVat: sale.exVat, share: sale.share }).toEqual({ price: split.price, exVat: split.exVat, share: split.affiliateShare });
        expect(JSON.stringify(report)).not.toMatch(/נועה|Noa|buyer-/);
        const table = a.page.getByRole('table', { name: f.affiliate.table });
        expect(await table.getByRole('row').filter({ hasText: game.content.metadata.name }).count()).toBe(bought);
        expect((await table.textContent()) ?? '').toContain(money(split.affiliateShare));
        await checkPage(a.page, `reports-affiliate-${language}-${SCREEN[language].width}`);
        a.expectNoErrors();
      } finally {
        await a.close();
      }
    });
  }
});
