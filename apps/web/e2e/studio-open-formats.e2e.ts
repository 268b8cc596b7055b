import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pageHeading, viaMenu } from './support/app.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { newPhonePage, type Language } from './support/browser.ts';
import { startE2e } from './support/fixture.ts';
import { repoRoot } from './support/paths.ts';
import { expectFitsScreen } from './support/phone-layout.ts';
import { enterCode, questionView, stubMapTiles } from './support/player.ts';
import { saveScreenshot } from './support/screenshots.ts';
import { createCodeViaApi, DEMO_CREATOR, loginViaApi, storeSession } from './support/studio.ts';
import { fill, studioTexts, texts } from './support/texts.ts';

// Open formats in the studio: a creator imports a GPX (a Hebrew game) and a KML (an English game, a real
// file from a public source: apps/server/src/features/studio/formats/samples/SOURCES.md) from /my-games
// at 390 px, on the Hebrew and the English page,
// sees what the file holds and what it could not carry, creates the draft, plays it with a creator
// code, and downloads its map as GPX.

const e2e = startE2e();

/** Two stops and a track in Tel Aviv, in Hebrew. */
const HEBREW_GPX = `<?xml version="1.0" encoding="UTF-8"?>
<gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">
  <metadata><name>סיור בלב העיר</name><desc>שתי תחנות ליד כיכר דיזנגוף</desc></metadata>
  <wpt lat="32.0779" lon="34.7741"><name>כיכר דיזנגוף</name><desc>המזרקה במרכז הכיכר</desc></wpt>
  <wpt lat="32.0740" lon="34.7718"><name>בית ביאליק</name><cmt>הבית ברחוב ביאליק 22</cmt></wpt>
  <trk><name>הדרך</name><trkseg><trkpt lat="32.0779" lon="34.7741"/><trkpt lat="32.0740" lon="34.7718"/></trkseg></trk>
</gpx>
`;
const SAMPLES = path.join(repoRoot, 'apps/server/src/features/studio/formats/samples');

type ImportCase = { gameLanguage: Language; file: { name: string; mimeType: string; buffer: Buffer }; title: string; stops: number; first: { name: string; lat: number; lng: number }; notCarried?: 'tracks' };
const files: ImportCase[] = [
  {
    gameLanguage: 'he',
    file: { name: 'סיור.gpx', mimeType: 'application/gpx+xml', buffer: Buffer.from(HEBREW_GPX) },
    title: 'סיור בלב העיר',
    stops: 2,
    first: { name: 'כיכר דיזנגוף', lat: 32.0779, lng: 34.7741 },
    notCarried: 'tracks',
  },
  {
    gameLanguage: 'en',
    file: { name: 'seven-wonders.kml', mimeType: 'application/vnd.google-earth.kml+xml', buffer: readFileSync(path.join(SAMPLES, 'kml22-points-folders-giscore.kml')) },
    title: '7 Wonders',
    stops: 7,
    first: { name: 'Cairo, Egypt', lat: 30.0982, lng: 31.246099 },
  },
];

/** Each file on each language's page: the page speaks the creator's language, the play the game's. */
const cases = (['he', 'en'] as const).flatMap((language) => files.map((file) => ({ language, ...file })));

describe('importing a game from an open format', () => {
  for (const { language, gameLanguage, file, title, stops, first, notCarried } of cases) {
    it(`${file.name}: what it holds, the draft, a play with a creator code, and its map as GPX (${language}, 390 px)`, { timeout: 150_000 }, async () => {
      const s = studioTexts[language];
      const t = texts[gameLanguage];
      const session = await loginViaApi(e2e.server, DEMO_CREATOR);
      const p = await newPhonePage(e2e.browser, { baseURL: e2e.server.url, language, viewport: { width: 390, height: 844 } });
      const { page, context } = p;
      await storeSession(context, session);
      await stubMapTiles(context);
      try {
        await page.goto('/my-games');
        await pageHeading(page, s.myGames.title).waitFor();
        await page.locator('input[type=file]').setInputFiles(file);

        // What the file holds, before anything is saved.
        const preview = page.getByTestId('import-preview');
        await preview.waitFor();
        expect(await preview.textContent()).toContain(title);
        expect(await preview.getByTestId('import-summary').textContent()).toContain(fill(s.myGames.import.preview.stops, { count: String(stops) }));
        if (notCarried) expect(await preview.getByTestId('import-not-carried').locator(`[data-kind="${notCarried}"]`).count()).toBe(1);
        else expect(await preview.getByTestId('import-not-carried').count()).toBe(0);
        await expectFitsScreen(page, `import-preview-${file.name}-${language}`);
        await expectNoSeriousA11yViolations(page);
        await saveScreenshot(page, `import-preview-${file.name.split('.').pop()}-${language}-390`);

        // The draft opens in the editor.
        await preview.getByTestId('import-confirm').click();
        await page.waitForURL((url) => url.pathname.startsWith('/game-editor/'));
        const gameId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
        await page.getByRole('heading', { level: 1, name: title }).waitFor();
        await saveScreenshot(page, `import-draft-${file.name.split('.').pop()}-${language}-390`);

        // Played with a creator code: at the first stop's point, its name and 'continue'.
        const code = await createCodeViaApi(e2e.server, session, gameId);
        await page.goto(`/game/${gameId}`);
        await page.getByTestId('intro-page').waitFor();
        // The game's own language is the player's.
        await enterCode(page, t, code);
        await context.setGeolocation({ latitude: first.lat, longitude: first.lng, accuracy: 5 });
        const step = page.getByTestId('area-step');
        await step.getByTestId('area-continue').click();
        const question = questionView(page, 0);
        await question.getByRole('heading', { name: first.name }).waitFor();
        await saveScreenshot(page, `import-played-${file.name.split('.').pop()}-${language}-390`);
        await question.getByTestId('question-arrived').click();
        await page.getByTestId('area-step').waitFor();

        // Its map as GPX, from /my-games (through the menu: no reload, no new sign-in): the start and the stops, named.
        // The menu speaks the game's language until the game is left.
        await viaMenu(page, t.menu, t.menu.myGames);
        await page.waitForURL((url) => url.pathname === '/my-games');
        const row = page.getByRole('table', { name: s.myGames.table.label }).getByRole('row').filter({ hasText: title }).first();
        await row.getByRole('button', { name: fill(s.myGames.actions.more, { name: title }) }).click();
        const download = page.waitForEvent('download');
        await page.getByRole('menuitem', { name: s.myGames.actions.exportGpx }).click();
        const saved = await download;
        expect(saved.suggestedFilename()).toMatch(/\.gpx$/);
        const gpx = readFileSync((await saved.path())!, 'utf8');
        expect(gpx).toContain(`<name>1. ${first.name}</name>`);
        expect(gpx).toContain('<type>start</type>');
        // A draft is not public: its page, and its progress before the code, answer 404 until the code is given.
        p.expectNoErrors({ allowConsole: [new RegExp(`status of 404 .*(/game/${gameId}|/api/game-progress)\\)$`)] });
      } finally {
        await p.close();
      }
    });
  }
});
