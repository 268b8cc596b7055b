import { describe, expect, it } from 'vitest';
import type { ControlRoom, EventSummary } from '@streethunt/shared';
import { openPage } from './support/app.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { newPhonePage } from './support/browser.ts';
import { englishGame, mapGame } from './support/demo-games.ts';
import { startE2e } from './support/fixture.ts';
import { expectFitsScreen } from './support/phone-layout.ts';
import { nextProgressReply, stubMapTiles, TILE_FAILURES } from './support/player.ts';
import { saveScreenshot } from './support/screenshots.ts';
import { DEMO_CREATOR, loginViaApi, studioApi } from './support/studio.ts';
import { texts } from './support/texts.ts';

// A live event's team disqualified by its organiser (through the API), then its code typed on a new
// phone: the phone says the team was disqualified, in the game's language, never 'wrong code' (it was
// told 'wrong code', a red X and nothing else).

const e2e = startE2e();

const runs = [
  { language: 'he' as const, width: 360, height: 800, game: mapGame },
  { language: 'en' as const, width: 390, height: 844, game: englishGame },
];

describe.each(runs)('a disqualified team’s code on a new phone ($language at $width px)', ({ language, width, height, game: pick }) => {
  it('says the organisers disqualified the team, not that the code is wrong', { timeout: 120_000 }, async () => {
    const game = await pick();
    const t = texts[language];
    const session = await loginViaApi(e2e.server, DEMO_CREATOR);
    const now = Date.now();
    const made = await studioApi<{ data: EventSummary }>(e2e.server, session, '/api/events', {
      gameId: game.id,
      name: `${language === 'he' ? 'פסילה' : 'Disqualified'} ${now % 100000}`,
      startsAt: new Date(now - 60_000).toISOString(),
      endsAt: new Date(now + 3_600_000).toISOString(),
      teamCount: 2,
    });
    const [team] = (await studioApi<{ data: ControlRoom }>(e2e.server, session, `/api/events/${made.data.id}`)).data.teams;
    await studioApi(e2e.server, session, `/api/events/${made.data.id}/teams/${team.id}/disqualify`, {});

    const phone = await newPhonePage(e2e.browser, { baseURL: e2e.server.url, language, viewport: { width, height } });
    try {
      await stubMapTiles(phone.context);
      const page = phone.page;
      await openPage(page, `/game/${game.id}`);
      await page.getByTestId('intro-page').getByRole('button', { name: t.player.intro.letsPlay, exact: true }).click();
      await page.getByTestId('code-input').fill(team.code);
      const refused = nextProgressReply(page, 'set-start-time');
      await page.getByTestId('code-entry').getByRole('button', { name: t.player.payment.sendCode, exact: true }).click();
      const reply = await refused;
      expect(reply.status()).toBe(403);
      expect(await reply.json()).toMatchObject({ code: 'team_disqualified' });
      await page.getByTestId('code-disqualified').getByText(t.player.payment.codeDisqualified).waitFor({ timeout: 10_000 });
      expect(await page.getByTestId('code-result').count()).toBe(0);
      expect(await page.getByText(t.player.payment.codeWrong, { exact: true }).count()).toBe(0);
      expect(await page.getByTestId('code-continue').count()).toBe(0);
      await saveScreenshot(page, `event-disqualified-code-${language}-${width}x${height}`);
      await expectFitsScreen(page, 'a disqualified team’s code');
      await expectNoSeriousA11yViolations(page);
      phone.expectNoErrors({ allowConsole: [TILE_FAILURES, /403/] });
    } finally {
      await phone.close();
    }
  });
});
