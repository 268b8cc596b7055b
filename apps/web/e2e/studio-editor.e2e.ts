import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { emptyGame, validateGame } from '@streethunt/shared';
import { escapeRegExp, fieldLabel, menuToggle } from './support/app.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { newPhonePage, type Language } from './support/browser.ts';
import { startE2e } from './support/fixture.ts';
import { expectFitsScreen } from './support/phone-layout.ts';
import { nextProgressReply, questionView, stubMapTiles } from './support/player.ts';
import { saveScreenshot } from './support/screenshots.ts';
import {
  DEMO_ADMIN,
  DEMO_CREATOR,
  editableCopy,
  loginViaApi,
  nextReply,
  noisePng,
  ownerGame,
  runId,
  storeSession,
  studioApi,
  throttleUploads,
  type StoredSession,
} from './support/studio.ts';
import { fill, studioTexts, texts } from './support/texts.ts';

// Making a game in the creator studio from nothing, once in Hebrew on a phone (the
// tree, the edit panel and the preview are tabs) and once in English on a desktop (three panes): send
// to approval at once and meet every validation error of spec section 5 on the way, each with its
// translated message, fixing it; the map on, a start point, a polygon area drawn with geoman and a
// point; rich text typed into Tiptap; two questions, their answers and texts, a hint; a cover uploaded
// through the media picker; the preview following the selection; save, reload, send to approval
// (PENDING, an email to the admin); then a code from /my-games opens the game in the player, which
// shows what the creator wrote. A script smuggled into the content through the API never runs.

const e2e = startE2e();
let creator: StoredSession;

beforeAll(async () => {
  creator = await loginViaApi(e2e.server, DEMO_CREATOR);
});

type StudioTexts = (typeof studioTexts)[Language];

/** What the creator writes, in the game's language. */
const WORDS = {
  he: {
    name: 'ציד בסמטאות הכרמל',
    city: 'תל אביב',
    place: 'פינת הכרמל ואלנבי',
    intro: 'ברוכים הבאים לציד ברחובות השוק',
    question1: 'כמה קשתות יש בשער השוק',
    answers1: 'שלוש, 3',
    before1: 'הסתכלו למעלה לפני שעונים',
    after1: 'נכון מאוד, ממשיכים לרחוב הבא',
    hint1: 'ספרו את הקשתות מימין לשמאל',
    question2: 'איזה צבע הדלת הכחולה',
    answers2: 'כחול, תכלת',
    after2: 'נכון, הדלת נצבעה לפני מאה שנה',
    gameover: 'כל הכבוד, סיימתם את המשחק',
  },
  en: {
    name: 'Carmel Market Alleys Hunt',
    city: 'Tel Aviv',
    place: 'Corner of Carmel and Allenby',
    intro: 'Welcome to the hunt through the market streets',
    question1: 'How many arches does the market gate have',
    answers1: 'three, 3',
    before1: 'Look up before you answer',
    after1: 'Right you are, on to the next street',
    hint1: 'Count the arches from right to left',
    question2: 'What colour is the old door',
    answers2: 'blue, light blue',
    after2: 'Right, the door was painted a century ago',
    gameover: 'Well done, you finished the game',
  },
} as const;

/** The game-over preview's sample play (spec section 4: 83 minutes 45 seconds), as the summary writes it (h:mm:ss). */
const SAMPLE_PLAY_TIME = '1:23:45';

