import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * Waits until the page is still: no finite animation or transition running (a modal fading in) over
 * two frames in a row. A Mantine transition starts a frame or two after its element mounts, so one
 * look at getAnimations() right after a click can find nothing yet. Endless animations, such as a
 * loader's spin, are left alone.
 */
export async function finishTransitions(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
    const running = () =>
      document
        .getAnimations()
        .filter((a) => a.playState !== 'finished' && Number.isFinite(Number(a.effect?.getComputedTiming().endTime ?? Infinity)));
    for (let quietFrames = 0, rounds = 0; quietFrames < 2 && rounds < 200; rounds++) {
      const now = running();
      if (now.length === 0) {
        quietFrames++;
        await frame();
      } else {
        quietFrames = 0;
        await Promise.all(now.map((a) => a.finished.catch(() => undefined)));
      }
    }
  });
}

/**
 * Runs axe on the page as it is now and fails on serious or critical violations, listing each rule,
 * its help text and the elements it flagged. `exclude` takes CSS selectors to leave out.
 */
export async function expectNoSeriousA11yViolations(
  page: Page,
  options: {
    exclude?: string[];
    /**
     * Runs axe inside the page only. By default axe finishes its run in a blank page that it opens and
     * closes in the same context; a test that steps the context's fake clock meanwhile races that close.
     */
    inPageOnly?: boolean;
  } = {},
): Promise<void> {
  // A modal or drawer still fading in blends its colours with the page behind; judge the settled page.
  await finishTransitions(page);
  let builder = new AxeBuilder({ page });
  if (options.inPageOnly) builder = builder.setLegacyMode(true);
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
