import { beforeAll, describe, expect, it } from 'vitest';
import type { EditorGame } from '@streethunt/shared';
import { approveViaApi } from './support/admin.ts';
import { openPage } from './support/app.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { newPhonePage, type Language } from './support/browser.ts';
import { mapGame, type DemoGame } from './support/demo-games.ts';
import { startE2e } from './support/fixture.ts';
import { expectFitsScreen } from './support/phone-layout.ts';
import { saveScreenshot } from './support/screenshots.ts';
import { DEMO_ADMIN, DEMO_CREATOR, editableCopy, loginViaApi, ownerGame, storeSession, studioApi, type StoredSession } from './support/studio.ts';
import { studioTexts } from './support/texts.ts';

// A creator changes an approved game through a draft of its next version, while the game stays on sale
// as it is; the admin approves the draft and the game on sale becomes it. This file's server is its own.

const e2e = startE2e();
let game: DemoGame;
let creator: StoredSession;

beforeAll(async () => {
  game = await mapGame();
  creator = await loginViaApi(e2e.server, DEMO_CREATOR);
});

/** The creator's editor of the approved game: 'edit a next version' leads to its draft, which says what it is. Its id. */
async function openNextVersionInBrowser(language: Language, viewport: { width: number; height: number }): Promise<string> {
  const t = studioTexts[language];
  const p = await newPhonePage(e2e.browser, { baseURL: e2e.server.url, language, viewport });
  try {
    await storeSession(p.context, creator);
    await openPage(p.page, `/game-editor/${game.id}`);
    const notice = p.page.getByTestId('read-only-notice');
    await notice.getByText(t.editor.readOnly.approved).waitFor();
    await notice.getByRole('button', { name: t.editor.nextVersion.open, exact: true }).click();
    await p.page.waitForURL((url) => url.pathname.startsWith('/game-editor/') && !url.pathname.endsWith(game.id));
    const draftNotice = p.page.getByTestId('next-version-notice');
    await draftNotice.getByText(t.editor.nextVersion.text).waitFor();
    expect(await draftNotice.getByRole('link', { name: t.editor.nextVersion.listed }).getAttribute('href')).toBe(`/game/${game.id}`);
    await expectFitsScreen(p.page, `the next version's editor (${language}, ${viewport.width})`);
    await expectNoSeriousA11yViolations(p.page);
    await saveScreenshot(p.page, `editor-next-version-${language}-${viewport.width}`);
    p.expectNoErrors();
    return new URL(p.page.url()).pathname.split('/').pop()!;
  } finally {
    await p.close();
  }
}

describe('the next version of an approved game', () => {
  it('the creator opens it from the approved game (he, 390): the same draft opens again (en, 360); approved, it is the game on sale', async () => {
    const draftId = await openNextVersionInBrowser('he', { width: 390, height: 844 });
    expect(await openNextVersionInBrowser('en', { width: 360, height: 800 })).toBe(draftId);

    // Renamed in the draft: the game on sale keeps its name until the draft is approved.
    const stored = await ownerGame(e2e.server, creator, draftId);
    const edited = editableCopy(stored);
    const newName = `${game.content.metadata.name} (2)`;
    await studioApi<{ data: EditorGame }>(e2e.server, creator, `/api/games/${draftId}`, { ...edited, metadata: { ...edited.metadata, name: newName }, version: stored.version });
    const onSale = async () => ((await (await fetch(`${e2e.server.url}/api/games/${game.id}`)).json()) as { metadata: { name: string } }).metadata.name;
    expect(await onSale()).toBe(game.content.metadata.name);

    // My games marks the draft as the next version.
    const list = await newPhonePage(e2e.browser, { baseURL: e2e.server.url, language: 'he' });
    try {
      await storeSession(list.context, creator);
      await openPage(list.page, '/my-games');
      const badge = list.page.getByTestId('next-version-badge');
      await badge.waitFor({ state: 'attached' });
      expect(await badge.count()).toBe(1);
      expect(await badge.textContent()).toBe(studioTexts.he.myGames.table.nextVersion);
      await expectFitsScreen(list.page, 'my games with a next version');
      await saveScreenshot(list.page, 'my-games-next-version-he-390');
      list.expectNoErrors();
    } finally {
      await list.close();
    }

    await studioApi<{ data: EditorGame }>(e2e.server, creator, `/api/games/status/${draftId}`, { status: 'PENDING', notifyAdmin: true });
    const admin = await loginViaApi(e2e.server, DEMO_ADMIN);
    const published = await approveViaApi(e2e.server, admin, draftId);
    expect(published._id).toBe(game.id);
    expect(await onSale()).toBe(newName);

    // The game's page shows the new version.
    const p = await newPhonePage(e2e.browser, { baseURL: e2e.server.url, language: 'he' });
    try {
      await openPage(p.page, `/game/${game.id}`);
      await p.page.getByTestId('intro-page').getByRole('heading', { level: 1, name: newName }).waitFor();
      p.expectNoErrors();
    } finally {
      await p.close();
    }
  });
});
