import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EditorGame, NewGameReply } from '@streethunt/shared';
import { fieldLabel, openPage } from './support/app.ts';
import { launchBrowser, newPhonePage, type Language } from './support/browser.ts';
import { startLocalNominatim, type NominatimResult } from './support/local-nominatim.ts';
import { expectFitsScreen } from './support/phone-layout.ts';
import { stubMapTiles } from './support/player.ts';
import { saveScreenshot } from './support/screenshots.ts';
import { startServer, type TestServer } from './support/server.ts';
import { DEMO_CREATOR, editableCopy, loginViaApi, ownerGame, storeSession, studioApi } from './support/studio.ts';
import { studioTexts } from './support/texts.ts';

// The editor's places search finds streets and places through a Nominatim-compatible service (here a
// local one answering as Nominatim does): typing shows cities at once and offers the streets search,
// Enter asks the service, the place found is credited to OpenStreetMap and sets the start on the map.
// A server whose service cannot be reached, and one set to search offline, say what works offline.

const DIZENGOFF_SQUARE: Record<Language, NominatimResult> = {
  he: { place_id: 1, lat: '32.0779', lon: '34.7741', display_name: 'כיכר דיזנגוף, לב העיר, תל אביב-יפו, ישראל', name: 'כיכר דיזנגוף' },
  en: { place_id: 1, lat: '32.0779', lon: '34.7741', display_name: 'Dizengoff Square, Lev HaIr, Tel Aviv-Yafo, Israel', name: 'Dizengoff Square' },
};
const QUERY: Record<Language, string> = { he: 'כיכר דיזנגוף', en: 'Dizengoff Square' };

let nominatim: Awaited<ReturnType<typeof startLocalNominatim>>;
const servers: Record<'online' | 'unreachable' | 'offline', TestServer> = {} as never;
let browser: Awaited<ReturnType<typeof launchBrowser>>;

beforeAll(async () => {
  nominatim = await startLocalNominatim((q, language) => (q.toLowerCase().includes('dizengoff') || q.includes('דיזנגוף') ? [DIZENGOFF_SQUARE[language === 'he' ? 'he' : 'en']] : []));
  [servers.online, servers.unreachable, servers.offline, browser] = await Promise.all([
    startServer({ GEOCODER_URL: nominatim.url }),
    // Port 9 (discard) refuses at once: a server that cannot reach its service.
    startServer({ GEOCODER_URL: 'http://127.0.0.1:9' }),
    startServer(),
    launchBrowser(),
  ]);
}, 120_000);
afterAll(async () => {
  await Promise.allSettled([browser?.close(), ...Object.values(servers).map((server) => server?.stop()), nominatim?.close()]);
});

/** A new draft with the map on, opened at its start location in the editor. */
async function openStartLocation(page: Page, server: TestServer, language: Language, context: Parameters<typeof storeSession>[0]) {
  const session = await loginViaApi(server, DEMO_CREATOR);
  const gameId = (await studioApi<NewGameReply>(server, session, '/api/games/new', {})).data._id;
  const game = await ownerGame(server, session, gameId);
  const copy = editableCopy(game);
  await studioApi<{ data: EditorGame }>(server, session, `/api/games/${gameId}`, { ...copy, metadata: { ...copy.metadata, map: true, language }, version: game.version });
  await storeSession(context, session);
  await stubMapTiles(context);
  await openPage(page, `/game-editor/${gameId}`);
  const s = studioTexts[language];
  const treeTab = page.getByRole('tab', { name: s.editor.layout.tree, exact: true });
  await page.getByRole('navigation', { name: s.editor.tree.label }).or(treeTab).first().waitFor();
  if (await treeTab.isVisible()) await treeTab.click();
  await page.getByTestId('node-metadataLocation').click();
  await page.locator('[data-testid="edit-panel"][data-kind="metadataLocation"]').waitFor();
  return page.getByTestId('edit-panel').getByLabel(fieldLabel(s.fields.places.label));
}

