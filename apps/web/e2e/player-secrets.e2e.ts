import type { Response } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { gameReplySchema, matchesAnswerHashes, type GameReply } from '@streethunt/shared';
import { escapeRegExp, openPage } from './support/app.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { newPhonePage, type Language } from './support/browser.ts';
import { allAnswers, englishGame, mapGame, writtenAnswers, type DemoGame } from './support/demo-games.ts';
import { TILE_FAILURES, buyCodeViaApi, enterCode, stubMapTiles } from './support/player.ts';
import { startE2e } from './support/fixture.ts';
import { texts } from './support/texts.ts';

// The player's secrets in the browser (DESIGN.md section 4), and bad input: the game
// reply the page fetches never holds an accepted answer in plain text, with or without a code; and
// a script in a game's rich content never runs.

const e2e = startE2e();
let games: DemoGame[];

beforeAll(async () => {
  games = await Promise.all([mapGame(), englishGame()]);
});

/** Every string in a JSON value, keys included, so a quote or an escape in JSON cannot hide a match. */
function strings(value: unknown, into: string[] = []): string[] {
  if (typeof value === 'string') into.push(value);
  else if (Array.isArray(value)) value.forEach((item) => strings(item, into));
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      into.push(key);
      strings(item, into);
    }
  }
  return into;
}

/** `answer` as a whole word (not inside a longer word, number or hash), any case. */
function containsWord(text: string, answer: string): boolean {
  return new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(answer)}(?![\\p{L}\\p{N}])`, 'iu').test(text);
}

function isGameReply(gameId: string, withSecret: boolean) {
  return (response: Response) =>
    response.request().method() === 'GET' &&
    new URL(response.url()).pathname === `/api/games/${gameId}` &&
    Boolean(response.request().headers()['x-game-secret']) === withSecret;
}

/** Fails if any accepted answer of the game shows in the reply, in any string. */
function expectNoPlainAnswers(game: DemoGame, body: unknown) {
  const text = strings(body).join('\n');
  const leaked = allAnswers(game).filter((answer) => containsWord(text, answer));
  expect(leaked, `accepted answers in the game reply of ${game.id}`).toEqual([]);
}

describe('the game reply in the browser', () => {
  for (const language of ['he', 'en'] as const satisfies Language[]) {
    it(`holds no plain accepted answer, before or after the code (${language === 'he' ? 'Hebrew map game' : 'English game'})`, async () => {
      const game = games.find((g) => g.content.metadata.language === language)!;
      const t = texts[language];
      const { code } = await buyCodeViaApi(e2e.server, game.id);
      const p = await newPhonePage(e2e.browser, { baseURL: e2e.server.url, language });
      const { page, context } = p;
      await stubMapTiles(context);
      try {
        // Without a code: the public part only, in the page the server drew (the data it drew it from).
        await page.goto(`/game/${game.id}`);
        await page.locator('main h1').first().waitFor();
        const drawn = await page.locator('#root').innerText();
        const firstScreen = JSON.parse(await page.locator('#first-screen-data').textContent() ?? 'null') as { queries: { key: unknown[]; data?: unknown }[] };
        const publicData = firstScreen.queries.find((query) => query.key[1] === 'game' && query.key[2] === game.id)?.data;
        const publicBody = gameReplySchema.parse(publicData);
        expect(allAnswers(game).filter((answer) => containsWord(drawn ?? '', answer)), 'accepted answers in the drawn page').toEqual([]);
        expect(publicBody.questions).toBeUndefined();
        expect(publicBody.questionCount).toBe(game.content.questions.length);
        expectNoPlainAnswers(game, publicBody);

        // With the code: the questions, each answer only as a salt and hashes the phone can check.
        const secretReply = page.waitForResponse(isGameReply(game.id, true));
        await enterCode(page, t, code);
        const secretResponse = await secretReply;
        expect(secretResponse.status()).toBe(200);
        expect(secretResponse.headers()['cache-control']).toMatch(/no-store/);
        const raw = (await secretResponse.json()) as GameReply;
        const body = gameReplySchema.parse(raw);
        expect(body.questions).toHaveLength(game.content.questions.length);
        body.questions!.forEach((question, index) => {
          expect(Object.keys(raw.questions![index].answer).sort(), `question ${index + 1}'s answer fields`).toEqual(['content', 'contentAfterAnswer', 'hashes', 'kind', 'salt']);
          expect(question.answer.hashes.length).toBe(writtenAnswers(game, index).length);
          for (const written of writtenAnswers(game, index)) {
            expect(matchesAnswerHashes(question.answer.salt, question.answer.hashes, written), `"${written}" checks against the hashes`).toBe(true);
          }
        });
        expectNoPlainAnswers(game, raw);
        await expectNoSeriousA11yViolations(page);
        p.expectNoErrors({ allowConsole: [TILE_FAILURES] });
      } finally {
        await p.close();
      }
    });
  }
});

