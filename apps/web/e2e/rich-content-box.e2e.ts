import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EditorGame, GameReply, NewGameReply } from '@streethunt/shared';
import { menuToggle, openPage } from './support/app.ts';
import { newPhonePage, type PhonePage } from './support/browser.ts';
import { englishGame } from './support/demo-games.ts';
import { startE2e } from './support/fixture.ts';
import { DEMO_ADMIN, DEMO_CREATOR, editableCopy, loginViaApi, ownerGame, studioApi } from './support/studio.ts';
import { texts } from './support/texts.ts';

// A creator's rich text stays inside its own box: a link styled to be invisible and 80 times its size
// would otherwise lie over the whole player page, so that every tap (header, menu, 'let's play')
// opened the creator's address. The server keeps only the editor's styles on save, the web renderer
// again when showing, and the box clips whatever is inside it.

const e2e = startE2e();
const CREATOR_SITE = 'https://creator.example';
const ATTACK = `<p><a href="${CREATOR_SITE}/win" style="display:block; opacity:0.01; transform:scale(80)">tap anywhere</a></p>`;
const t = texts.en;
let gameId: string;

beforeAll(async () => {
  // The creator's own calls, as the editor makes them: a copy of the English demo game with the link in
  // its intro, saved, sent to approval and approved, so players see it.
  const [creator, admin] = await Promise.all([loginViaApi(e2e.server, DEMO_CREATOR), loginViaApi(e2e.server, DEMO_ADMIN)]);
  const copy = await studioApi<NewGameReply>(e2e.server, creator, `/api/games/duplicate/${(await englishGame()).id}`, {});
  gameId = copy.data._id;
  const game = await ownerGame(e2e.server, creator, gameId);
  const saved = editableCopy(game);
  saved.introPage.content += ATTACK;
  await studioApi<{ data: EditorGame }>(e2e.server, creator, `/api/games/${gameId}`, { ...saved, version: game.version });
  await studioApi<{ data: EditorGame }>(e2e.server, creator, `/api/games/status/${gameId}`, { status: 'PENDING', notifyAdmin: false });
  const { version } = await ownerGame(e2e.server, admin, gameId);
  await studioApi<{ data: EditorGame }>(e2e.server, admin, `/api/games/approve/${gameId}`, { version });
});

/** Every request the page's context makes to the creator's site (answered here: there is no network). */
async function watchCreatorSite(p: PhonePage): Promise<string[]> {
  const requests: string[] = [];
  await p.context.route(`${CREATOR_SITE}/**`, async (route) => {
    requests.push(route.request().url());
    await route.fulfill({ status: 200, contentType: 'text/html', body: '<p>creator</p>' });
  });
  return requests;
}

type Rect = { left: number; top: number; right: number; bottom: number };

/** The rich content's box, its intro container and the creator's links, as laid out (transforms included). */
function layout(page: Page) {
  return page.getByTestId('intro-page').evaluate((intro) => {
    const box = intro.querySelector<HTMLElement>('[data-testid="rich-content"]')!;
    const rect = (element: Element) => {
      const { left, top, right, bottom } = element.getBoundingClientRect();
      return { left: Math.round(left), top: Math.round(top), right: Math.round(right), bottom: Math.round(bottom) };
    };
    const style = getComputedStyle(box);
    const links = [...box.querySelectorAll('a[href^="https://creator.example"]')];
    return {
      intro: rect(intro),
      box: rect(box),
      links: links.map(rect),
      linkStyles: links.map((link) => link.getAttribute('style')),
      clip: [style.overflowX, style.overflowY, style.contain, style.isolation],
    };
  });
}

function expectWithin(inner: Rect, outer: Rect, what: string) {
  const inside = inner.left >= outer.left && inner.top >= outer.top && inner.right <= outer.right && inner.bottom <= outer.bottom;
  expect(inside, `${what}: ${JSON.stringify(inner)} inside ${JSON.stringify(outer)}`).toBe(true);
}

/** What a tap at the centre of the header's menu button would hit. */
async function tapMenu(page: Page): Promise<string> {
  const toggle = menuToggle(page, t.menu);
  const { x, y, width, height } = (await toggle.boundingBox())!;
  const hit = await page.evaluate(([px, py]) => {
    const element = document.elementFromPoint(px, py);
    return element?.closest('a')?.getAttribute('href') ?? element?.closest('button')?.getAttribute('aria-label') ?? element?.tagName ?? '';
  }, [x + width / 2, y + height / 2] as const);
  await page.touchscreen.tap(x + width / 2, y + height / 2);
  return hit;
}