/** The editor's parts as a creator reaches them: on a phone through the tabs, on a desktop side by side. */
function editorOf(page: Page, s: StudioTexts, phone: boolean) {
  const tree = page.getByRole('navigation', { name: s.editor.tree.label });
  const panel = page.getByTestId('edit-panel');
  const preview = page.getByTestId('preview');
  const tab = (name: string) => page.getByRole('tab', { name, exact: true });
  const bar = page.getByTestId('validation-bar');
  return {
    tree,
    panel,
    preview,
    bar,
    async showTree() {
      if (phone) await tab(s.editor.layout.tree).click();
      await tree.waitFor();
    },
    async showPanel() {
      if (phone) await tab(s.editor.layout.edit).click();
      await panel.waitFor();
    },
    async showPreview(): Promise<Locator> {
      if (phone) await tab(s.editor.layout.preview).click();
      await preview.waitFor();
      return preview;
    },
    /** Selects a node of the tree (by its key, selection.ts) and waits for its edit panel. */
    async select(key: string, kind: string) {
      await this.showTree();
      await tree.getByTestId(`node-${key}`).click();
      await page.locator(`[data-testid="edit-panel"][data-kind="${kind}"]`).waitFor();
    },
    /** The red bar's first error, as the translated message. */
    async expectFirstError(message: string) {
      await bar.getByRole('button', { name: message, exact: true }).waitFor();
    },
    /** A rich-text field of the edit panel, by its label: click into Tiptap's contenteditable and type. */
    async typeRichText(label: string, text: string) {
      const editable = panel.getByRole('textbox', { name: label, exact: true });
      await editable.click();
      await page.keyboard.type(text);
      // Every character arrives, however fast they come (echo-guard.ts).
      await editable.getByText(text, { exact: true }).waitFor();
    },
  };
}

/** The editor's own h1 (on a desktop the preview shows the player's intro, with an h1 of its own). */
function editorTitle(page: Page, name: string) {
  return page.getByTestId('game-editor').getByRole('heading', { level: 1, name, exact: true }).first();
}

/** Clicks the map of the area editor at fractions of its width and height. */
async function clickMap(page: Page, points: Array<[number, number]>) {
  const map = page.getByTestId('area-editor-map');
  await map.locator('.leaflet-container').waitFor();
  await map.scrollIntoViewIfNeeded();
  const box = await map.boundingBox();
  if (!box) throw new Error('the area map has no box');
  for (const [x, y] of points) await page.mouse.click(box.x + box.width * x, box.y + box.height * y);
}

/** A Mantine SegmentedControl option: its radio input is hidden, its label is what a user clicks. */
function labelOf(scope: Locator, text: string) {
  return scope.locator('label').filter({ hasText: new RegExp(`^\\s*${escapeRegExp(text)}\\s*$`) }).first();
}

