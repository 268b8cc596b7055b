import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { builderEarnings, formatMoney, termsExamples, type Language, type NewGameReply } from '@streethunt/shared';
import { fieldLabel, openPage, pageHeading } from './support/app.ts';
import { newPhonePage } from './support/browser.ts';
import { checkPage } from './support/check-page.ts';
import { startE2e } from './support/fixture.ts';
import { saveScreenshot } from './support/screenshots.ts';
import { DEMO_CREATOR, loginViaApi, storeSession, studioApi } from './support/studio.ts';
import { studioTexts, texts } from './support/texts.ts';

// One money story: the terms' examples, the builders calculator and the editor's price field say the
// same figures for the same price, each as the shared rules compute them (prices with 18% VAT).

const e2e = startE2e();
const VAT_PERCENT = 18;
/** Shekels with VAT: a cheap game, the terms' prices taken as with VAT, and the terms' prices with VAT added. */
const PRICES = ['60', '100', '118', '160', '188.80'];
const agorot = (shekels: string) => Math.round(Number(shekels) * 100);

const textOf = async (page: Page, testId: string) => (await page.getByTestId(testId).textContent()) ?? '';

describe('one money story', () => {
  const cases: Array<[Language, { width: number; height: number }]> = [
    ['en', { width: 390, height: 844 }],
    ['he', { width: 360, height: 800 }],
  ];
  for (const [language, viewport] of cases) {
    it(`/terms, /builders and the editor agree for 60, 100, 118, 160 and 188.80 ILS (${language}, ${viewport.width} px)`, { timeout: 120_000 }, async () => {
      const money = (amount: number) => formatMoney(amount, language);
      const session = await loginViaApi(e2e.server, DEMO_CREATOR);
      const gameId = (await studioApi<NewGameReply>(e2e.server, session, '/api/games/new', {})).data._id;
      const p = await newPhonePage(e2e.browser, { baseURL: e2e.server.url, language, viewport });
      const { page } = p;
      try {
        // The terms: each example priced before VAT and with it, and what the builder receives, alone and with an affiliate.
        await openPage(page, '/terms');
        await pageHeading(page, texts[language].terms.title).waitFor();
        const region = page.getByRole('region', { name: texts[language].terms.builders.title });
        const terms = (await region.textContent()) ?? '';
        const examples = termsExamples(VAT_PERCENT);
        expect(examples.map((e) => [e.price, e.without.builderShare, e.with.builderShare])).toEqual([
          [11_800, 7_000, 6_000],
          [18_880, 12_000, 10_400],
        ]);
        for (const example of examples) {
          for (const amount of [example.exVat, example.price, example.without.builderShare, example.with.builderShare]) expect(terms, money(amount)).toContain(money(amount));
        }
        await region.scrollIntoViewIfNeeded();
        await checkPage(page, `terms-money-${language}-${viewport.width}`);

        // The builders calculator and the editor's price field, price by price.
        const calculator: string[][] = [];
        await openPage(page, '/builders');
        await pageHeading(page, texts[language].builders.title).waitFor();
        for (const price of PRICES) {
          const earnings = builderEarnings(agorot(price), VAT_PERCENT);
          await page.getByTestId('calculator-price').fill(price);
          const affiliate = page.getByTestId('calculator-affiliate');
          await affiliate.uncheck({ force: true });
          await expect.poll(() => textOf(page, 'calculator-result'), { message: `${price} alone` }).toContain(money(earnings.perSale));
          const alone = await textOf(page, 'calculator-result');
          await affiliate.check({ force: true });
          await expect.poll(() => textOf(page, 'calculator-result'), { message: `${price} with an affiliate` }).toContain(money(earnings.withAffiliate));
          calculator.push([alone, await textOf(page, 'calculator-result')]);
        }

        await storeSession(p.context, session);
        await openPage(page, `/game-editor/${gameId}`);
        const s = studioTexts[language];
        await page.getByRole('navigation', { name: s.editor.tree.label }).or(page.getByRole('tab', { name: s.editor.layout.tree, exact: true })).first().waitFor();
        const treeTab = page.getByRole('tab', { name: s.editor.layout.tree, exact: true });
        if (await treeTab.isVisible()) await treeTab.click();
        await page.getByTestId('node-metadata').click();
        const panel = page.getByTestId('edit-panel');
        await page.locator('[data-testid="edit-panel"][data-kind="metadata"]').waitFor();
        const priceField = panel.getByLabel(fieldLabel(s.editor.metadata.price));
        for (const [i, price] of PRICES.entries()) {
          const earnings = builderEarnings(agorot(price), VAT_PERCENT);
          await priceField.fill(price);
          await expect.poll(() => textOf(page, 'price-earnings'), { message: `editor ${price}` }).toContain(money(earnings.perSale));
          const line = await textOf(page, 'price-earnings');
          expect(line).toContain(money(earnings.withAffiliate));
          // The calculator said the same two figures for this price.
          expect(calculator[i]?.[0]).toContain(money(earnings.perSale));
          expect(calculator[i]?.[1]).toContain(money(earnings.withAffiliate));
          if (price === '118') await saveScreenshot(page, `editor-price-earnings-${language}-${viewport.width}`);
        }
        // A free game sells nothing: no line.
        await priceField.fill('0');
        await expect.poll(() => textOf(page, 'price-earnings')).toBe('');
        p.expectNoErrors();
      } finally {
        await p.close();
      }
    });
  }
});
