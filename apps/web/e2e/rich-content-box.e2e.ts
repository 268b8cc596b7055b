import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EditableGame, EditorGame, GameReply, NewGameReply } from '@streethunt/shared';
import { htmlLangDir, menuToggle, openPage } from './support/app.ts';
import { newPhonePage, type Language, type PhonePage } from './support/browser.ts';
import { englishGame, freeGame } from './support/demo-games.ts';
import { startE2e } from './support/fixture.ts';
import { enterCode, questionView } from './support/player.ts';
import { createCodeViaApi, DEMO_ADMIN, DEMO_CREATOR, editableCopy, loginViaApi, ownerGame, studioApi, type StoredSession } from './support/studio.ts';
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

// Five spans of 400% nested around a transparent link: a percentage is of the parent's size, so kept as
// written the link's text was 4^5 = 1024 times the page's (Chromium stops at 10000 px) and its box,
// 3179x11640 px, lay over the whole page. The server writes each size relative to the root instead.
const NEST_SITE = 'https://nest.example';
const NEST = `<p>${'<span style="font-size:400%">'.repeat(5)}<a href="${NEST_SITE}/win" style="color:transparent">win</a>${'</span>'.repeat(5)}</p>`;
/** Copies with the nest in their story (intro) and as their first question's text: of the Hebrew game without a map, and of the English one. */
const nestGames = {} as Record<Language, string>;
/** A creator's code for each copy. */
const nestCodes = {} as Record<Language, string>;
let creatorSession: StoredSession;

/**
 * A copy of a demo game with `edit` applied to its content, made through the creator's own calls as the
 * editor makes them (duplicate, save, send to approval) and approved by the admin, so players see it.
 */
async function publishedCopy(
  { creator, admin }: { creator: StoredSession; admin: StoredSession },
  sourceId: string,
  edit: (game: EditableGame) => void,
): Promise<string> {
  const copy = await studioApi<NewGameReply>(e2e.server, creator, `/api/games/duplicate/${sourceId}`, {});
  const id = copy.data._id;
  const game = await ownerGame(e2e.server, creator, id);
  const saved = editableCopy(game);
  edit(saved);
  await studioApi<{ data: EditorGame }>(e2e.server, creator, `/api/games/${id}`, { ...saved, version: game.version });
  await studioApi<{ data: EditorGame }>(e2e.server, creator, `/api/games/status/${id}`, { status: 'PENDING', notifyAdmin: false });
  const { version } = await ownerGame(e2e.server, admin, id);
  await studioApi<{ data: EditorGame }>(e2e.server, admin, `/api/games/approve/${id}`, { version });
  return id;
}

beforeAll(async () => {
  const [creator, admin] = await Promise.all([loginViaApi(e2e.server, DEMO_CREATOR), loginViaApi(e2e.server, DEMO_ADMIN)]);
  const accounts = { creator, admin };
  const [english, free] = await Promise.all([englishGame(), freeGame()]);
  // A copy of the English demo game with the scaled link in its intro.
  gameId = await publishedCopy(accounts, english.id, (game) => {
    game.introPage.content += ATTACK;
  });
  // In the story after the creator's text; the first question's text is the nest alone.
  const withNest = (game: EditableGame) => {
    game.introPage.content += NEST;
    game.questions[0].content = NEST;
  };
  // A creator's game is never free (the server asks at least 30 to send it to approval), so the Hebrew copy gets a price.
  nestGames.he = await publishedCopy(accounts, free.id, (game) => {
    withNest(game);
    game.metadata.price = 45;
  });
  nestGames.en = await publishedCopy(accounts, english.id, withNest);
  for (const language of ['he', 'en'] as const) nestCodes[language] = await createCodeViaApi(e2e.server, creator, nestGames[language]);
  creatorSession = creator;
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
      // Written into the header, after the menu toggle: scaled about its own centre, the link covers the
      // header only from near it (the page is taller than it reaches from its foot).
      await raw.page.evaluate((attack) => document.querySelector('#root header')?.insertAdjacentHTML('beforeend', attack.replace('<a ', '<a target="_blank" ')), ATTACK);
      expect(await tapMenu(raw.page)).toBe(`${CREATOR_SITE}/win`);
      await expect.poll(() => requests.length).toBeGreaterThan(0);
      raw.expectNoErrors();
    } finally {
      await raw.close();
    }
  });
});

type NestLayout = {
  viewport: { width: number; height: number };
  /** How wide the page's content is laid out (wider than the viewport: it scrolls sideways). */
  pageWidth: number;
  box: Rect;
  link: Rect & { width: number; height: number };
  linkFontSize: string;
};