describe('making a game in the creator studio', () => {
  const runs = [
    { language: 'he', viewport: { width: 390, height: 844 } },
    { language: 'en', viewport: { width: 1280, height: 900 } },
  ] as const;

  for (const { language, viewport } of runs) {
    const phone = viewport.width < 1024;
    it(`from /my-games to a game sent to approval and played (${language}, ${phone ? 'phone' : 'desktop'})`, { timeout: 180_000 }, async () => {
      const s = studioTexts[language];
      const t = texts[language];
      const v = s.ge.validation;
      const words = { ...WORDS[language], name: `${WORDS[language].name} ${runId()}` };
      const suffix = language;
      const p = await newPhonePage(e2e.browser, { baseURL: e2e.server.url, language, viewport });
      const { page, context } = p;
      await stubMapTiles(context);
      await storeSession(context, creator);
      const editor = editorOf(page, s, phone);
      const checkPhone = async (where: string) => {
        if (phone) await expectFitsScreen(page, where);
      };
      let gameId = '';
      let code = '';
      const probe = `xss-probe-${runId()}`;
      try {
        // From /my-games, 'Create new game' and its button: a new draft in the editor.
        await page.goto('/my-games');
        await page.getByRole('heading', { level: 1, name: s.myGames.title }).waitFor();
        await page.locator('main').getByRole('link', { name: s.myGames.create, exact: true }).click();
        await page.waitForURL((url) => url.pathname === '/game-editor-new-game');
        const created = nextReply(page, 'POST', '/api/games/new');
        await page.locator('main').getByRole('button', { name: s.newGame.create, exact: true }).click();
        const createdReply = await created;
        expect(createdReply.status()).toBe(200);
        gameId = ((await createdReply.json()) as { data: { _id: string } }).data._id;
        await page.waitForURL((url) => url.pathname === `/game-editor/${gameId}`);
        await editorTitle(page, s.editor.untitled).waitFor();
        await editor.tree.or(page.getByRole('tab', { name: s.editor.layout.tree })).first().waitFor();
        if (phone) expect(await page.getByRole('tab').count()).toBe(3);
        else expect(await page.getByRole('tab').count()).toBe(0);

        // Send to approval at once: every error is found, the first is in the red bar, the tree marks its nodes.
        const send = page.getByRole('button', { name: s.editor.approval.button, exact: true });
        await send.click();
        await editor.expectFirstError(v.required.name);
        const all = validateGame(emptyGame());
        await editor.bar.getByText(fill(s.editor.approval.total, { n: String(all.length) })).waitFor();
        await editor.showTree();
        for (const key of ['metadata', 'intro', 'gameover']) expect(await editor.tree.getByTestId(`node-${key}`).getAttribute('data-invalid'), key).toBe('true');
        // 'At least one question': the way on, 'add question', is marked.
        expect(await editor.tree.getByTestId('add-question').getAttribute('data-invalid')).toBe('true');
        expect(await editor.tree.getByRole('img', { name: s.editor.tree.invalid }).count()).toBe(4);
        await saveScreenshot(page, `studio-editor-validation-${suffix}`);
        await expectNoSeriousA11yViolations(page);
        await checkPhone('the editor with the validation bar');

        // The bar leads to the first error's field, which says it too.
        await editor.bar.getByRole('button', { name: v.required.name }).click();
        await page.locator('[data-testid="edit-panel"][data-kind="metadata"]').waitFor();
        const name = editor.panel.getByLabel(fieldLabel(s.editor.metadata.name));
        expect(await name.getAttribute('aria-invalid')).toBe('true');
        await editor.panel.getByText(v.required.name, { exact: true }).waitFor();

        // General details, one error at a time.
        await name.fill(words.name);
        await editor.expectFirstError(v.required.locationCity);
        await editor.panel.getByLabel(fieldLabel(s.editor.metadata.city)).fill(words.city);
        await editor.expectFirstError(v.required.locationText);
        await editor.panel.getByLabel(fieldLabel(s.editor.metadata.locationText)).fill(words.place);
        await editor.expectFirstError(v.required.price);
        const price = editor.panel.getByLabel(fieldLabel(s.editor.metadata.price));
        await price.fill('10');
        await editor.expectFirstError(v.minimun.price);
        await editor.panel.getByText(v.minimun.price, { exact: true }).waitFor();
        await price.fill('45');
        await editor.expectFirstError(v.required.introPage);
        // The game's language sets the players' screens (and the preview's).
        await labelOf(editor.panel, s.editor.metadata.languages[language]).click();
        expect(await editor.panel.getByRole('radio', { name: s.editor.metadata.languages[language] }).isChecked()).toBe(true);
        await editorTitle(page, words.name).waitFor();

        // The map on: the game now needs its start on the map.
        const map = editor.panel.getByRole('switch', { name: s.editor.metadata.map });
        await map.check();
        expect(await map.isChecked()).toBe(true);
        await editor.expectFirstError(v.required.location);
        await editor.select('metadataLocation', 'metadataLocation');
        await page.getByRole('group', { name: s.editor.location.start }).getByText(v.required.location, { exact: true }).waitFor();
        // The places search keeps the page's direction, so its placeholder starts beside the search icon, not under it.
        const places = editor.panel.getByLabel(fieldLabel(s.fields.places.label));
        const [direction, paddingStart] = await places.evaluate((input) => {
          const style = getComputedStyle(input);
          return [style.direction, Number.parseFloat(style.direction === 'rtl' ? style.paddingRight : style.paddingLeft)] as const;
        });
        expect([direction, paddingStart >= 24]).toEqual([language === 'he' ? 'rtl' : 'ltr', true]);
        await saveScreenshot(page, `studio-editor-places-${suffix}`);
        await clickMap(page, [[0.5, 0.5]]);
        await editor.panel.getByTestId('area-summary').getByText(new RegExp(`^${escapeRegExp(s.fields.area.summaryPoint.split('{{')[0])}`)).waitFor();
        await editor.expectFirstError(v.required.introPage);

        // A cover image uploaded through the media picker: its progress, then it is the chosen one.
        await editor.select('metadata', 'metadata');
        const cover = editor.panel.getByRole('group', { name: s.editor.metadata.cover });
        await cover.getByRole('button', { name: s.fields.media.choose.image, exact: true }).click();
        const library = page.getByRole('dialog', { name: s.fields.media.dialogTitle.image });
        await library.getByRole('button', { name: s.fields.media.upload.label.image, exact: true }).waitFor();
        const dropzone = library.getByTestId('media-dropzone');
        const restore = await throttleUploads(context, page, 256 * 1024);
        const uploaded = nextReply(page, 'POST', '/api/media/upload/');
        const fileName = `cover-${language}.png`;
        await dropzone.locator('input[type="file"]').setInputFiles({ name: fileName, mimeType: 'image/png', buffer: noisePng(360, 240, language === 'he' ? 7 : 11) });
        const progress = library.getByTestId('media-upload-progress');
        await progress.getByText(new RegExp(`^${escapeRegExp(fill(s.fields.media.upload.progress, { name: fileName, percent: 'PCT' })).replace('PCT', '\\d{1,3}')}$`)).waitFor();
        await progress.getByRole('progressbar', { name: s.fields.media.upload.label.image }).waitFor();
        const uploadReply = await uploaded;
        await restore();
        expect(uploadReply.status()).toBe(200);
        const resource = ((await uploadReply.json()) as { data: { public_id: string; secure_url: string } }).data;
        await library.waitFor({ state: 'detached' });
        const chosen = cover.getByTestId('media-current').locator('img');
        await chosen.waitFor();
        expect(await chosen.getAttribute('src')).toContain(resource.secure_url);
        // Opened again, the library marks it as chosen.
        await cover.getByRole('button', { name: s.fields.media.change.image, exact: true }).click();
        const item = library.getByRole('button', { name: fill(s.fields.media.pick, { name: resource.public_id }), exact: true });
        expect(await item.getAttribute('aria-pressed')).toBe('true');
        await item.getByRole('img', { name: s.fields.media.selected }).waitFor();
        await library.getByRole('button', { name: s.studio.close, exact: true }).click();
        await library.waitFor({ state: 'detached' });

        // The intro, in the rich-text editor.
        await editor.select('intro', 'intro');
        await editor.panel.getByText(v.required.introPage, { exact: true }).waitFor();
        await editor.typeRichText(s.editor.intro.content, words.intro);
        await editor.expectFirstError(v.required.questions);
        await editor.showTree();
        expect(await editor.tree.getByTestId('add-question').getAttribute('data-invalid')).toBe('true');
        let preview = await editor.showPreview();
        await preview.getByTestId('intro-page').getByText(words.intro).waitFor();
        await preview.getByRole('heading', { level: 1, name: words.name }).waitFor();
        expect(await preview.getAttribute('lang')).toBe(language);

        // Question 1: its content, a polygon area, the answers, a hint and its texts.
        const addQuestion = () => editor.tree.getByRole('button', { name: new RegExp(`^${escapeRegExp(s.editor.tree.addQuestion)}`) }).click();
        await editor.showTree();
        await addQuestion();
        await page.locator('[data-testid="edit-panel"][data-kind="question"]').waitFor();
        await editor.expectFirstError(fill(v.required.questionContent, { question: '1' }));
        await editor.typeRichText(fill(s.editor.question.content, { n: '1' }), words.question1);
        await editor.expectFirstError(fill(v.required.questionLocation, { question: '1' }));

        await editor.select('q0/questionLocation', 'questionLocation');
        const area = page.getByRole('group', { name: fill(s.editor.location.question, { n: '1' }) });
        await labelOf(area, s.fields.area.polygon).click();
        await area.getByText(s.fields.area.hintPolygon, { exact: true }).waitFor();
        // Four corners, then the first again closes the area (geoman).
        await clickMap(page, [
          [0.3, 0.3],
          [0.7, 0.3],
          [0.7, 0.7],
          [0.3, 0.7],
          [0.3, 0.3],
        ]);
        await area.getByTestId('area-summary').getByText(fill(s.fields.area.summaryPolygon, { count: '4' }), { exact: true }).waitFor();
        await editor.expectFirstError(fill(v.required.answerValue, { question: '1' }));

        await editor.select('q0/answer', 'answer');
        await editor.panel.getByLabel(fieldLabel(s.editor.answer.value)).fill(words.answers1);
        await editor.panel.getByText(fill(s.editor.answer.accepted, { n: '2' }), { exact: true }).waitFor();
        await editor.expectFirstError(v.required.gameoverPage);

        await editor.showTree();
        await editor.tree.getByRole('button', { name: fill(s.editor.tree.addHintTo, { n: '1' }), exact: true }).click();
        await page.locator('[data-testid="edit-panel"][data-kind="hint"]').waitFor();
        await editor.expectFirstError(fill(v.required.hintContent, { question: '1', hint: '1' }));
        await editor.typeRichText(s.editor.hint.content, words.hint1);
        await editor.expectFirstError(v.required.gameoverPage);

        await editor.select('q0/answerBefore', 'answerBefore');
        await editor.typeRichText(fill(s.editor.answer.before, { n: '1' }), words.before1);
        await editor.select('q0/answerAfter', 'answerAfter');
        await editor.typeRichText(fill(s.editor.answer.after, { n: '1' }), words.after1);

        // Question 2: content, a point, answers.
        await editor.showTree();
        await addQuestion();
        await editor.expectFirstError(fill(v.required.questionContent, { question: '2' }));
        await editor.typeRichText(fill(s.editor.question.content, { n: '2' }), words.question2);
        await editor.expectFirstError(fill(v.required.questionLocation, { question: '2' }));
        await editor.select('q1/questionLocation', 'questionLocation');
        await clickMap(page, [[0.6, 0.45]]);
        await editor.panel.getByTestId('area-summary').getByText(new RegExp(`^${escapeRegExp(s.fields.area.summaryPoint.split('{{')[0])}`)).waitFor();
        await editor.expectFirstError(fill(v.required.answerValue, { question: '2' }));
        await editor.select('q1/answer', 'answer');
        await editor.panel.getByLabel(fieldLabel(s.editor.answer.value)).fill(words.answers2);
        await editor.expectFirstError(v.required.gameoverPage);
        await editor.select('q1/answerAfter', 'answerAfter');
        await editor.typeRichText(fill(s.editor.answer.after, { n: '2' }), words.after2);

        // Game over: the last error; then the bar goes.
        await editor.select('gameover', 'gameover');
        await editor.typeRichText(s.editor.gameover.content, words.gameover);
        await editor.bar.waitFor({ state: 'detached' });
        await editor.showTree();
        expect(await editor.tree.locator('[data-invalid]').count()).toBe(0);

        // The preview follows the selection (spec section 4).
        await editor.select('intro', 'intro');
        preview = await editor.showPreview();
        await preview.getByTestId('intro-page').getByText(words.intro).waitFor();
        await preview.getByTestId('intro-page').locator('img').waitFor();

        await editor.select('q0', 'question');
        await saveScreenshot(page, `studio-editor-panel-${suffix}`);
        await expectNoSeriousA11yViolations(page);
        await checkPhone('the editor with a question selected');
        preview = await editor.showPreview();
        await preview.locator('[data-testid="question"][data-index="0"][data-status="none"]').getByText(words.question1).waitFor();

        await editor.select('q0/hint0', 'hint');
        preview = await editor.showPreview();
        const openHint = preview.locator('[data-testid="hint-1"][data-open="true"]');
        await openHint.getByText(words.hint1).waitFor();
        await saveScreenshot(page, `studio-editor-preview-hint-${suffix}`);

        await editor.select('q0/answerBefore', 'answerBefore');
        preview = await editor.showPreview();
        const started = preview.locator('[data-testid="question"][data-status="STARTED"]');
        await started.getByText(words.before1).waitFor();
        await started.getByTestId('answer-input').waitFor();

        await editor.select('q0/answerAfter', 'answerAfter');
        preview = await editor.showPreview();
        const answered = preview.locator('[data-testid="question"][data-status="ANSWERED"]');
        await answered.getByTestId('after-answer').getByText(words.after1).waitFor();

        await editor.select('gameover', 'gameover');
        preview = await editor.showPreview();
        const over = preview.getByTestId('game-over');
        await over.getByText(words.gameover).waitFor();
        expect(await over.getByTestId('summary-time').textContent()).toBe(SAMPLE_PLAY_TIME);
        expect(await over.getByTestId('summary-answered').textContent()).toBe('2');
        await saveScreenshot(page, `studio-editor-preview-gameover-${suffix}`);
        await checkPhone('the game-over preview');

        await editor.select('map', 'map');
        preview = await editor.showPreview();
        await preview.getByTestId('preview-map').locator('.sh-simulated-player').waitFor();
        await preview.getByTestId('area-guide').waitFor();
        await preview.getByTestId('preview-map').locator('.leaflet-tile-loaded').first().waitFor();

        await editor.showTree();
        await saveScreenshot(page, `studio-editor-tree-${suffix}`, { fullPage: phone });

        // Save: 'game saved'; a reload shows what the server stored.
        const saved = nextReply(page, 'POST', `/api/games/${gameId}`);
        await page.getByRole('button', { name: s.editor.save.button, exact: true }).click();
        expect((await saved).status()).toBe(200);
        await page.getByText(s.editor.save.saved, { exact: true }).waitFor();
        await page.getByTestId('save-state').getByText(s.editor.save.allSaved).waitFor();
        await page.reload();
        await editorTitle(page, words.name).waitFor();
        expect(await page.getByTestId('draft-restored').count()).toBe(0);
        await editor.select('q0', 'question');
        await editor.panel.getByRole('textbox', { name: fill(s.editor.question.content, { n: '1' }) }).getByText(words.question1).waitFor();
        await editor.select('q0/questionLocation', 'questionLocation');
        await editor.panel.getByTestId('area-summary').getByText(fill(s.fields.area.summaryPolygon, { count: '4' }), { exact: true }).waitFor();
        await editor.select('q0/hint0', 'hint');
        preview = await editor.showPreview();
        await preview.locator('[data-testid="hint-1"][data-open="true"]').getByText(words.hint1).waitFor();

        // A script and an event handler put into the content through the API (as the owner, with the
        // current version) are stored without them, and nothing runs in the preview.
        const payload = `<script>window.__xss = 'script'</script><img src="x" onerror="window.__xss = 'onerror'"><p>${probe}</p>`;
        const stored = await ownerGame(e2e.server, creator, gameId);
        const copy = editableCopy(stored);
        copy.introPage.content += payload;
        copy.questions[0].hints[0].content += payload;
        const afterApi = await studioApi<{ data: { introPage: { content: string } } }>(e2e.server, creator, `/api/games/${gameId}`, { ...copy, version: stored.version });
        expect(afterApi.data.introPage.content).toContain(probe);
        expect(afterApi.data.introPage.content).not.toMatch(/<script|onerror/i);
        await page.reload();
        await editorTitle(page, words.name).waitFor();
        await editor.select('intro', 'intro');
        preview = await editor.showPreview();
        await preview.getByText(probe).waitFor();
        await editor.select('q0/hint0', 'hint');
        preview = await editor.showPreview();
        await preview.locator('[data-testid="hint-1"][data-open="true"]').getByText(probe).waitFor();
        expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
        expect(await preview.locator('script, [onerror]').count()).toBe(0);

        // Send to approval: 'sent to approval', PENDING, and the admin is emailed.
        const sent = nextReply(page, 'POST', `/api/games/status/${gameId}`);
        await page.getByRole('button', { name: s.editor.approval.button, exact: true }).click();
        expect((await sent).status()).toBe(200);
        await page.getByText(s.editor.approval.sent, { exact: true }).waitFor();
        await page.getByTestId('game-status').getByText(s.editor.status.PENDING, { exact: true }).waitFor();
        await page.getByTestId('read-only-notice').waitFor();
        expect(await page.getByRole('button', { name: s.editor.save.button, exact: true }).count()).toBe(0);
        const mail = await e2e.server.waitForMail((m) => m.to.includes(DEMO_ADMIN.email) && m.text.includes(words.name));
        expect(mail.text).toContain(`/game-editor/${gameId}`);

        // /my-games: PENDING; a new code for the game.
        await menuToggle(page, t.menu).click();
        await page.getByRole('dialog', { name: t.menu.title }).getByRole('link', { name: t.menu.myGames, exact: true }).click();
        await page.getByRole('heading', { level: 1, name: s.myGames.title }).waitFor();
        const row = page.getByRole('table', { name: s.myGames.table.label }).getByRole('row').filter({ hasText: words.name });
        await row.getByText(s.studio.status.PENDING, { exact: true }).waitFor();
        await row.getByRole('button', { name: fill(s.myGames.actions.more, { name: words.name }), exact: true }).click();
        const codeReply = nextReply(page, 'POST', '/api/game/secret-code');
        await page.getByRole('menuitem', { name: s.myGames.actions.createCode, exact: true }).click();
        expect((await codeReply).status()).toBe(200);
        const codeDialog = page.getByRole('dialog', { name: s.myGames.code.title });
        code = ((await codeDialog.getByTestId('game-code').textContent()) ?? '').trim();
        expect(code).not.toBe('');
        p.expectNoErrors();
      } finally {
        await p.close();
      }

      // The player, on a friend's phone (not logged in): a game waiting for approval is not found
      // without a code, and opens with this one. The page's Content-Security-Policy is off here: only
      // the sanitizing stands between the smuggled script and the page.
      await playAsFriend({ language, gameId, code, probe, words });
    });
  }
});

