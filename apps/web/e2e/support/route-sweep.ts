import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { EventSummary } from '@streethunt/shared';
import { expectNoSeriousA11yViolations, finishTransitions } from './axe.ts';
import { newPhonePage, type Language } from './browser.ts';
import { englishGame, mapGame } from './demo-games.ts';
import { startE2e } from './fixture.ts';
import { pageRoutes } from './page-routes.ts';
import { expectFitsScreen, expectHeaderFits } from './phone-layout.ts';
import { stubMapTiles } from './player.ts';
import { DEMO_ADMIN, DEMO_CREATOR, loginViaApi, storeSession, studioApi } from './studio.ts';

// Every page route, for one role, in Hebrew and English at 360 px: axe (WCAG 2.1 AA rules) finds no
// serious or critical violation, and the page is no wider than the phone (its header and menu toggle
// inside it), at the usual text size and at 200%. Every failing route is listed at once, not only the
// first. The visitor opens every route; the creator and the admin the routes that differ for them.

export type Role = 'visitor' | 'creator' | 'admin';

const PHONE = { width: 360, height: 800 };
const LANGUAGES: Language[] = ['he', 'en'];

/** The text twice its size, as a phone's largest font setting makes it: every rem of the app grows with it. */
const DOUBLE_TEXT = 'html { font-size: 200% !important; }';

async function load(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  await finishTransitions(page);
}

/** The routes a role's visit adds to the visitor's: the studio's for the creator, the admin's for the admin; both with the signed-in menu. */
const ROLE_ROUTES: Record<Exclude<Role, 'visitor'>, RegExp> = {
  creator: /^\/(games$|reports|my-games|my-active-games|events|game-editor|update-profile|update-payment-details)/,
  admin: /^\/(games$|admin-|game-editor\/)/,
};

/** What is wrong with the page now, or null: axe's serious findings, then its width at double text size. */
async function check(page: Page, where: string): Promise<string[]> {
  const problems: string[] = [];
  try {
    // The map's tiles are pictures of a map the player reads through the list beside it, not text.
    await expectNoSeriousA11yViolations(page, { exclude: ['.leaflet-tile-pane'] });
  } catch (error) {
    problems.push(`${where} axe: ${(error as Error).message}`);
  }
  try {
    await expectFitsScreen(page, where);
    if ((await page.locator('#root header').count()) > 0) await expectHeaderFits(page, page.locator('#root header button[aria-expanded]'), where);
  } catch (error) {
    problems.push((error as Error).message.split('\n')[0] ?? '');
  }
  const style = await page.addStyleTag({ content: DOUBLE_TEXT });
  await finishTransitions(page);
  try {
    await expectFitsScreen(page, `${where} at 200% text`);
  } catch (error) {
    problems.push((error as Error).message.split('\n')[0] ?? '');
  }
  await style.evaluate((element) => (element as Element).remove());
  return problems;
}

/** The sweep for one role, in both languages unless told one (the visitor's longest sweep is a file per language, run side by side). */
export function sweepEveryRoute(role: Role, languages: Language[] = LANGUAGES): void {
  const e2e = startE2e();

  describe(`every page route, ${role === 'visitor' ? 'logged out' : `as the ${role}`}: axe and 200% text at 360 px`, () => {
    for (const language of languages) {
      it(`in ${language === 'he' ? 'Hebrew' : 'English'}`, { timeout: 600_000 }, async () => {
        const [hebrew, english] = await Promise.all([mapGame(), englishGame()]);
        const creator = await loginViaApi(e2e.server, DEMO_CREATOR);
        let eventId: string | undefined;
        if (role === 'creator') {
          const now = Date.now();
          const made = await studioApi<{ data: EventSummary }>(e2e.server, creator, '/api/events', {
            gameId: english.id,
            name: `Sweep ${language} ${now % 100000}`,
            startsAt: new Date(now - 60_000).toISOString(),
            endsAt: new Date(now + 3_600_000).toISOString(),
            teamCount: 2,
          });
          eventId = made.data.id;
        }
        const phone = await newPhonePage(e2e.browser, { baseURL: e2e.server.url, language, viewport: PHONE });
        await stubMapTiles(phone.context);
        if (role !== 'visitor') await storeSession(phone.context, role === 'admin' ? await loginViaApi(e2e.server, DEMO_ADMIN) : creator);
        const problems: string[] = [];
        try {
          const routes = pageRoutes({ gameId: hebrew.id, otherGameId: english.id, creatorId: creator.userId, ...(eventId && { eventId }) });
          for (const path of role === 'visitor' ? routes : routes.filter((route) => ROLE_ROUTES[role].test(route))) {
            await load(phone.page, path);
            problems.push(...(await check(phone.page, `${path} (${language}, ${role})`)));
          }
        } finally {
          await phone.close();
        }
        expect(problems, problems.join('\n\n')).toEqual([]);
      });
    }
  });
}
