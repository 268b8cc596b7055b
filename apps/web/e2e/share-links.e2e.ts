import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { AFF_COOKIE_DAYS, AFF_COOKIE_NAME, AFFILIATE_CODE_ALPHABET, AFFILIATE_CODE_LENGTH, type GameListReply, type ProfileReply } from '@streethunt/shared';
import { escapeRegExp, fieldLabel } from './support/app.ts';
import { pendingGameViaApi } from './support/admin.ts';
import { newPhonePage, type Language } from './support/browser.ts';
import { checkPage } from './support/check-page.ts';
import { englishGame, mapGame, type DemoGame } from './support/demo-games.ts';
import { startE2e } from './support/fixture.ts';
import { expectFitsScreen } from './support/phone-layout.ts';
import { saveScreenshot } from './support/screenshots.ts';
import { DEMO_CREATOR, loginViaApi, runId, storeSession, studioApi, type StoredSession } from './support/studio.ts';
import { fill, texts } from './support/texts.ts';

// 'Share and earn' on /update-profile (spec section 1), as the demo creator on a
// 360 px and a 390 px phone in Hebrew and English: the affiliate code is the profile's; the all-games
// link is copied to the clipboard; the game picker offers only approved games, opens where it was
// tapped without moving the page (it once scrolled an English page 236 px up and hid itself) and
// picks a game by tap, click or keyboard; the QR code opens; the link itself stores the aff cookie.

const e2e = startE2e();

const SCREENS = [
  { width: 360, height: 800 },
  { width: 390, height: 844 },
] as const;

const CODE_PATTERN = new RegExp(`^[${escapeRegExp(AFFILIATE_CODE_ALPHABET)}]{${AFFILIATE_CODE_LENGTH}}$`);

let creator: StoredSession;
let code: string;
/** The picker's options as the card names them ('name · city'), from the public list of approved games. */
let approvedOptions: string[];
let pendingName: string;
let games: Record<Language, DemoGame>;

beforeAll(async () => {
  creator = await loginViaApi(e2e.server, DEMO_CREATOR);
  const profile = await studioApi<ProfileReply>(e2e.server, creator, '/api/user/profile');
  code = profile.data.user.affiliateCode;
  // A game waiting for approval must not be offered.
  const [he, en] = await Promise.all([mapGame(), englishGame()]);
  games = { he, en };
  pendingName = `E2E pending share ${runId()}`;
  await pendingGameViaApi(e2e.server, creator, he.id, pendingName);
  const listed = await studioApi<GameListReply>(e2e.server, null, '/api/games');
  expect(listed.data.every((game) => game.status === 'APPROVED')).toBe(true);
  approvedOptions = listed.data.map((game) => [game.metadata.name.trim(), game.metadata.locationCity.trim()].filter(Boolean).join(' · '));
});

/** The card's label for a demo game, as listed in the picker. */
function optionName(game: DemoGame): string {
  return [game.content.metadata.name.trim(), game.content.metadata.locationCity.trim()].filter(Boolean).join(' · ');
}

/** The link field inside one of the card's link groups. */
function linkField(group: Locator, label: string): Locator {
  return group.getByRole('textbox', { name: fieldLabel(label) });
}

/** The page's scroll position and layout viewport width. */
function viewport(page: Page) {
  return page.evaluate(() => ({ scrollY: window.scrollY, innerWidth: window.innerWidth, innerHeight: window.innerHeight }));
}

/** The open option list lies inside the screen, and opening it did not move or widen the page. */
async function expectListInPlace(page: Page, list: Locator, scrollBefore: number) {
  await list.waitFor({ state: 'visible' });
  // Two frames: the list is placed and anything it set off (a scroll) has happened.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const now = await viewport(page);
  expect(Math.abs(now.scrollY - scrollBefore), 'opening the picker scrolled the page').toBeLessThanOrEqual(1);
  expect(now.innerWidth, 'the layout viewport grew').toBe(page.viewportSize()?.width);
  const box = await list.boundingBox({ timeout: 5_000 });
  expect(box, 'the option list is gone').not.toBeNull();
  if (!box) return;
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(now.innerHeight);
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(now.innerWidth);
}

