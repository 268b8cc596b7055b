import { describe, expect, it } from 'vitest';
import type { ControlRoom, EditableGame, EventSummary, Language as GameLanguage } from '@streethunt/shared';
import { openPage } from './support/app.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { newPhonePage, type PhonePage } from './support/browser.ts';
import { englishGame } from './support/demo-games.ts';
import { startE2e } from './support/fixture.ts';
import { expectFitsScreen } from './support/phone-layout.ts';
import { enterCode, questionView, stubMapTiles } from './support/player.ts';
import { saveScreenshot } from './support/screenshots.ts';
import { DEMO_ADMIN, DEMO_CREATOR, editableCopy, loginViaApi, noisePng, ownerGame, storeSession, studioApi } from './support/studio.ts';
import { fill, studioTexts, texts } from './support/texts.ts';

// Photo tasks in a live event: two team phones (Hebrew at 390 px, English at 360 px) take a photo on
// a photo question, one of them while offline (it is kept and arrives once the network returns); the
// organiser judges both in the control room, and each phone sees its verdict and comment. The
// game is the English demo game, rewritten by the admin (this file's server is its own), in each language.

const e2e = startE2e();

const words = {
  en: { photo: 'Take a photo of your team at the fountain.', after: 'Thanks for the photo!', team: ['Foxes', 'Owls'], good: 'Great shot!', bad: 'That is not the fountain' },
  he: { photo: 'צלמו את הקבוצה ליד המזרקה.', after: 'תודה על התמונה!', team: ['השועלים', 'הינשופים'], good: 'צילום נהדר!', bad: 'זו לא המזרקה' },
};

/** The admin saves the game with a photo question first (judged later), then a text question. */
async function rewriteWithPhoto(gameId: string, language: GameLanguage): Promise<void> {
  const admin = await loginViaApi(e2e.server, DEMO_ADMIN);
  const stored = await ownerGame(e2e.server, admin, gameId);
  const copy = editableCopy(stored);
  const w = words[language];
  const questions: EditableGame['questions'] = [
    { id: 'photo-fountain', content: `<p>${w.photo}</p>`, location: null, hints: [], answer: { kind: 'photo', judging: 'later', content: '', contentAfterAnswer: `<p>${w.after}</p>` } },
    { id: 'photo-after', content: '<p>Which boulevard are you on?</p>', location: null, hints: [], answer: { kind: 'text', value: 'Rothschild, רוטשילד', content: '', contentAfterAnswer: '' } },
  ];
  await studioApi(e2e.server, admin, `/api/games/${gameId}`, { ...copy, metadata: { ...copy.metadata, language, map: false }, questions, version: stored.version });
}

