import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * Runs axe on the page as it is now and fails on serious or critical violations, listing each rule,
 * its help text and the elements it flagged. `exclude` takes CSS selectors to leave out.
 */
export async function expectNoSeriousA11yViolations(page: Page, options: { exclude?: string[] } = {}): Promise<void> {
  // A modal or drawer still fading in blends its colours with the page behind; judge the settled page.
  // (Endless ones, such as a loader's spin, are left alone.)
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime ?? Infinity)))
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  let builder = new AxeBuilder({ page });
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  const results = await builder.analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  if (serious.length === 0) return;
  const lines = serious.map((v) => {
    const targets = v.nodes
      .map((n) => {
        // The first line that says what is wrong, e.g. "Element has insufficient color contrast of 2.4 (...)".
        const why = (n.failureSummary ?? '').split('\n').map((l) => l.trim()).find((l) => l && !/^Fix (any|all)/.test(l));
        return `      ${n.target.join(' ')}${why ? `\n        ${why}` : ''}`;
      })
      .join('\n');
    return `  [${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n${targets}`;
  });
  throw new Error(`Accessibility violations on ${page.url()}:\n${lines.join('\n')}`);
}
