import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { areaCenter, translationCoverage, type ControlRoom, type EditableGame, type NewGameReply } from '@streethunt/shared';
import { escapeRegExp, fieldLabel, openPage, pageHeading } from '../support/app.ts';
import { pendingGameViaApi } from '../support/admin.ts';
import { launchBrowser, newPhonePage, type Language, type PhonePage } from '../support/browser.ts';
import { englishGame, mapGame, writtenAnswers, type DemoGame } from '../support/demo-games.ts';
import type { E2e } from '../support/fixture.ts';
import { startServer } from '../support/server.ts';
import { repoRoot } from '../support/paths.ts';
import { answerRight, buyCodeViaApi, enterCode, nextProgressReply, questionView, stubMapTiles } from '../support/player.ts';
import { DEMO_ADMIN, DEMO_CREATOR, editableCopy, loginViaApi, nextReply, ownerGame, storeSession, studioApi, type StoredSession } from '../support/studio.ts';
import { fill, studioTexts, texts } from '../support/texts.ts';
import { englishMapGame } from './english-map-game.ts';

// The documentation's pictures (docs/images), drawn from the real app: the server with its demo data,
// Chromium on a phone (390x844) or a desktop (1280x800), in Hebrew and in English. `npm run
// docs:screenshots` redraws them whenever screens change; nothing here is compared, only saved.
// English pictures show the Hebrew demo map game with a full English translation (english-map-game.ts),
// so both languages show the same walk; the organiser's English event runs the English demo game.

const imagesDir = path.join(repoRoot, 'docs/images');
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const LANGUAGES: Language[] = ['he', 'en'];

const e2e = {} as E2e;
let map: DemoGame;
let english: DemoGame;
let creator: StoredSession;
let admin: StoredSession;
/** Drafts of the creator's: the next versions of the map game and the English game, and a game with a fork in each language. */
const drafts = { map: '', english: '', fork: { he: '', en: '' } };

beforeAll(async () => {
  // As startE2e, but on a production host: the pictures show the app without the environment's banner.
  const [server, browser] = await Promise.allSettled([startServer({ PRODUCTION_HOSTS: '127.0.0.1' }), launchBrowser()]);
  if (server.status === 'fulfilled') e2e.server = server.value;
  if (browser.status === 'fulfilled') e2e.browser = browser.value;
  if (server.status === 'rejected') throw server.reason;
  if (browser.status === 'rejected') throw browser.reason;

  await mkdir(imagesDir, { recursive: true });
  [map, english] = await Promise.all([mapGame(), englishGame()]);
  [creator, admin] = await Promise.all([loginViaApi(e2e.server, DEMO_CREATOR), loginViaApi(e2e.server, DEMO_ADMIN)]);
  // The map game gets its English, as an admin would save it on the published game.
  const missing = translationCoverage(map.content, englishMapGame).missing;
  if (missing.length > 0) throw new Error(`english-map-game.ts lacks: ${missing.join(', ')}`);
  const stored = await ownerGame(e2e.server, admin, map.id);
  await studioApi(e2e.server, admin, `/api/games/${map.id}`, { ...editableCopy(stored), translations: { en: englishMapGame }, version: stored.version });

  // The editor's pictures show drafts, as a creator edits them (an approved game is changed through its next version).
  const nextVersion = async (gameId: string) => (await studioApi<NewGameReply>(e2e.server, creator, `/api/games/next-version/${gameId}`, {})).data._id;
  drafts.map = await nextVersion(map.id);
  drafts.english = await nextVersion(english.id);
  drafts.fork = { he: await forkGame('he'), en: await forkGame('en') };
}, 180_000);

afterAll(async () => {
  await Promise.allSettled([e2e.browser?.close(), e2e.server?.stop()]);
});

