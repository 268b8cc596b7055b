import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { progressSchema, type GameProgressRequest, type Progress } from '@streethunt/shared';
import { fieldLabel } from './app.ts';
import type { TestServer } from './server.ts';
import { texts, type Texts } from './texts.ts';

// Helpers for the player's browser tests: buying a code through the API (buy-code.ts), reading a play's progress,
// map tiles without internet, and walking the first screens of /game/{id}.

import { SANDBOX_CARDS, futureExpiry, readJson, type Buyer } from './buy-code.ts';

export { SANDBOX_CARDS, buyCodeViaApi, futureExpiry, newBuyer, type Buyer } from './buy-code.ts';

/** POST /api/game-progress with any action; the raw reply. */
export function postGameProgress(server: TestServer, body: GameProgressRequest): Promise<Response> {
  return fetch(`${server.url}/api/game-progress`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** The play's progress as the server has it (get-game-progress). */
export async function fetchProgress(server: TestServer, gameId: string, secretCode: string): Promise<Progress> {
  const response = await postGameProgress(server, { action: 'get-game-progress', gameId, secretCode });
  return progressSchema.parse(await readJson(response, 'get-game-progress'));
}

/** A 1x1 light grey PNG, stretched by Leaflet over each 256 px tile. */
const TILE_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGN4+eY9AAWGAsX5sueqAAAAAElFTkSuQmCC', 'base64');

/**
 * There is no internet here: map tiles (TILE_URL, OpenStreetMap by default) are answered with a plain
 * grey image, so the map draws and the browser logs no failed requests.
 */
export async function stubMapTiles(context: BrowserContext): Promise<void> {
  await context.route(
    (url) => url.hostname.endsWith('tile.openstreetmap.org'),
    (route) => route.fulfill({ status: 200, contentType: 'image/png', body: TILE_PNG }),
  );
}

/** Console errors of failed map tiles, should one get past the stub (e.g. while the context is offline). */
export const TILE_FAILURES = /tile\.openstreetmap\.org|Failed to load resource: net::ERR_(NAME_NOT_RESOLVED|INTERNET_DISCONNECTED|CONNECTION_REFUSED)/;

/** What the page sent to POST /api/game-progress, in order. */
export function recordProgressCalls(page: Page): GameProgressRequest[] {
  const calls: GameProgressRequest[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/game-progress') {
      calls.push(request.postDataJSON() as GameProgressRequest);
    }
  });
  return calls;
}

/** The game-progress calls the server took (HTTP 200), in the order it answered them. */
export function recordDeliveredProgressCalls(page: Page): GameProgressRequest[] {
  const calls: GameProgressRequest[] = [];
  page.on('response', (response) => {
    const request = response.request();
    if (request.method() === 'POST' && new URL(response.url()).pathname === '/api/game-progress' && response.status() === 200) {
      calls.push(request.postDataJSON() as GameProgressRequest);
    }
  });
  return calls;
}

/** The reply to the page's next game-progress call with this action (and question status). */
export function nextProgressReply(page: Page, action: GameProgressRequest['action'], questionStatus?: string) {
  return page.waitForResponse((response) => {
    const request = response.request();
    if (request.method() !== 'POST' || new URL(response.url()).pathname !== '/api/game-progress') return false;
    const body = request.postDataJSON() as { action?: string; questionStatus?: string } | null;
    return body?.action === action && (questionStatus === undefined || body.questionStatus === questionStatus);
  });
}

/**
 * From the intro of /game/{id}: 'lets play', type the code, send it, see it accepted, continue to the
 * questions. `t` is the language the game switched the interface to.
 */