/** The nest's link and the rich-content box it is in, inside `container`, as the browser laid them out. */
function nestLayout(container: Locator): Promise<NestLayout> {
  return container.evaluate((root, site) => {
    const link = root.querySelector(`a[href^="${site}"]`)!;
    const box = link.closest('[data-testid="rich-content"]')!;
    const rect = (element: Element) => {
      const { left, top, right, bottom } = element.getBoundingClientRect();
      return { left: Math.round(left), top: Math.round(top), right: Math.round(right), bottom: Math.round(bottom) };
    };
    const { width, height } = link.getBoundingClientRect();
    return {
      viewport: { width: window.innerWidth, height: window.innerHeight },
      pageWidth: document.documentElement.scrollWidth,
      box: rect(box),
      link: { ...rect(link), width: Math.round(width), height: Math.round(height) },
      linkFontSize: getComputedStyle(link).fontSize,
    };
  }, NEST_SITE);
}

/** Largest height the nest's link may have: one line of the largest single size allowed (4rem), with room to spare. */
const NEST_LINK_MAX_HEIGHT = 200;

/** The link stays a line of text inside its box, and the box inside the page's width. */
function expectNestContained(layout: NestLayout, where: string) {
  const figures = `${where}: ${JSON.stringify(layout)}`;
  expectWithin(layout.link, layout.box, `the nest's link in its box (${figures})`);
  expect(layout.box.left >= 0 && layout.box.right <= layout.viewport.width, `the box within the page's width (${figures})`).toBe(true);
  expect(layout.pageWidth, `the page does not scroll sideways (${figures})`).toBe(layout.viewport.width);
  expect(layout.link.height, `the link's height (${figures})`).toBeLessThan(NEST_LINK_MAX_HEIGHT);
}

/**
 * A tap in the middle of the screen, outside the nest's box (which the link would fill, had it grown):
 * what it hit, and that the page stayed where it was, with no request to the creator's site and no tab opened.
 */
async function tapMiddle(p: PhonePage, nestBox: Locator, requests: string[]) {
  const { page, context } = p;
  const before = page.url();
  const { x, y, hit } = await nestBox.evaluate((box) => {
    const [px, py] = [window.innerWidth / 2, window.innerHeight / 2];
    const element = document.elementFromPoint(px, py);
    return { x: px, y: py, hit: { inNestBox: Boolean(element && box.contains(element)), link: element?.closest('a')?.getAttribute('href') ?? null } };
  });
  await page.touchscreen.tap(x, y);
  await page.waitForTimeout(300);
  expect({ hit, requests, url: page.url(), pages: context.pages().length }).toEqual({
    hit: { inNestBox: false, link: null },
    requests: [],
    url: before,
    pages: 1,
  });
}

const NEST_SCREENS: Array<{ language: Language; viewport: { width: number; height: number } }> = [
  { language: 'he', viewport: { width: 390, height: 844 } },
  { language: 'en', viewport: { width: 360, height: 800 } },
];

describe('nested font sizes in creator text', () => {
  it.each(NEST_SCREENS)('do not compound into a link over the page ($language, $viewport.width x $viewport.height)', async ({ language, viewport }) => {
    const id = nestGames[language];
    const p = await newPhonePage(e2e.browser, { baseURL: e2e.server.url, language, viewport });
    const { page } = p;
    try {
      const requests: string[] = [];
      await p.context.route(`${NEST_SITE}/**`, async (route) => {
        requests.push(route.request().url());
        await route.fulfill({ status: 200, contentType: 'text/html', body: '<p>creator</p>' });
      });

      // The story, on the page the server draws from the stored game and the app then shows.
      await openPage(page, `/game/${id}`);
      const intro = page.getByTestId('intro-page');
      await intro.locator(`a[href^="${NEST_SITE}"]`).waitFor({ state: 'attached' });
      expect(await htmlLangDir(page)).toEqual({ lang: language, dir: language === 'he' ? 'rtl' : 'ltr' });
      expectNestContained(await nestLayout(intro), 'the story');

      // The first question's text, as the play shows it; a tap in the middle of the screen, outside it, stays on the page.
      await enterCode(page, texts[language], nestCodes[language]);
      const question = questionView(page, 0);
      await question.locator(`a[href^="${NEST_SITE}"]`).waitFor({ state: 'attached' });
      expectNestContained(await nestLayout(question), 'the question');
      await tapMiddle(p, question.getByTestId('rich-content').filter({ has: page.locator(`a[href^="${NEST_SITE}"]`) }), requests);

      // The game as stored is already root-relative, not only what this browser's renderer makes of it.
      const stored = await ownerGame(e2e.server, creatorSession, id);
      const rootRelative = `${'<span style="font-size:4rem">'.repeat(5)}<a href="${NEST_SITE}/win" style="color:transparent">win</a>`;
      expect(stored.introPage.content).toContain(rootRelative);
      expect(stored.questions[0].content).toContain(rootRelative);
      p.expectNoErrors();
    } finally {
      await p.close();
    }
  });
});