const forkWords = {
  he: {
    name: 'נמל יפו: שני שבילים',
    fork: 'שמאלה לנמל, או ימינה למגדל השעון?',
    harbour: 'הנמל',
    tower: 'מגדל השעון',
    boats: 'כמה סירות דייגים קשורות לרציף?',
    face: 'באיזה צבע לוח השעון?',
    gate: 'מה כתוב מעל השער העתיק?',
    said: 'רוח הים מלווה אתכם.',
  },
  en: {
    name: 'Jaffa port: two paths',
    fork: 'Left to the harbour, or right to the clock tower?',
    harbour: 'The harbour',
    tower: 'The clock tower',
    boats: 'How many fishing boats are tied to the quay?',
    face: 'What colour is the clock face?',
    gate: 'What is written above the old gate?',
    said: 'The sea wind follows you.',
  },
};

/** A new draft of the creator's with a fork: a choice, one question on each side of it, and a question where both meet. */
async function forkGame(language: Language): Promise<string> {
  const gameId = (await studioApi<NewGameReply>(e2e.server, creator, '/api/games/new', {})).data._id;
  const stored = await ownerGame(e2e.server, creator, gameId);
  const copy = editableCopy(stored);
  const w = forkWords[language];
  const after = { content: '', contentAfterAnswer: '' };
  const questions: EditableGame['questions'] = [
    {
      id: 'fork',
      content: `<p>${w.fork}</p>`,
      location: null,
      hints: [],
      answer: { kind: 'choice', options: [{ id: 'harbour', text: w.harbour, correct: true }, { id: 'tower', text: w.tower, correct: true }], ...after },
      then: [{ on: { chose: 'harbour' }, do: [{ say: w.said }] }],
    },
    { id: 'boats', content: `<p>${w.boats}</p>`, location: null, hints: [], answer: { kind: 'text', value: '7, seven', ...after }, when: { chose: { question: 'fork', option: 'harbour' } } },
    { id: 'face', content: `<p>${w.face}</p>`, location: null, hints: [], answer: { kind: 'text', value: 'white, לבן', ...after }, when: { chose: { question: 'fork', option: 'tower' } } },
    { id: 'gate', content: `<p>${w.gate}</p>`, location: null, hints: [], answer: { kind: 'text', value: 'Jaffa, יפו', ...after } },
  ];
  await studioApi(e2e.server, creator, `/api/games/${gameId}`, {
    ...copy,
    metadata: { ...copy.metadata, name: w.name, language, map: false, order: 'linear' },
    questions,
    version: stored.version,
  });
  return gameId;
}

/**
 * One picture: one image pixel per CSS pixel (a phone page draws at 2x, the picture is kept at 1x
 * to stay small), animations stopped, no text caret.
 */
async function shoot(page: Page, name: string): Promise<void> {
  // Web fonts and images of the screen in place before the picture.
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.screenshot({ path: path.join(imagesDir, `${name}.png`), animations: 'disabled', caret: 'hide', scale: 'css' });
}

/** A page of `language` at `viewport`, map tiles stubbed, signed in as `session` if given. */
async function openContext(language: Language, viewport: { width: number; height: number }, session?: StoredSession): Promise<PhonePage> {
  const p = await newPhonePage(e2e.browser, { baseURL: e2e.server.url, language, viewport });
  await stubMapTiles(p.context);
  if (session) await storeSession(p.context, session);
  return p;
}

/** The game's name in `language` (the map game's English from its translation). */
function nameIn(game: DemoGame, language: Language): string {
  return language === 'en' && game.id === map.id ? englishMapGame.metadata!.name! : game.content.metadata.name;
}

/** The area step of question `index` of the map game: the team walks into its area and goes on to the question. */
async function walkTo(p: PhonePage, index: number): Promise<void> {
  const { page, context } = p;
  const step = page.getByTestId('area-step');
  await step.waitFor();
  const { lat, lng } = areaCenter(map.content.questions[index]!.location!);
  await context.setGeolocation({ latitude: lat, longitude: lng, accuracy: 5 });
  await step.locator('[data-testid="area-guide"][data-arrived="true"]').waitFor();
  const started = nextProgressReply(page, 'set-question-status', 'STARTED');
  await step.getByTestId('area-continue').click();
  expect((await started).status()).toBe(200);
  await questionView(page, index).waitFor();
}

/** The accepted answer a team types in `language`. */
function answerOf(index: number, language: Language): string {
  if (language === 'en') return englishMapGame.questions![`g1q${index + 1}`]!.answers!.split(',')[0]!.trim();
  return writtenAnswers(map, index)[0]!;
}

