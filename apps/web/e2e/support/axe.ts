import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * Waits until the page is still: no finite animation or transition running (a modal fading in) over
 * three frames in a row, and every open dialog fully opaque. A Mantine transition starts a few frames
 * after its element mounts (two animation frames, then a React render), so frames without an
 * animation right after a click do not yet prove that none is coming; a dialog's opacity does.
 * Endless animations, such as a loader's spin, are left alone.
 */
export async function finishTransitions(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
    const running = () =>
      document
        .getAnimations()
        .filter((a) => a.playState !== 'finished' && Number.isFinite(Number(a.effect?.getComputedTiming().endTime ?? Infinity)));
    const opacity = (element: Element | null): number => {
      let result = 1;
      for (let e = element; e; e = e.parentElement) result *= Number(getComputedStyle(e).opacity);
      return result;
    };
    const dialogsFaded = () => Array.from(document.querySelectorAll('[role="dialog"]')).some((d) => d.getClientRects().length > 0 && opacity(d) < 1);
    for (let quietFrames = 0, rounds = 0; quietFrames < 3 && rounds < 300; rounds++) {
      const now = running();
      if (now.length === 0 && !dialogsFaded()) {
        quietFrames++;
        await frame();
      } else {
        quietFrames = 0;
        if (now.length > 0) await Promise.all(now.map((a) => a.finished.catch(() => undefined)));
        else await frame();
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