async function expectMenuOpensNotTheCreator(p: PhonePage, requests: string[]) {
  const { page, context } = p;
  expect(await tapMenu(page)).toBe(t.menu.open);
  await page.getByRole('dialog', { name: t.menu.title }).waitFor();
  await page.waitForTimeout(300);
  expect(requests).toEqual([]);
  expect(context.pages().map((opened) => new URL(opened.url()).origin)).toEqual([new URL(e2e.server.url).origin]);
}

describe('creator text on the player page', () => {
  it('cannot cover the page: a tap on the menu opens the menu, not the creator’s address, and the text stays in its box', async () => {
    // 1. The page the server draws, from the game as stored: the link is there, its style is not, and
    // the box clips from the first byte (its containment is inline, not in a stylesheet still loading).
    const html = await (await fetch(`${e2e.server.url}/game/${gameId}`, { headers: { cookie: 'lang=en' } })).text();
    const drawnBox = /<div[^>]*data-testid="rich-content"[^>]*>/.exec(html)?.[0] ?? '';
    expect(drawnBox).toMatch(/overflow:clip;contain:paint;isolation:isolate/);
    expect(html).toContain(`<a href="${CREATOR_SITE}/win" target="_blank" rel="noopener noreferrer">tap anywhere</a>`);
    const p = await newPhonePage(e2e.browser, { baseURL: e2e.server.url, language: 'en' });
    const { page } = p;
    try {
      const requests = await watchCreatorSite(p);
      await openPage(page, `/game/${gameId}`);
      await page.getByTestId('intro-page').getByText('tap anywhere').waitFor({ state: 'attached' });
      const drawn = await layout(page);
      expect(drawn.linkStyles).toEqual([null]);
      expect(drawn.clip).toEqual(['clip', 'clip', 'paint', 'isolate']);
      expectWithin(drawn.box, drawn.intro, 'the rich content in the intro');
      drawn.links.forEach((link) => expectWithin(link, drawn.box, 'the link in the rich content'));
      await expectMenuOpensNotTheCreator(p, requests);
      p.expectNoErrors();
    } finally {
      await p.close();
    }

    // 2. The same link with its style, as if a stored row held it: the app's own renderer drops it
    // (the page comes without the server's data, so the app draws the intro from the altered reply).
    const raw = await newPhonePage(e2e.browser, { baseURL: e2e.server.url, language: 'en' });
    try {
      const requests = await watchCreatorSite(raw);
      await raw.page.route(`**/game/${gameId}`, async (route) => {
        const response = await route.fetch();
        const body = (await response.text()).replace(/<script type="application\/json" id="first-screen-data">[\s\S]*?<\/script>/, '');
        await route.fulfill({ response, body });
      });
      await raw.page.route(`**/api/games/${gameId}`, async (route) => {
        const response = await route.fetch();
        const json = (await response.json()) as GameReply;
        json.introPage.content += ATTACK.replace('tap anywhere', 'raw link');
        await route.fulfill({ response, json });
      });
      await openPage(raw.page, `/game/${gameId}`);
      await raw.page.getByTestId('intro-page').getByText('raw link').waitFor({ state: 'attached' });
      const shown = await raw.page.getByTestId('intro-page').evaluate((intro) =>
        [...intro.querySelectorAll('a[href^="https://creator.example"]')].map((link) => [link.getAttribute('style'), link.getAttribute('target'), link.getAttribute('rel')]),
      );
      expect(shown).toEqual([
        [null, '_blank', 'noopener noreferrer'],
        [null, '_blank', 'noopener noreferrer'],
      ]);
      const shownLayout = await layout(raw.page);
      expect(shownLayout.links).toHaveLength(2);
      expectWithin(shownLayout.box, shownLayout.intro, 'the rich content in the intro');
      shownLayout.links.forEach((link) => expectWithin(link, shownLayout.box, 'the link in the rich content'));
      await expectMenuOpensNotTheCreator(raw, requests);
      await raw.page.keyboard.press('Escape');
      await raw.page.getByRole('dialog', { name: t.menu.title }).waitFor({ state: 'hidden' });

      // The control: the same link written straight into the page, outside any box, does take the tap,
      // so the checks above would have caught one that got through.
      await raw.page.evaluate((attack) => document.body.insertAdjacentHTML('beforeend', attack.replace('<a ', '<a target="_blank" ')), ATTACK);
      expect(await tapMenu(raw.page)).toBe(`${CREATOR_SITE}/win`);
      await expect.poll(() => requests.length).toBeGreaterThan(0);
      raw.expectNoErrors();
    } finally {
      await raw.close();
    }
  });
});