describe('the places search in the editor', () => {
  const cases: Array<[Language, { width: number; height: number }]> = [
    ['he', { width: 390, height: 844 }],
    ['en', { width: 360, height: 800 }],
  ];
  for (const [language, viewport] of cases) {
    const s = studioTexts[language];
    it(`finds a square by name on Enter, credits OpenStreetMap and sets the start there (${language}, ${viewport.width} px)`, { timeout: 120_000 }, async () => {
      const p = await newPhonePage(browser, { baseURL: servers.online.url, language, viewport });
      const { page } = p;
      try {
        const search = await openStartLocation(page, servers.online, language, p.context);
        // Before the start is set, the preview says so (not that a question has no area).
        await page.getByRole('tab', { name: s.editor.layout.preview, exact: true }).click();
        expect(await page.getByTestId('preview-no-area').textContent()).toBe(s.fields.preview.noStart);
        await page.getByRole('tab', { name: s.editor.layout.edit, exact: true }).click();
        const asked = nominatim.asked.length;
        await search.fill(QUERY[language]);
        const offer = page.getByTestId('places-search-streets');
        await offer.waitFor();
        expect(await offer.textContent()).toBe(s.fields.places.searchStreets.replace('{{text}}', QUERY[language]));
        // Typing sent nothing to the service.
        expect(nominatim.asked.length).toBe(asked);
        await saveScreenshot(page, `places-offer-${language}-${viewport.width}`);

        await search.press('Enter');
        const option = page.getByTestId('place-option').filter({ hasText: DIZENGOFF_SQUARE[language].name });
        await option.waitFor();
        expect(nominatim.asked.slice(asked)).toEqual([QUERY[language]]);
        const footer = page.getByTestId('places-footer');
        expect(await footer.textContent()).toContain('OpenStreetMap');
        expect(await footer.getByRole('link').getAttribute('href')).toBe('https://www.openstreetmap.org/copyright');
        await expectFitsScreen(page, `places-found-${language}-${viewport.width}`);
        await saveScreenshot(page, `places-found-${language}-${viewport.width}`);

        await option.click();
        await expect.poll(() => page.getByTestId('area-summary').textContent()).toContain('32.07790, 34.77410');
        // The preview shows the start on its map, never 'this question has no area'.
        await page.getByRole('tab', { name: s.editor.layout.preview, exact: true }).click();
        await page.getByTestId('preview-map').waitFor();
        expect(await page.getByTestId('preview-no-area').count()).toBe(0);
        expect(await page.getByTestId('preview-map').textContent()).not.toContain(s.fields.preview.noArea);
        await saveScreenshot(page, `places-preview-start-${language}-${viewport.width}`);
        p.expectNoErrors();
      } finally {
        await p.close();
      }
    });

    it(`says what works offline when the service cannot be reached, or the server searches offline (${language}, ${viewport.width} px)`, { timeout: 120_000 }, async () => {
      for (const [kind, message] of [
        ['unreachable', s.fields.places.streetsDown],
        ['offline', s.fields.places.offlineOnly],
      ] as const) {
        const p = await newPhonePage(browser, { baseURL: servers[kind].url, language, viewport });
        const { page } = p;
        try {
          const search = await openStartLocation(page, servers[kind], language, p.context);
          const footer = page.getByTestId('places-footer');
          await search.fill(QUERY[language]);
          // Until a search found the service down, the server offers it; submitting finds it down.
          const offer = page.getByTestId('places-search-streets');
          await offer.or(footer).first().waitFor();
          if (kind === 'unreachable' && (await offer.isVisible())) await search.press('Enter');
          await expect.poll(() => footer.textContent()).toBe(message);
          expect(await page.getByTestId('places-search-streets').count()).toBe(0);
          // A city still works offline.
          await search.fill(language === 'he' ? 'חיפה' : 'Haifa');
          await page.getByTestId('place-option').filter({ hasText: language === 'he' ? 'חיפה' : 'Haifa' }).first().waitFor();
          await expectFitsScreen(page, `places-${kind}-${language}-${viewport.width}`);
          await saveScreenshot(page, `places-${kind}-${language}-${viewport.width}`);
          p.expectNoErrors();
        } finally {
          await p.close();
        }
      }
    });
  }
});