describe('rich content', () => {
  // Creators' content is sanitized by the server on save, but there is no save call yet in this
  // issue, and the seed holds no hostile content. So the reply is altered on its way to the page:
  // this proves the built app's own sanitizing (apps/web/src/ui/rich-content.tsx) in a real browser.
  // The page's Content-Security-Policy (no inline script) would block most of this by itself, so the
  // browser is told to ignore it: what is checked is that nothing is left for it to block.
  it('never runs a script hidden in a game’s text, even without the CSP', async () => {
    const game = games.find((g) => g.content.metadata.language === 'en')!;
    const csp = (await fetch(`${e2e.server.url}/game/${game.id}`)).headers.get('content-security-policy') ?? '';
    expect(csp, 'the app page is served with a CSP').toMatch(/script-src 'self'/);

    const p = await newPhonePage(e2e.browser, { baseURL: e2e.server.url, language: 'en', bypassCSP: true });
    const { page } = p;
    const payload = [
      '<p>xss probe text</p>',
      '<script>window.e2eXss = "script"</script>',
      '<img src="/e2e-xss-probe.png" alt="probe" onerror="window.e2eXss = \'onerror\'">',
      '<img src="data:image/png;base64,AAAA" alt="broken" onerror="window.e2eXss = \'onerror-data\'">',
      '<a href="javascript:window.e2eXss=\'link\'">xss probe link</a>',
      '<div onmouseover="window.e2eXss = \'hover\'">xss probe hover</div>',
      '<iframe srcdoc="<script>parent.e2eXss = \'iframe\'</script>"></iframe>',
      '<svg onload="window.e2eXss = \'svg\'"><circle r="5"></circle></svg>',
      '<details open ontoggle="window.e2eXss = \'toggle\'"><summary>xss probe details</summary></details>',
      '<p style="position: fixed; inset: 0; background: url(/e2e-xss-probe.png)">xss probe style</p>',
    ].join('');
    try {
      // The page comes without the data the server drew it from, so the app asks the API as it does for
      // a code holder, and draws the intro itself from the altered reply.
      await page.route(`**/game/${game.id}`, async (route) => {
        const response = await route.fetch();
        const body = (await response.text()).replace(/<script type="application\/json" id="first-screen-data">[\s\S]*?<\/script>/, '');
        await route.fulfill({ response, body });
      });
      await page.route(`**/api/games/${game.id}`, async (route) => {
        const response = await route.fetch();
        const json = (await response.json()) as GameReply;
        json.introPage.content += payload;
        await route.fulfill({ response, json });
      });
      await openPage(page, `/game/${game.id}`);
      const intro = page.getByTestId('intro-page');
      await intro.getByText('xss probe text').waitFor();
      await intro.getByText('xss probe hover').hover();
      await page.waitForTimeout(500);

      // In the creator's text as drawn (the intro's own controls have icons of ours, which are SVG).
      const found = await intro.locator('[data-testid="rich-content"]').evaluateAll((roots) => ({
        dangerous: roots.flatMap((root) => [...root.querySelectorAll('script, iframe, svg, object, embed, form')]).length,
        handlers: roots.flatMap((root) => [...root.querySelectorAll('*')].flatMap((el) => el.getAttributeNames().filter((name) => name.startsWith('on')))),
        scriptLinks: roots.flatMap((root) => [...root.querySelectorAll('a')]).filter((a) => /^\s*javascript:/i.test(a.getAttribute('href') ?? '')).length,
        fixed: roots.flatMap((root) => [...root.querySelectorAll('p')]).filter((el) => getComputedStyle(el).position === 'fixed').length,
      }));
      expect(found).toEqual({ dangerous: 0, handlers: [], scriptLinks: 0, fixed: 0 });
      const link = intro.getByText('xss probe link');
      if ((await link.count()) > 0) await link.click();
      await page.waitForTimeout(300);
      expect(await page.evaluate(() => (window as unknown as { e2eXss?: string }).e2eXss)).toBeUndefined();
      expect(new URL(page.url()).pathname).toBe(`/game/${game.id}`);
      await expectNoSeriousA11yViolations(page);

      // The control: in this page, the same handler written straight into the DOM does run, so the
      // check above would have caught one that got through.
      await page.evaluate(() => document.body.insertAdjacentHTML('beforeend', '<img alt="" src="data:image/png;base64,AAAA" onerror="window.e2eXss = \'control\'">'));
      await expect.poll(() => page.evaluate(() => (window as unknown as { e2eXss?: string }).e2eXss)).toBe('control');
      // The probe image's path answers 404 (or the app page), which the browser may log.
      p.expectNoErrors({ allowConsole: [/e2e-xss-probe|status of 404/] });
    } finally {
      await p.close();
    }
  });
});
