import { describe, expect, it } from 'vitest';
import { formatMoney, splitSale } from '@streethunt/shared';
import { pageHeading } from './support/app.ts';
import { newPhonePage } from './support/browser.ts';
import { checkPage } from './support/check-page.ts';
import { startE2e } from './support/fixture.ts';
import { saveScreenshot } from './support/screenshots.ts';
import { texts } from './support/texts.ts';

// /builders: the revenue split of the terms with a worked example and a calculator,
// both computed by the shared money rules, in Hebrew and English on both phone widths, axe clean.

const e2e = startE2e();

describe('the builders page', () => {
  for (const language of ['he', 'en'] as const) {
    for (const width of [360, 390]) {
      it(`shows the terms' examples and calculates a share (${language}, ${width} px)`, { timeout: 90_000 }, async () => {
        const b = texts[language].builders;
        const money = (agorot: number) => formatMoney(agorot, language);
        const p = await newPhonePage(e2e.browser, { baseURL: e2e.server.url, language, viewport: { width, height: 800 } });
        const { page } = p;
        try {
          await page.goto('/builders');
          await pageHeading(page, b.title).waitFor();
          // The terms' two games: 70 and 120 ILS for the builder without an affiliate, 60 and 104 with one.
          const text = (await page.getByTestId('builders-page').textContent()) ?? '';
          for (const agorot of [7000, 6000, 12000, 10400]) expect(text, money(agorot)).toContain(money(agorot));
          await checkPage(page, `builders-${language}-${width}`);

          // The calculator, live: 188.80 with an affiliate code.
          const price = page.getByTestId('calculator-price');
          await price.fill('188.80');
          await page.getByTestId('calculator-affiliate').check({ force: true });
          const expected = splitSale({ price: 18880, vatPercent: 18, withAffiliate: true }).builderShare;
          await expect.poll(async () => (await page.getByTestId('calculator-result').textContent()) ?? '').toContain(money(expected));
          await saveScreenshot(page, `builders-full-${language}-${width}`, { fullPage: true });
          p.expectNoErrors();
        } finally {
          await p.close();
        }
      });
    }
  }
});
