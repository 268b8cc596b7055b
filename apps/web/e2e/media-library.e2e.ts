import type { EditorGame, NewGameReply } from '@streethunt/shared';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { newPhonePage } from './support/browser.ts';
import { startE2e } from './support/fixture.ts';
import { expectFitsScreen } from './support/phone-layout.ts';
import { stubMapTiles } from './support/player.ts';
import { saveScreenshot } from './support/screenshots.ts';
import { DEMO_CREATOR, editableCopy, loginViaApi, nextReply, noisePng, ownerGame, storeSession, studioApi, type StoredSession } from './support/studio.ts';
import { fill, studioTexts } from './support/texts.ts';

// The media library in the editor: what the uploads take of the quota, and deleting an upload after
// a confirmation; one a game uses stays, and the library says why. Once in Hebrew and once in
// English, on a phone.

const e2e = startE2e();

type Uploaded = { public_id: string; secure_url: string };

async function uploadViaApi(session: StoredSession, png: Buffer, name: string): Promise<Uploaded> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), name);
  const response = await fetch(`${e2e.server.url}/api/media/upload/`, { method: 'POST', headers: { 'x-access-token': session.accessToken }, body: form });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: Uploaded }).data;
}

describe('media library', () => {
  for (const language of ['he', 'en'] as const) {
    it(`shows the quota and deletes an upload no game uses (${language})`, async () => {
      const s = studioTexts[language];
      const session = await loginViaApi(e2e.server, DEMO_CREATOR);
      const spare = await uploadViaApi(session, noisePng(200, 150, language === 'he' ? 21 : 31), 'spare.png');
      const cover = await uploadViaApi(session, noisePng(220, 160, language === 'he' ? 22 : 32), 'cover.png');
      // A game of the creator's with `cover` as its cover image.
      const gameId = (await studioApi<NewGameReply>(e2e.server, session, '/api/games/new', {})).data._id;
      const game = await ownerGame(e2e.server, session, gameId);
      const copy = editableCopy(game);
      await studioApi<{ data: EditorGame }>(e2e.server, session, `/api/games/${gameId}`, { ...copy, metadata: { ...copy.metadata, coverImage: cover.secure_url }, version: game.version });

      const p = await newPhonePage(e2e.browser, { baseURL: e2e.server.url, language });
      const { page, context } = p;
      try {
        await stubMapTiles(context);
        await storeSession(context, session);
        await page.goto(`/game-editor/${gameId}`);
        const tab = page.getByRole('tab', { name: s.editor.layout.edit, exact: true });
        await tab.waitFor();
        await page.getByRole('tab', { name: s.editor.layout.tree, exact: true }).click();
        await page.getByTestId('node-metadata').click();
        await page.locator('[data-testid="edit-panel"][data-kind="metadata"]').waitFor();
        const coverField = page.getByTestId('edit-panel').getByRole('group', { name: s.editor.metadata.cover });
        await coverField.getByRole('button', { name: s.fields.media.change.image, exact: true }).click();
        const library = page.getByRole('dialog', { name: s.fields.media.dialogTitle.image });
        await library.getByTestId('media-usage').waitFor();
        expect(await library.getByTestId('media-usage').textContent()).toMatch(/\d/);

        // The cover is in a game: asked, refused, kept.
        await library.getByRole('button', { name: fill(s.fields.media.delete.label, { name: cover.public_id }), exact: true }).click();
        const confirm = page.getByRole('alertdialog', { name: s.fields.media.delete.confirm });
        await confirm.waitFor();
        await saveScreenshot(page, `media-delete-confirm-${language}`);
        await expectNoSeriousA11yViolations(page);
        const refused = nextReply(page, 'DELETE', `/api/media/${cover.public_id}`);
        await confirm.getByRole('button', { name: s.fields.media.delete.yes, exact: true }).click();
        expect((await refused).status()).toBe(409);
        await confirm.getByText(s.fields.media.delete.inUse, { exact: true }).waitFor();
        await saveScreenshot(page, `media-delete-in-use-${language}`);
        await confirm.getByRole('button', { name: s.fields.media.delete.cancel, exact: true }).click();
        await confirm.waitFor({ state: 'detached' });

        // The spare one goes, from the library and from the server.
        const items = library.getByTestId('media-item');
        const before = await items.count();
        await library.getByRole('button', { name: fill(s.fields.media.delete.label, { name: spare.public_id }), exact: true }).click();
        const deleted = nextReply(page, 'DELETE', `/api/media/${spare.public_id}`);
        await page.getByRole('alertdialog', { name: s.fields.media.delete.confirm }).getByRole('button', { name: s.fields.media.delete.yes, exact: true }).click();
        expect((await deleted).status()).toBe(200);
        await expect.poll(() => items.count()).toBe(before - 1);
        expect((await fetch(`${e2e.server.url}${spare.secure_url}`)).status).toBe(404);
        expect((await fetch(`${e2e.server.url}${cover.secure_url}`)).status).toBe(200);
        await expectFitsScreen(page, `media library (${language})`);
        await saveScreenshot(page, `media-library-${language}`);
        p.expectNoErrors({ allowConsole: [/status of 409/] });
      } finally {
        await p.close();
      }
    });
  }
});