describe('the share links on /update-profile', () => {
  for (const language of ['he', 'en'] as const) {
    for (const screen of SCREENS) {
      it(`code, copied link, a picked game, QR code and the aff cookie (${language}, ${screen.width} px)`, { timeout: 120_000 }, async () => {
        const sh = texts[language].account.share;
        const p = await newPhonePage(e2e.browser, { baseURL: e2e.server.url, language, viewport: screen });
        const { page, context } = p;
        await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2e.server.url });
        await storeSession(context, creator);
        try {
          await page.goto('/update-profile');
          const card = page.getByTestId('share-links');
          await card.getByRole('heading', { level: 2, name: sh.title, exact: true }).waitFor();

          // The code is the profile's, 8 characters of the code alphabet.
          expect(code).toMatch(CODE_PATTERN);
          expect((await card.getByTestId('affiliate-code').textContent())?.trim()).toBe(code);

          // Every game: the link, and exactly that link copied.
          const all = card.getByRole('group', { name: sh.allGames, exact: true });
          const allLink = `${e2e.server.url}/games?aff=${code}`;
          expect(await linkField(all, sh.allGames).inputValue()).toBe(allLink);
          await all.getByRole('button', { name: sh.copy, exact: true }).click();
          await all.getByRole('button', { name: sh.copied, exact: true }).waitFor();
          expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(allLink);

          // The picker: opening it leaves the page where it was, and lists the approved games only.
          const picker = card.getByRole('textbox', { name: fieldLabel(sh.pickGame) });
          await expect.poll(() => picker.isEnabled()).toBe(true);
          await picker.scrollIntoViewIfNeeded();
          const list = page.getByRole('listbox', { name: fieldLabel(sh.pickGame) });
          const { scrollY: scrollBefore } = await viewport(page);
          await picker.tap();
          await expectListInPlace(page, list, scrollBefore);
          const offered = await list.getByRole('option').allTextContents();
          expect(offered.map((name) => name.trim()).sort()).toEqual([...approvedOptions].sort());
          expect(offered.some((name) => name.includes(pendingName))).toBe(false);
          await expectFitsScreen(page, `share-links-picker-${language}-${screen.width}`);
          await saveScreenshot(page, `share-links-picker-${language}-${screen.width}`);

          // A tap on a game gives its link.
          const first = games[language];
          await list.getByRole('option', { name: optionName(first), exact: true }).tap();
          await list.waitFor({ state: 'hidden' });
          const one = card.getByRole('group', { name: sh.gameLink, exact: true });
          expect(await linkField(one, sh.gameLink).inputValue()).toBe(`${e2e.server.url}/game/${first.id}?aff=${code}`);

          // The keyboard picks another: type to narrow the list, arrow down, Enter.
          const second = games[language === 'he' ? 'en' : 'he'];
          const beforeTyping = (await viewport(page)).scrollY;
          await picker.focus();
          await picker.fill('');
          await picker.pressSequentially(second.content.metadata.name.slice(0, 6));
          await expectListInPlace(page, list, beforeTyping);
          await page.keyboard.press('ArrowDown');
          await page.keyboard.press('Enter');
          await list.waitFor({ state: 'hidden' });
          await expect.poll(() => linkField(one, sh.gameLink).inputValue()).toBe(`${e2e.server.url}/game/${second.id}?aff=${code}`);

          // And a click picks the first again.
          const beforeClick = (await viewport(page)).scrollY;
          await picker.click();
          await expectListInPlace(page, list, beforeClick);
          await list.getByRole('option', { name: optionName(first), exact: true }).click();
          await expect.poll(() => linkField(one, sh.gameLink).inputValue()).toBe(`${e2e.server.url}/game/${first.id}?aff=${code}`);

          // The QR code of every game's link, shown on demand; the page still fits.
          const qrButton = all.getByRole('button', { name: sh.showQr, exact: true });
          expect(await qrButton.getAttribute('aria-expanded')).toBe('false');
          await qrButton.click();
          const hide = all.getByRole('button', { name: sh.hideQr, exact: true });
          expect(await hide.getAttribute('aria-expanded')).toBe('true');
          const qr = all.getByRole('img', { name: fill(sh.qrAlt, { label: sh.allGames }), exact: true });
          await qr.waitFor();
          await qr.scrollIntoViewIfNeeded();
          await checkPage(page, `share-links-${language}-${screen.width}`);
          p.expectNoErrors();
        } finally {
          await p.close();
        }

        // The link itself, opened by someone else: the aff cookie holds the code for 7 days.
        const visitor = await newPhonePage(e2e.browser, { baseURL: e2e.server.url, language, viewport: screen });
        try {
          const opened = Date.now() / 1000;
          await visitor.page.goto(`${e2e.server.url}/games?aff=${code}`);
          await visitor.page.getByTestId('game-card').first().waitFor();
          const cookie = (await visitor.context.cookies(e2e.server.url)).find((c) => c.name === AFF_COOKIE_NAME);
          expect(cookie?.value).toBe(code);
          expect(Math.abs((cookie?.expires ?? 0) - (opened + AFF_COOKIE_DAYS * 24 * 60 * 60))).toBeLessThan(60);
          visitor.expectNoErrors();
        } finally {
          await visitor.close();
        }
      });
    }
  }
});