describe.each(['he', 'en'] as const)('photo tasks in a live event, the game in %s', (language) => {
  it('a photo taken offline arrives once back online; the organiser judges it in the control room and the phone sees the verdict', { timeout: 240_000 }, async () => {
    const game = await englishGame();
    await rewriteWithPhoto(game.id, language);
    const t = texts[language];
    const s = studioTexts[language];
    const w = words[language];
    const session = await loginViaApi(e2e.server, DEMO_CREATOR);
    const now = Date.now();
    const made = await studioApi<{ data: EventSummary }>(e2e.server, session, '/api/events', {
      gameId: game.id,
      name: `${language === 'he' ? 'מרוץ צילומים' : 'Photo race'} ${now % 100000}`,
      startsAt: new Date(now - 60_000).toISOString(),
      endsAt: new Date(now + 3_600_000).toISOString(),
      teamCount: 2,
    });
    const eventId = made.data.id;
    const codes = (await studioApi<{ data: ControlRoom }>(e2e.server, session, `/api/events/${eventId}`)).data.teams.map((team) => team.code);
    const opened: PhonePage[] = [];
    try {
      const room = await newPhonePage(e2e.browser, { baseURL: e2e.server.url, language, viewport: { width: 1280, height: 900 } });
      opened.push(room);
      await stubMapTiles(room.context);
      await storeSession(room.context, session);
      await openPage(room.page, `/events/${eventId}`);
      await room.page.locator('[data-testid="live-status"][data-state="live"]').waitFor();
      const panel = room.page.getByTestId('photos-panel');
      await panel.getByText(s.photos.empty).waitFor();

      // Two phones: Hebrew at 390x844 and English at 360x800; each names its team and reaches the photo question.
      const specs = [
        { locale: 'he' as const, width: 390, height: 844 },
        { locale: 'en' as const, width: 360, height: 800 },
      ];
      const phones: PhonePage[] = [];
      for (const [i, spec] of specs.entries()) {
        const phone = await newPhonePage(e2e.browser, { baseURL: e2e.server.url, language: spec.locale, viewport: { width: spec.width, height: spec.height } });
        opened.push(phone);
        await stubMapTiles(phone.context);
        await openPage(phone.page, `/game/${game.id}`);
        await enterCode(phone.page, t, codes[i]);
        const naming = phone.page.getByTestId('team-naming');
        await naming.waitFor({ timeout: 10_000 });
        await phone.page.getByTestId('team-name-input').fill(w.team[i]);
        await naming.getByRole('button', { name: t.player.event.name.save }).click();
        await naming.waitFor({ state: 'detached' });
        await questionView(phone.page, 0).waitFor();
        await phone.page.getByTestId('photo-take').waitFor({ timeout: 10_000 });
        await saveScreenshot(phone.page, `photo-step-${language}-${spec.locale}-${spec.width}x${spec.height}`);
        await expectFitsScreen(phone.page, 'photo step');
        phones.push(phone);
      }
      await expectNoSeriousA11yViolations(phones[0].page);
      const [first, second] = phones.map((phone) => phone.page);

      // The first phone is offline: the photo (a 2400 px picture, over the server's size cap as it is) is shrunk and kept on the phone.
      await phones[0].context.setOffline(true);
      const picture = { name: 'IMG_0001.png', mimeType: 'image/png', buffer: noisePng(2400, 1800) };
      expect(picture.buffer.byteLength).toBeGreaterThan(8 * 1024 * 1024);
      await first.getByTestId('photo-take-input').setInputFiles(picture);
      await first.getByTestId('photo-queued').getByText(t.player.photo.keptOffline).waitFor({ timeout: 15_000 });
      await first.getByTestId('photo-preview').waitFor();
      await saveScreenshot(first, `photo-kept-offline-${language}-he-390x844`);
      await expectFitsScreen(first, 'photo kept offline');
      expect(await panel.getByTestId('photo-card').count()).toBe(0);

      // The network returns: the photo arrives, the phone waits for the organiser, the room shows it.
      const uploaded = first.waitForResponse((response) => new URL(response.url()).pathname === '/api/play-photos' && response.request().method() === 'POST');
      await phones[0].context.setOffline(false);
      expect((await uploaded).status()).toBe(200);
      await first.getByTestId('photo-verdict').getByText(t.player.photo.waitingOrganiser).waitFor({ timeout: 15_000 });
      // The text after the answer is the event server's to give: sealed until the organiser accepts the photo.
      expect(await first.getByTestId('after-answer').getByText(w.after).count()).toBe(0);
      await room.page.locator('[data-testid="feed-item"][data-kind="photo"]').getByText(w.team[0]).waitFor({ timeout: 10_000 });
      const firstCard = panel.locator(`[data-testid="photo-card"][data-team="${w.team[0]}"]`);
      await firstCard.waitFor({ timeout: 10_000 });

      // The second phone sends its photo online.
      await second.getByTestId('photo-pick-input').setInputFiles({ name: 'bench.png', mimeType: 'image/png', buffer: noisePng(900, 700, 7) });
      await second.getByTestId('photo-verdict').getByText(t.player.photo.waitingOrganiser).waitFor({ timeout: 15_000 });
      const secondCard = panel.locator(`[data-testid="photo-card"][data-team="${w.team[1]}"]`);
      await secondCard.waitFor({ timeout: 10_000 });
      // The judge sees the photo itself, through its signed link.
      await expect.poll(() => firstCard.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 10_000 }).toBe(1600);

      // The organiser accepts the first with 70 points and a word, and rejects the second.
      await firstCard.getByTestId('photo-points').fill('70');
      await firstCard.getByTestId('photo-comment-input').fill(w.good);
      await firstCard.getByTestId('photo-accept').click();
      await room.page.locator(`[data-testid="photo-card"][data-team="${w.team[0]}"][data-status="accepted"]`).waitFor();
      await secondCard.getByTestId('photo-comment-input').fill(w.bad);
      await secondCard.getByTestId('photo-reject').click();
      await room.page.locator(`[data-testid="photo-card"][data-team="${w.team[1]}"][data-status="rejected"]`).waitFor();
      await room.page.locator('[data-testid="feed-item"][data-kind="photo-judged"]').first().waitFor();
      await saveScreenshot(room.page, `photo-control-room-${language}`, { fullPage: true });
      await expectNoSeriousA11yViolations(room.page);

      // Each phone hears its verdict at once (the play's socket), with the comment.
      await first.locator('[data-testid="photo-step"][data-status="accepted"]').waitFor({ timeout: 10_000 });
      await first.getByTestId('photo-verdict').getByText(fill(t.player.photo.points_other, { count: '70' })).waitFor();
      await first.getByTestId('photo-comment').getByText(w.good).waitFor();
      await first.getByTestId('after-answer').getByText(w.after).waitFor({ timeout: 10_000 });
      await saveScreenshot(first, `photo-accepted-${language}-he-390x844`);
      await expectFitsScreen(first, 'photo accepted');
      await second.locator('[data-testid="photo-step"][data-status="rejected"]').waitFor({ timeout: 10_000 });
      await second.getByTestId('photo-comment').getByText(w.bad).waitFor();
      await saveScreenshot(second, `photo-rejected-${language}-en-360x800`);
      await expectFitsScreen(second, 'photo rejected');
      await expectNoSeriousA11yViolations(second);

      // The score counts the accepted photo's points.
      const standings = await studioApi<{ data: ControlRoom }>(e2e.server, session, `/api/events/${eventId}`);
      expect(standings.data.teams.find((team) => team.name === w.team[0])?.score).toBeGreaterThanOrEqual(60);
      expect(standings.data.teams.find((team) => team.name === w.team[1])?.score).toBe(0);

      // All photos in one zip.
      const download = room.page.waitForEvent('download');
      await panel.getByTestId('photos-download').click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/photos\.zip$/);
      for (const page of opened) page.expectNoErrors({ allowConsole: [/tile\.openstreetmap\.org|net::ERR_/] });
    } finally {
      await Promise.allSettled(opened.map((page) => page.close()));
    }
  });
});