describe.each(LANGUAGES)('the documentation’s pictures (%s)', (language) => {
  const t = texts[language];
  const s = studioTexts[language];

  it('player: the list, an intro, a question, the map and the end', { timeout: 240_000 }, async () => {
    const { code } = await buyCodeViaApi(e2e.server, map.id);
    const p = await openContext(language, PHONE);
    const { page } = p;
    try {
      // In English, the list's language filter on English: the games a reader of English can play.
      await openPage(page, language === 'en' ? '/games?language=en' : '/games');
      const names = new RegExp([nameIn(map, language), map.content.metadata.name, english.content.metadata.name].map(escapeRegExp).join('|'));
      await page.getByTestId('game-card').filter({ hasText: names }).first().waitFor();
      // The cards' cover pictures drawn.
      await page.waitForFunction(() => [...document.images].every((image) => image.complete));
      await shoot(page, `player-games-${language}`);

      // The map game in the page's language (an address that names it, as a shared link would).
      await openPage(page, `/game/${map.id}?lang=${language}`);
      await page.getByTestId('intro-page').getByRole('heading', { level: 1, name: nameIn(map, language) }).waitFor();
      await shoot(page, `player-intro-${language}`);

      await enterCode(page, t, code);
      await walkTo(p, 0);
      const first = questionView(page, 0);
      await first.getByRole('heading', { level: 1, name: fill(t.player.question.title, { n: '1' }) }).waitFor();
      await page.getByTestId('answer-input').waitFor();
      await shoot(page, `player-question-${language}`);
      await answerRight(page, t, 0, answerOf(0, language));

      // The map page from the header, on the way to the second stop.
      await page.getByTestId('area-step').waitFor();
      await page.getByTestId('header-map').click();
      const mapPage = page.getByTestId('map-page');
      await mapPage.getByTestId('game-map').locator('.leaflet-tile-loaded').first().waitFor();
      await mapPage.locator('.sh-map-marker').first().waitFor();
      await shoot(page, `player-map-${language}`);
      await page.getByTestId('header-questions').click();

      for (const index of [1, 2, 3, 4]) {
        await walkTo(p, index);
        const ended = index === 4 ? nextProgressReply(page, 'set-end-time') : null;
        await answerRight(page, t, index, answerOf(index, language));
        if (ended) expect((await ended).status()).toBe(200);
      }
      const over = page.getByTestId('game-over');
      await over.getByRole('heading', { level: 1, name: t.player.gameOver.title }).waitFor();
      await over.getByTestId('summary').waitFor();
      await over.getByTestId('feedback-widget').waitFor();
      await shoot(page, `player-game-over-${language}`);
    } finally {
      await p.close();
    }
  });

  it('creator: my games, the editor, the flow and the translation', { timeout: 180_000 }, async () => {
    const p = await openContext(language, DESKTOP, creator);
    const { page } = p;
    try {
      await page.goto('/my-games');
      await page.getByRole('heading', { level: 1, name: s.myGames.title }).waitFor();
      await page.locator('main').getByText(map.content.metadata.name).first().waitFor();
      await page.locator('main').getByText(english.content.metadata.name).first().waitFor();
      await shoot(page, `creator-my-games-${language}`);

      // The editor with a question open: the English demo game in English, the map game in Hebrew.
      await openPage(page, `/game-editor/${language === 'en' ? drafts.english : drafts.map}`);
      await page.getByTestId('game-editor').waitFor();
      await page.getByTestId('node-q0').click();
      await page.locator('[data-testid="edit-panel"][data-kind="question"]').waitFor();
      await page.locator('[data-testid="edit-panel"] [contenteditable="true"]').first().waitFor();
      await page.mouse.move(0, 0);
      await shoot(page, `creator-editor-${language}`);
      if (language === 'en') await shoot(page, 'editor-en');

      // 'See the game's flow', of the game with a fork.
      await openPage(page, `/game-editor/${drafts.fork[language]}`);
      await page.getByTestId('game-editor').waitFor();
      await page.getByTestId('flow-view-open').click();
      const view = page.getByTestId('flow-view');
      await view.waitFor();
      await expect.poll(() => view.getByTestId('flow-view-node').count()).toBe(4);
      await view.getByTestId('flow-view-edge-label').first().waitFor();
      await page.mouse.move(0, 0);
      await shoot(page, `creator-flow-${language}`);

      // The translation view of the map game: its Hebrew beside the English, a question open.
      const tr = s.editorTranslation;
      await openPage(page, `/game-editor/${drafts.map}`);
      await page.getByTestId('game-editor').waitFor();
      await page.getByTestId('translation-mode').getByText(tr.translation.en, { exact: true }).click();
      await page.getByTestId('translation-meter').waitFor();
      await page.getByTestId('node-q0').click();
      await page.getByTestId('translation-panel').waitFor();
      await page.locator('[data-path="questions.g1q1.content"] [contenteditable="true"]').getByText('In the middle of the square', { exact: false }).waitFor();
      await page.mouse.move(0, 0);
      await shoot(page, `creator-translation-${language}`);
    } finally {
      await p.close();
    }
  });

  it('organiser: a new event, a team naming itself, the control room', { timeout: 240_000 }, async () => {
    // The game's pages speak the game's language: the Hebrew map game in Hebrew, the English game in English.
    const game = language === 'he' ? map : english;
    const gt = texts[game.content.metadata.language === 'en' ? 'en' : 'he'];
    const opened: PhonePage[] = [];
    try {
      const organiser = await openContext(language, PHONE, creator);
      opened.push(organiser);
      const page = organiser.page;
      await openPage(page, `/events/new?gameId=${game.id}`);
      await page.getByLabel(fieldLabel(s.events.form.name.label)).fill(language === 'he' ? 'יום כיף של הכיתה' : 'Class fun day');
      await page.getByLabel(fieldLabel(s.events.form.teamCount.label)).fill('4');
      await page.getByLabel(fieldLabel(s.events.form.timeLimit.label)).fill('90');
      await page.locator('main h1').first().scrollIntoViewIfNeeded();
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await shoot(page, `organiser-new-event-${language}`);
      await page.getByRole('button', { name: s.events.form.submit }).click();
      await page.getByTestId('control-room').waitFor();
      await page.waitForURL(/\/events\/[A-Za-z0-9_-]+$/);
      const eventId = new URL(page.url()).pathname.split('/').pop()!;
      const room = await studioApi<{ data: ControlRoom }>(e2e.server, creator, `/api/events/${eventId}`);
      const codes = room.data.teams.map((team) => team.code);

      // Three teams open their codes and name themselves, all at the start (in the map game, at its first area):
      // one spot, so the room's map shows them as one circle whenever their positions come in.
      const teams = language === 'he' ? ['הנמרים', 'השועלים', 'הינשופים'] : ['Tigers', 'Foxes', 'Owls'];
      const firstArea = game.content.questions[0]!.location;
      for (const [i, team] of teams.entries()) {
        const phone = await openContext(language, PHONE);
        opened.push(phone);
        if (game.content.metadata.map && firstArea) {
          const { lat, lng } = areaCenter(firstArea);
          await phone.context.setGeolocation({ latitude: lat, longitude: lng, accuracy: 5 });
        }
        await openPage(phone.page, `/game/${game.id}`);
        await enterCode(phone.page, gt, codes[i]!);
        const step = phone.page.getByTestId('team-naming');
        await step.waitFor();
        await step.getByTestId('event-position-note').waitFor();
        if (i === 0) {
          await phone.page.getByTestId('team-name-input').fill(team);
          await phone.page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
          await shoot(phone.page, `organiser-team-name-${language}`);
        } else await phone.page.getByTestId('team-name-input').fill(team);
        await step.getByRole('button', { name: gt.player.event.name.save }).click();
        await step.waitFor({ state: 'detached' });
      }
      // The first team is on its way: its first question answered (at its area, in the map game).
      const first = opened[1]!;
      if (game.content.metadata.map) await walkTo(first, 0);
      await questionView(first.page, 0).waitFor();
      await answerRight(first.page, gt, 0, writtenAnswers(game, 0)[0]!);

      // The control room on a desktop, once every team is named and on the map.
      const desk = await openContext(language, DESKTOP, creator);
      opened.push(desk);
      await openPage(desk.page, `/events/${eventId}`);
      await desk.page.getByTestId('control-room').waitFor();
      await desk.page.locator('[data-testid="live-status"][data-state="live"]').waitFor();
      for (const team of teams) await desk.page.getByTestId('teams').getByText(team, { exact: true }).waitFor();
      await desk.page.locator('[data-testid="feed-item"][data-kind="answered"]').getByText(teams[0]!).waitFor();
      // Every team on the map: a pin each, or circles counting them (positions come every few seconds).
      const onMap = () =>
        desk.page.evaluate(() => {
          const pins = document.querySelectorAll('[data-testid="team-pin"]').length;
          const clustered = [...document.querySelectorAll('.sh-teams-cluster')].reduce((sum, cluster) => sum + (Number.parseInt(cluster.textContent ?? '', 10) || 0), 0);
          return pins + clustered;
        });
      await expect.poll(onMap, { timeout: 20_000 }).toBe(teams.length);
      // The map fitted its first positions; 'show all teams' fits the team that walked on too.
      await desk.page.getByRole('button', { name: s.events.map.fit }).click();
      const mapFrame = desk.page.getByTestId('teams-map');
      const allInView = () =>
        mapFrame.evaluate((frame) => {
          const box = frame.getBoundingClientRect();
          const markers = [...frame.querySelectorAll('[data-testid="team-pin"], .sh-teams-cluster')].map((marker) => marker.getBoundingClientRect());
          const inside = markers.every((m) => m.left >= box.left && m.right <= box.right && m.top >= box.top && m.bottom <= box.bottom);
          return inside && !frame.querySelector('.leaflet-zoom-anim');
        });
      await expect.poll(allInView, { timeout: 10_000 }).toBe(true);
      await desk.page.locator('.leaflet-tile-loaded').first().waitFor();
      await shoot(desk.page, `organiser-control-room-${language}`);
    } finally {
      await Promise.allSettled(opened.map((p) => p.close()));
    }
  });

  it('admin: the approval queue and generated codes', { timeout: 120_000 }, async () => {
    const waiting = language === 'he' ? 'סיור לילי בשדרות רוטשילד' : 'Jaffa port at sunset';
    await pendingGameViaApi(e2e.server, creator, language === 'he' ? map.id : english.id, waiting);
    const p = await openContext(language, DESKTOP, admin);
    const { page } = p;
    try {
      await page.goto('/admin-pending-games');
      await pageHeading(page, s.adminGames.title).waitFor();
      await page.getByRole('table', { name: s.adminGames.table.label }).getByRole('row').filter({ hasText: waiting }).waitFor();
      await shoot(page, `admin-pending-${language}`);

      const k = s.adminCodes;
      await page.goto('/admin-generate-codes');
      await pageHeading(page, k.title).waitFor();
      await page.getByLabel(fieldLabel(k.game.label)).first().click();
      // The published game, not the draft of its next version.
      const published = page.getByRole('option').filter({ hasText: (language === 'he' ? map : english).content.metadata.name }).filter({ hasText: s.studio.status.APPROVED });
      await published.first().click();
      await page.getByLabel(fieldLabel(k.prefix.label)).fill('TLV');
      await page.getByLabel(fieldLabel(k.count.label)).fill('3');
      await page.locator('main').getByRole('button', { name: k.generate, exact: true }).click();
      const confirm = page.getByRole('dialog', { name: k.confirm.title });
      const generated = nextReply(page, 'POST', /^\/api\/games\/generate-codes\//);
      await confirm.getByRole('button', { name: k.confirm.yes, exact: true }).click();
      expect((await generated).status()).toBe(200);
      await confirm.waitFor({ state: 'detached' });
      await page.getByTestId('generated-codes').getByText(fill(k.result.code, { n: '3' }), { exact: true }).waitFor();
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await page.mouse.move(0, 0);
      await shoot(page, `admin-codes-${language}`);
    } finally {
      await p.close();
    }
  });
});