export async function enterCode(page: Page, t: Texts, code: string, options: { fromIntro?: boolean } = {}): Promise<void> {
  if (options.fromIntro !== false) await page.getByTestId('intro-page').getByRole('button', { name: t.player.intro.letsPlay, exact: true }).click();
  await page.getByTestId('code-entry').waitFor();
  await page.getByTestId('code-input').fill(code);
  const send = page.getByTestId('code-entry').getByRole('button', { name: t.player.payment.sendCode, exact: true });
  // A Button must look like one on the first screen too: Mantine's Button styles must follow UnstyledButton's.
  const look = await send.evaluate((button) => ({ background: getComputedStyle(button).backgroundColor, color: getComputedStyle(button).color }));
  if (look.background === 'rgba(0, 0, 0, 0)' || look.background === look.color) throw new Error(`the send-code button is not styled: ${JSON.stringify(look)}`);
  const started = nextProgressReply(page, 'set-start-time');
  await send.click();
  const reply = await started;
  if (reply.status() !== 200) throw new Error(`set-start-time answered ${reply.status()}: ${await reply.text()}`);
  await page.locator('[data-testid="code-result"][data-result="right"]').waitFor();
  const icon = page.getByTestId('code-result');
  if ((await icon.getAttribute('aria-label')) !== t.player.payment.codeRight) throw new Error('the accepted code has no "code accepted" label');
  await page.getByTestId('code-continue').click();
}

/** The current question's view (data-index, data-status), once it shows question `index` (0-based). */
export function questionView(page: Page, index: number) {
  return page.locator(`[data-testid="question"][data-index="${index}"]`);
}

/**
 * From the intro of /game/{id} (a Hebrew game: its pages speak Hebrew): 'lets play', 'purchase a code',
 * the form, the sandbox page paid with the test card, and the code /payment-success shows.
 */
export async function buyOnSandboxPage(page: Page, buyer: Buyer): Promise<string> {
  const t = texts.he;
  await page.getByTestId('intro-page').getByRole('button', { name: t.player.intro.letsPlay, exact: true }).click();
  await page.getByTestId('code-entry').waitFor();
  await page.getByRole('button', { name: t.player.payment.purchase, exact: true }).click();
  await payOnSandboxPage(page, t, buyer);
  return ((await page.getByTestId('game-code').textContent()) ?? '').trim();
}

/** From the open purchase form (in the page's language `t`): the buyer's details, the sandbox page paid with the test card, and /payment-success. */
export async function payOnSandboxPage(page: Page, t: Texts, buyer: Buyer): Promise<void> {
  const form = page.getByTestId('purchase-form');
  await form.waitFor();
  await form.getByLabel(fieldLabel(t.player.purchase.fullName)).fill(buyer.fullName);
  await form.getByLabel(fieldLabel(t.player.purchase.email)).fill(buyer.email);
  await form.getByLabel(fieldLabel(t.player.purchase.phone)).fill(buyer.phone);
  await form.getByRole('button', { name: t.player.purchase.toPayment, exact: true }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/sandbox-pay/'));
  await page.locator('#cardNumber').fill(SANDBOX_CARDS.succeeds);
  await page.locator('#expiry').fill(futureExpiry());
  await page.locator('#cvc').fill('123');
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL((url) => url.pathname === '/payment-success' && url.searchParams.has('Token'));
  await page.getByTestId('payment-approved').waitFor();
}

/** Types an answer and presses Enter. */
export async function answer(page: Page, text: string) {
  const input = page.getByTestId('answer-input');
  await input.fill(text);
  await input.press('Enter');
}

/** A right answer: the check icon, ANSWERED sent and accepted, the box read-only; then continue (DONE). */
export async function answerRight(page: Page, t: Texts, index: number, text: string) {
  const answered = nextProgressReply(page, 'set-question-status', 'ANSWERED');
  await answer(page, text);
  const result = page.getByTestId('answer-result');
  await page.locator('[data-testid="answer-result"][data-result="right"]').waitFor();
  expect(await result.getAttribute('aria-label')).toBe(t.player.answer.right);
  expect((await answered).status()).toBe(200);
  expect(await page.getByTestId('answer-input').getAttribute('readonly')).not.toBeNull();
  expect(await page.getByTestId('answer-input').inputValue()).toBe(text);
  await questionView(page, index).and(page.locator('[data-status="ANSWERED"]')).waitFor();
  const done = nextProgressReply(page, 'set-question-status', 'DONE');
  await page.getByTestId('after-answer').getByTestId('question-continue').click();
  expect((await done).status()).toBe(200);
}