/**
 * Opens the unpublished game in the player of someone who is not logged in: not found until its code
 * is entered; then what the creator wrote: intro, question 1, its hint.
 */
async function playAsFriend(run: { language: Language; gameId: string; code: string; probe: string; words: { name: string; intro: string; question1: string; hint1: string } }) {
  const { language, gameId, code, probe, words } = run;
  const t = texts[language];
  const player = await newPhonePage(e2e.browser, { baseURL: e2e.server.url, language, bypassCSP: true });
  const { page, context } = player;
  await stubMapTiles(context);
  try {
    await page.goto(`/game/${gameId}`);
    const unlisted = page.getByTestId('unlisted-code');
    await unlisted.getByText(t.player.errors.haveCode).waitFor();
    await expectNoSeriousA11yViolations(page);
    await unlisted.getByLabel(t.player.payment.codeLabel).fill(code);
    const started = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/game-progress' && r.request().method() === 'POST');
    await unlisted.getByRole('button', { name: t.player.payment.sendCode, exact: true }).click();
    expect((await started).status()).toBe(200);
    const intro = page.getByTestId('intro-page');
    await intro.getByRole('heading', { level: 1, name: words.name }).waitFor();
    await intro.getByText(words.intro).waitFor();
    await intro.getByText(probe).waitFor();
    // The code started the play: the intro goes on to the questions.
    await intro.getByRole('button', { name: t.player.intro.continue, exact: true }).click();

    // The map is on: the way to question 1's area first (its continue is always there).
    const step = page.getByTestId('area-step');
    await step.getByRole('heading', { name: fill(t.player.area.title, { n: '1' }) }).waitFor();
    const startedReply = nextProgressReply(page, 'set-question-status', 'STARTED');
    await step.getByTestId('area-continue').click();
    expect((await startedReply).status()).toBe(200);
    const question = questionView(page, 0);
    await question.getByText(words.question1).waitFor();

    // Its hint, opened: what the creator wrote, and the probe without its script.
    const hintLabel = fill(t.player.hints.untitled, { n: '1' });
    await question.getByRole('button', { name: fill(t.player.hints.openLabel, { label: hintLabel }), exact: true }).click();
    const hintReply = nextProgressReply(page, 'show-question-hint');
    await page.getByRole('dialog', { name: hintLabel }).getByRole('button', { name: t.player.hints.confirmYes, exact: true }).click();
    expect((await hintReply).status()).toBe(200);
    const hint = question.locator('[data-testid="hint-1"][data-open="true"]');
    await hint.getByText(words.hint1).waitFor();
    await hint.getByText(probe).waitFor();
    await saveScreenshot(page, `studio-player-hint-${language}`);

    expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
    expect(await page.locator('main script, main [onerror]').count()).toBe(0);
    await expectNoSeriousA11yViolations(page);
    // The one 404: the game asked for before its code was entered.
    player.expectNoErrors({ allowConsole: [/status of 404/] });
  } finally {
    await player.close();
  }
}
